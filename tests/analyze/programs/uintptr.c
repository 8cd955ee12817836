/* pointers passed through integers (uintptr_t): the pointer comes back, and with it
 * <unknown> (inttoptr may make any address) */
#include <stdint.h>
#include "markers.h"

volatile uintptr_t stash, stash2;

NOINLINE uintptr_t to_int(int *p) { return (uintptr_t)p; }
NOINLINE int *from_int(uintptr_t u) { return (int *)u; }

struct two {
  int *a;
  int *b;
};

int main(void) {
  int x, y;
  struct two s = {&x, &y};
  stash = (uintptr_t)&x;
  int *p = (int *)stash;
  pts("p", p);
  int *q = from_int(to_int(&y));
  pts("q", q);
  stash2 = (uintptr_t)&s;
  int **pb = (int **)(stash2 + sizeof(int *));
  pts("pb", pb);
  pts("*pb", *pb);
  return *p + *q + **pb;
}
