/* a variadic function that returns one of its pointer arguments */
#include <stdarg.h>
#include "markers.h"

NOINLINE void *nth(int n, ...) {
  va_list ap;
  va_start(ap, n);
  void *p = 0;
  for (int i = 0; i <= n; i++)
    p = va_arg(ap, void *);
  va_end(ap);
  return p;
}

NOINLINE int count(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

int main(void) {
  int x = 1, y = 2, z = 3;
  void *a = nth(0, &x);
  void *b = nth(1, &y, &z);
  pts("a", a);
  pts("b", b);
  return count(2, x, y) + *(int *)a + *(int *)b;
}
