// a virtual call calls only the methods the vtables of the receiver's static class and of
// the classes derived from it hold (docs/analyze.md, "Virtual calls"): here the objects
// of two unrelated hierarchies meet in one untyped list, so flow-insensitively a Mid
// pointer may point to an Other as well; Mid inherits g from Base, Leaf overrides it; the
// class comes from a local's type, a function's return type and a member's type
#include "markers.h"

struct Base {
  virtual int f() { return 1; }
  virtual int g() { return 2; }
  virtual ~Base() {}
};
struct Mid : Base {
  int f() override { return 3; }
};
struct Leaf : Mid {
  int g() override { return 4; }
};
struct Other {
  virtual int h0() { return 5; }
  virtual int h1() { return 6; }
  virtual ~Other() {}
};

static void *slots[3];

struct Holder {
  int tag;
  Mid *mid;
};

NOINLINE Mid *pick(int k) { return (Mid *)slots[k]; }

NOINLINE int use(int k) {
  Mid *m = pick(k);
  pts("m", m);
  int a = m->g();
  int b = pick(k)->f();
  Holder h = {k, pick(k)};
  Holder *hp = &h;
  int c = hp->mid->g();
  return a + b + c;
}

int main(int argc, char **argv) {
  slots[0] = new Mid();
  slots[1] = new Leaf();
  slots[2] = new Other();
  Other *o = (Other *)slots[2];
  int r = use(argc > 1) + use(0);
  r += o->h1();
  return r == 0;
}
