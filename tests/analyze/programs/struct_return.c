/* structs of pointers returned by value (in registers: an aggregate value, each of
 * whose parts holds its own) and passed by value */
#include "markers.h"

struct pair {
  int *first;
  int *second;
};

NOINLINE struct pair mk(int *a, int *b) {
  struct pair p = {a, b};
  return p;
}

NOINLINE int *second_of(struct pair p) { return p.second; }

int main(void) {
  int x = 1, y = 2;
  struct pair p = mk(&x, &y);
  pts("p.first", p.first);
  pts("second_of", second_of(p));
  return *p.first + *p.second;
}
