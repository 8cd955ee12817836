/* A byte pointer moved by a variable amount inside a struct's char buffer stays in the
 * buffer (pointer arithmetic cannot leave the array it points into): the struct's
 * pointer fields keep their own targets. Moved by a variable amount from the start of
 * a struct, it may reach any field: that struct is collapsed, one field holding what
 * any of them holds (docs/analyze.md, "Collapsed objects"). */
#include "markers.h"

struct Rec {
  int *p;
  char name[16];
  int *q;
};

NOINLINE void put(char *s, int i, char c) {
  char *t = s + i;
  pts("t", t);
  *t = c;
}

int main(int argc, char **argv) {
  int x = 1, y = 2, z = 3;
  struct Rec a, b;
  a.p = &x;
  a.q = &y;
  put(a.name, argc, 'a');
  pts("a.p", a.p);
  pts("a.q", a.q);
  b.p = &x;
  b.q = &y;
  *(int **)((char *)&b + 8 * (argc & 1)) = &z;
  pts("b.p", b.p);
  pts("b.q", b.q);
  pts("&b.q", &b.q);
  (void)argv;
  return *a.p + *a.q + *b.p + *b.q;
}
