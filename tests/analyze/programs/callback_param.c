/* a function that calls the function it is given, with the argument it is given */
#include "markers.h"

NOINLINE void inc(int *v) {
  pts("inc.v", v);
  (*v)++;
}
NOINLINE void dec(int *v) { (*v)--; }

NOINLINE void apply(void (*fn)(int *), int *arg) {
  fn(arg);
}

int main(void) {
  int a = 0, b = 0;
  apply(inc, &a);
  apply(dec, &b);
  return a + b;
}
