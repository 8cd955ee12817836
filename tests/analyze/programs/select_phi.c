/* pointers merged by select (?:), by if/else, by a switch in a callee and by a loop */
#include "markers.h"

NOINLINE int *choose(int k, int *a, int *b, int *c) {
  int *r;
  switch (k) {
  case 0:
    r = a;
    break;
  case 1:
    r = b;
    break;
  default:
    r = c;
  }
  return r;
}

int main(int argc, char **argv) {
  int x = 0, y = 0, z = 0, w = 0;
  int *s = argc > 1 ? &x : &y;
  int *p;
  if (argc > 2)
    p = &z;
  else
    p = &w;
  pts("s", s);
  pts("p", p);
  pts("choose", choose(argc, &x, &z, s));
  int *cur = &w;
  for (int i = 0; i < argc; i++)
    if (i & 1)
      cur = &z;
  pts("cur", cur);
  return *s + *p + *cur;
}
