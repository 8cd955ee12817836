/* heap objects through an allocation wrapper: one object per call site of the
 * wrapper; a direct malloc; a function that allocates into an out-parameter (not a
 * wrapper: one object). */
#include <stdlib.h>
#include "markers.h"

NOINLINE void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p) abort();
  return p;
}

NOINLINE void alloc_into(int **out) {
  *out = malloc(sizeof **out);
}

int main(void) {
  int *a = xmalloc(sizeof *a);
  int *b = xmalloc(sizeof *b);
  int *c = malloc(sizeof *c);
  int *d, *e;
  alloc_into(&d);
  alloc_into(&e);
  pts("a", a);
  pts("b", b);
  pts("c", c);
  pts("d", d);
  pts("e", e);
  free(a);
  free(b);
  free(c);
  free(d);
  free(e);
  return 0;
}
