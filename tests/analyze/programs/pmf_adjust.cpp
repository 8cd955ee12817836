// a call through a pointer to member function adds the pointer's this-adjustment to
// the object with a byte GEP of a variable index; where every such pointer the program
// makes has adjustment 0 (no multiple inheritance among them), that is the object
// itself, whose fields stay apart (a table of tools, as ninja's, each a NinjaMain method)
#include "markers.h"

struct Main {
  int *a;
  int *b;
  NOINLINE int *first() { return a; }
  NOINLINE int *second() { return b; }
};

struct Tool {
  const char *name;
  int *(Main::*fn)();
};

static const Tool tools[] = {{"first", &Main::first}, {"second", &Main::second}};

NOINLINE int *run(Main &m, const Tool &t) { return (m.*t.fn)(); }

int main(int argc, char **) {
  int x = 1, y = 2;
  Main m;
  m.a = &x;
  m.b = &y;
  int *r = run(m, tools[argc & 1]);
  pts("r", r);
  pts("m.a", m.a);
  pts("m.b", m.b);
  return *r;
}
