/* a union of pointers (one field: its members share the offset) and a pointer cast
 * to another type and back */
#include "markers.h"

union u {
  int *ip;
  float *fp;
  long l;
};

NOINLINE void show(union u *a) {
  pts("a->ip", a->ip);
  pts("a->fp", a->fp);
}

int main(void) {
  int x = 1;
  float y = 2;
  union u a;
  a.ip = &x;
  show(&a);
  union u b;
  b.fp = &y;
  show(&b);
  char *c = (char *)&x;
  int *back = (int *)c;
  pts("back", back);
  return *back;
}
