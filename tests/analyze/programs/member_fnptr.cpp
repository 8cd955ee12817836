// a pointer to member function, chosen at run time, called on an object
#include "markers.h"

struct A {
  int v;
  NOINLINE int f(int k) { return v + k; }
  NOINLINE int g(int k) { return v - k; }
  NOINLINE int h(int k) { return v * k; }
};

int main(int argc, char **argv) {
  A obj{argc};
  int (A::*m)(int) = argc > 1 ? &A::f : &A::g;
  int r = (obj.*m)(3);
  return r + obj.h(1);
}
