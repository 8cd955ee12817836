/* globals: pointers in global initializers, a global written by a function, a static
 * local, a global array and a global struct with two pointer fields. */
#include "markers.h"

int a, b;
int *ga = &a;
int *gb;
int **gpp = &ga;
static int *tab[2] = {&a, &b};
struct pair { int *first; int *second; } gpair = {&a, &b};

NOINLINE void set_gb(int *v) { gb = v; }

int main(int argc, char **argv) {
  static int local_static;
  set_gb(argc > 1 ? &b : &local_static);
  pts("ga", ga);
  pts("gb", gb);
  pts("gpp", gpp);
  pts("*gpp", *gpp);
  pts("tab", tab[argc & 1]);
  pts("first", gpair.first);
  pts("second", gpair.second);
  pts("&second", &gpair.second);
  return 0;
}
