/* a heap array of structs with a function pointer field: the elements are one, the
 * fields stay apart */
#include <stdlib.h>
#include "markers.h"

struct handler {
  int id;
  void (*fn)(int *);
  int *arg;
};

static int hits;

NOINLINE void fa(int *p) { *p += 1; }
NOINLINE void fb(int *p) { *p += 2; }

int main(int argc, char **argv) {
  int s1 = 0, s2 = 0;
  struct handler *hs = calloc(3, sizeof *hs);
  hs[0].fn = fa;
  hs[0].arg = &s1;
  hs[1].fn = fb;
  hs[1].arg = &s2;
  hs[2].fn = fa;
  hs[2].arg = &hits;
  struct handler *h = &hs[argc % 3];
  pts("h", h);
  pts("h->arg", h->arg);
  h->fn(h->arg);
  int r = s1 + s2 + hits;
  free(hs);
  return r;
}
