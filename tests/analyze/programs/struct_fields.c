/* a struct with two pointer fields that must stay apart: on the stack, on the heap
 * and in a global; each read in a function of its own */
#include <stdlib.h>
#include "markers.h"

struct two {
  int *a;
  int *b;
};

struct two gt;

NOINLINE void show_s(struct two *t) {
  pts("s.a", t->a);
  pts("s.b", t->b);
  pts("&s.b", &t->b);
}

NOINLINE void show_h(struct two *t) {
  pts("h.a", t->a);
  pts("h.b", t->b);
}

NOINLINE void show_g(void) {
  pts("g.a", gt.a);
  pts("g.b", gt.b);
}

int main(void) {
  int x, y, u, v;
  static int m, n;
  struct two s;
  s.a = &x;
  s.b = &y;
  show_s(&s);
  struct two *h = malloc(sizeof *h);
  h->a = &u;
  h->b = &v;
  show_h(h);
  gt.a = &m;
  gt.b = &n;
  show_g();
  free(h);
  return 0;
}
