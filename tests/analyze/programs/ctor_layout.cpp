// new T: the constructor called on the fresh memory reveals T's layout (the GEPs over T are
// in the constructor, not around the allocation), so a member of a member keeps its own
// field: o->in.b holds &y only, where a heap object of unknown type would hold both
#include "markers.h"

struct Inner {
  int *a;
  int *b;
};

struct Outer {
  Inner in;
  int *c;
  Outer(int *x, int *y, int *z) : in{x, y}, c(z) {}
  virtual ~Outer() {}
};

// (main reaches the object only through these, so that only the constructor's GEPs and
// theirs can tell its type)
NOINLINE int *get_a(Outer *o) { return o->in.a; }
NOINLINE int *get_b(Outer *o) { return o->in.b; }
NOINLINE int *get_c(Outer *o) { return o->c; }

int main(int argc, char **argv) {
  int x, y, z;
  Outer *o = new Outer(&x, &y, &z);
  pts("o->in.a", get_a(o));
  pts("o->in.b", get_b(o));
  pts("o->c", get_c(o));
  delete o;
  return 0;
}
