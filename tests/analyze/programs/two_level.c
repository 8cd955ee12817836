/* two-level pointers: functions that write and read through int ** */
#include "markers.h"

NOINLINE void set(int **pp, int *v) { *pp = v; }
NOINLINE int *get(int **pp) { return *pp; }

int main(void) {
  int x = 1, y = 2;
  int *p = 0, *q = 0;
  set(&p, &x);
  set(&q, &y);
  pts("p", p);
  pts("q", q);
  pts("get", get(&p));
  int r = 0;
  int *lone = &r;
  int **plone = &lone;
  int ***pplone = &plone;
  pts("**pplone", **pplone);
  return *p + *q + ***pplone;
}
