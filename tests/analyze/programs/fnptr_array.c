/* function pointers in a local array, returned by a function, and in a global
 * function pointer variable */
#include "markers.h"

typedef int (*op_t)(int, int);

NOINLINE int add(int a, int b) { return a + b; }
NOINLINE int sub(int a, int b) { return a - b; }
NOINLINE int mul(int a, int b) { return a * b; }
NOINLINE int divi(int a, int b) { return b ? a / b : 0; }
NOINLINE int unused(int a, int b) { return a % (b | 1); }

op_t hook;

NOINLINE op_t pick(int k) { return k ? add : sub; }

int main(int argc, char **argv) {
  op_t local[2] = {mul, divi};
  int r = local[argc & 1](3, 4);
  op_t f = pick(argc > 1);
  pts("f", f);
  r += f(5, 6);
  hook = argc > 2 ? mul : add;
  r += hook(1, 2);
  return r;
}
