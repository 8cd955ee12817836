/* callbacks inside a struct handed to library functions the analysis does not model:
 * an external registration function and sigaction; what escapes is called back */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include "markers.h"

struct hooks {
  void (*on_start)(void *);
  void (*on_stop)(void *);
  void *ctx;
};

void lib_register(struct hooks *h);

NOINLINE void start(void *c) { pts("start.c", c); }
NOINLINE void stop(void *c) { (void)c; }
NOINLINE void unused(void *c) { (void)c; }
NOINLINE void on_usr1(int sig, siginfo_t *info, void *uc) {
  (void)sig;
  (void)uc;
  pts("info", info);
}

int main(void) {
  static int ctx;
  struct hooks h = {start, stop, &ctx};
  lib_register(&h);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_usr1;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGUSR1, &sa, NULL);
  raise(SIGUSR1);
  return 0;
}
