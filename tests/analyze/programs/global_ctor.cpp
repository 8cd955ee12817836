// global constructors run without being called: a global object whose constructor
// stores a pointer, and one that sets a global hook
#include "markers.h"

int a, b;
int *hook;

struct Reg {
  int *p;
  explicit Reg(int *q) : p(q) {}
};

struct Init {
  Init() { hook = &b; }
};

Reg r1(&a);
Init init;

int main() {
  pts("r1.p", r1.p);
  pts("hook", hook);
  return 0;
}
