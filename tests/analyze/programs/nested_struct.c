/* a global struct with an array of structs inside: a field of an element is the
 * same field whatever the element */
#include "markers.h"

struct inner {
  int *p;
  int *q;
};

struct outer {
  int tag;
  struct inner in[2];
  int *last;
} g;

NOINLINE void show(struct outer *o, int i) {
  pts("in[i].p", o->in[i].p);
  pts("in[i].q", o->in[i].q);
  pts("last", o->last);
  pts("&in[i].q", &o->in[i].q);
}

int main(int argc, char **argv) {
  static int x, y, z;
  g.in[0].p = &x;
  g.in[argc & 1].q = &y;
  g.last = &z;
  show(&g, argc & 1);
  pts("&g.in[1].q", &g.in[1].q);
  return 0;
}
