/* arrays of pointers: on the stack, in a global, on the heap (an array is one field
 * whatever the index) */
#include <stdlib.h>
#include "markers.h"

int *garr[4];

NOINLINE void show_stack(int **a, int i) {
  pts("a[0]", a[0]);
  pts("a[i]", a[i]);
  pts("&a[1]", &a[1]);
}

NOINLINE void show_global(int i) {
  pts("garr[i]", garr[i]);
  pts("garr[3]", garr[3]);
}

NOINLINE void show_heap(int **h, int i) {
  pts("h[i]", h[i]);
}

int main(int argc, char **argv) {
  int x, y, z;
  static int g1, g2;
  int *arr[3];
  arr[0] = &x;
  arr[1] = &y;
  arr[argc % 3] = &z;
  show_stack(arr, argc % 3);
  garr[0] = &g1;
  garr[argc & 3] = &g2;
  show_global(argc & 3);
  int **h = malloc(3 * sizeof *h);
  h[0] = &x;
  h[2] = &z;
  show_heap(h, argc % 3);
  free(h);
  return 0;
}
