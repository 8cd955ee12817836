/* qsort with a comparator: the library calls it with pointers into the array */
#include <stdlib.h>
#include "markers.h"

static int *items[3];

NOINLINE int cmp(const void *a, const void *b) {
  pts("cmp.a", a);
  pts("cmp.b", b);
  const int *x = *(int *const *)a;
  const int *y = *(int *const *)b;
  pts("*a", x);
  return *x - *y;
}

int main(int argc, char **argv) {
  int u = 3, v = 1, w = argc;
  items[0] = &u;
  items[1] = &v;
  items[2] = &w;
  qsort(items, 3, sizeof items[0], cmp);
  pts("items[i]", items[argc % 3]);
  return *items[0];
}
