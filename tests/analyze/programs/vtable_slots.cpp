// a virtual call calls the method in its own slot of the virtual table: Widget has four
// virtual methods with the same parameters, and each call goes to one of them (the
// table's slots are fields of their own, not one array element)
#include "markers.h"

struct Widget {
  virtual int *first(int *a, int *b) { return a; }
  virtual int *second(int *a, int *b) { return b; }
  virtual int *third(int *a, int *b) { return a; }
  virtual int *fourth(int *a, int *b) { return b; }
  virtual ~Widget() {}
};

struct Button : Widget {
  int *second(int *a, int *b) override { return a; }
};

NOINLINE int *use(Widget *w, int *x, int *y) {
  int *p = w->first(x, y);
  int *q = w->second(x, y);
  pts("first", p);
  pts("second", q);
  return w->fourth(x, y);
}

int main(int argc, char **argv) {
  int x, y;
  Widget *w = argc > 1 ? new Widget() : new Button();
  int *r = use(w, &x, &y);
  pts("fourth", r);
  delete w;
  return 0;
}
