// C++ exceptions: the object thrown reaches the handler
#include "markers.h"

int g1, g2;

struct Err {
  int *where;
};

NOINLINE void throw1() { throw Err{&g1}; }
NOINLINE void throw2() { throw Err{&g2}; }

NOINLINE void thrower(int k) {
  if (k > 1)
    throw1();
  throw2();
}

int main(int argc, char **argv) {
  try {
    thrower(argc);
  } catch (Err &e) {
    pts("e", &e);
    pts("e.where", e.where);
    return *e.where;
  }
  return 0;
}
