/* functions called by the library: an atexit handler and a signal handler */
#include <signal.h>
#include <stdlib.h>
#include "markers.h"

static volatile int counter;

NOINLINE void at_end(void) { counter++; }
NOINLINE void on_signal(int sig) { counter += sig; }
NOINLINE void never(void) { counter--; }

int main(void) {
  atexit(at_end);
  signal(SIGUSR1, on_signal);
  raise(SIGUSR1);
  return 0;
}
