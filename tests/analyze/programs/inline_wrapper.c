/* a static allocation wrapper with two call sites: at -O2 it is inlined into both,
 * at -O0 it is cloned per call site; either way two heap objects named by the
 * allocating line and the call site's line */
#include <stdlib.h>
#include "markers.h"

static int *new_int(int v) {
  int *p = malloc(sizeof *p);
  if (p)
    *p = v;
  return p;
}

int main(int argc, char **argv) {
  int *a = new_int(argc);
  int *b = new_int(2);
  pts("a", a);
  pts("b", b);
  int r = *a + *b;
  free(a);
  free(b);
  return r;
}
