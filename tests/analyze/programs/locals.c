/* locals: the addresses of local variables, a choice between two, a pointer to a
 * pointer, and main's argv (given by the caller outside: unknown). */
#include "markers.h"

int main(int argc, char **argv) {
  int x = 1, y = 2;
  int *p = &x;
  int *q = argc > 1 ? &x : &y;
  int **pp = &p;
  pts("p", p);
  pts("q", q);
  pts("pp", pp);
  pts("*pp", *pp);
  pts("argv", argv);
  pts("argv0", argv[0]);
  return x + y;
}
