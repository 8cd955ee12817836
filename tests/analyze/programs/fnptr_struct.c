/* function pointers stored in structs: a local struct and a heap struct passed to the
 * same runner (one context: the runner's calls see both structs, but each field only
 * what was stored in that field) */
#include <stdlib.h>
#include "markers.h"

struct ops {
  int (*f)(int);
  int (*g)(int);
};

NOINLINE int inc(int v) { return v + 1; }
NOINLINE int dec(int v) { return v - 1; }
NOINLINE int dbl(int v) { return v * 2; }
NOINLINE int neg(int v) { return -v; }

NOINLINE int run(struct ops *o, int v) {
  int r = o->f(v);
  r += o->g(v);
  return r;
}

int main(int argc, char **argv) {
  struct ops o = {inc, dec};
  struct ops *h = malloc(sizeof *h);
  h->f = dbl;
  h->g = neg;
  int r = run(&o, argc) + run(h, argc);
  free(h);
  return r;
}
