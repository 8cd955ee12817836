// a C++ virtual call: the receiver is one of two heap objects of two classes; each
// virtual method has its own number of parameters
#include "markers.h"

struct Shape {
  virtual int area() const = 0;
  virtual int scaled(int k) const = 0;
};

struct Circle : Shape {
  int r;
  explicit Circle(int r) : r(r) {}
  int area() const override { return 3 * r * r; }
  int scaled(int k) const override { return k * area(); }
};

struct Square : Shape {
  int s;
  explicit Square(int s) : s(s) {}
  int area() const override { return s * s; }
  int scaled(int k) const override { return k * k * area(); }
};

NOINLINE int total(const Shape *s) {
  int a = s->area();
  return a + s->scaled(2);
}

int main(int argc, char **argv) {
  Shape *c = new Circle(2);
  Shape *q = new Square(3);
  Shape *s = argc > 1 ? c : q;
  pts("s", s);
  return total(s);
}
