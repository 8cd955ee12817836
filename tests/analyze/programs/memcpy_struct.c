/* memcpy of a struct that holds pointers: into a heap object and back into a local
 * struct; and a struct assignment */
#include <stdlib.h>
#include <string.h>
#include "markers.h"

struct S {
  int *p;
  int *q;
};

NOINLINE void copy_to(struct S *dst, const struct S *src) { memcpy(dst, src, sizeof *dst); }

NOINLINE void show(struct S *s) {
  pts("b.p", s->p);
  pts("b.q", s->q);
}

NOINLINE void assign(struct S *dst, struct S *src) { *dst = *src; }

int main(void) {
  int x, y;
  struct S a = {&x, &y};
  struct S *h = malloc(sizeof *h);
  copy_to(h, &a);
  pts("h->p", h->p);
  pts("h->q", h->q);
  struct S b;
  memcpy(&b, h, sizeof b);
  show(&b);
  struct S *h2 = malloc(sizeof *h2);
  assign(h2, h);
  pts("h2->q", h2->q);
  free(h);
  free(h2);
  return 0;
}
