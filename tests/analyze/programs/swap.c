/* swap through pointers: after the swap each pointer may hold either address */
#include "markers.h"

NOINLINE void swap(int **a, int **b) {
  int *t = *a;
  *a = *b;
  *b = t;
}

int main(void) {
  int x = 1, y = 2, z = 3;
  int *p = &x, *q = &y, *r = &z;
  swap(&p, &q);
  pts("p", p);
  pts("q", q);
  pts("r", r);
  return *p + *q + *r;
}
