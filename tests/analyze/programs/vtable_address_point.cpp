// a virtual call reads the slot at its displacement from an address point of a table:
// here the receiver's vtable pointer is loaded from an array that also holds a pointer
// one slot past Shape's address point (an array is one field: both are in its set), and
// the call of area() still calls only the method in area()'s slot, not name()
#include "markers.h"

struct Shape {
  virtual int *area(int *a) { return a; }
  virtual int *name(int *a) { return a; }
  virtual ~Shape() {}
};

struct Square : Shape {
  int *area(int *a) override { return a; }
  int *name(int *a) override { return a; }
};

void *table[2];

NOINLINE int *call_area(Shape *s, int *x) { return s->area(x); }

int main(int argc, char **argv) {
  int x;
  Shape *s = new Square();
  void **vptr = *(void ***)s;
  table[0] = vptr;
  table[1] = vptr + 1;
  // the first word of table is Square's vtable pointer: table is a Shape to the call
  int *r = call_area(argc > 5 ? (Shape *)&table[0] : s, &x);
  pts("r", r);
  delete s;
  return argv == 0;
}
