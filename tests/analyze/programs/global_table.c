/* global initializers that hold function tables: an array of function pointers and
 * an array of structs {name, function} */
#include "markers.h"

NOINLINE int add(int a, int b) { return a + b; }
NOINLINE int sub(int a, int b) { return a - b; }
NOINLINE int mul(int a, int b) { return a * b; }

static int (*const ops[])(int, int) = {add, sub, mul};

struct cmd {
  const char *name;
  int (*fn)(int, int);
};

static const struct cmd cmds[] = {{"plus", add}, {"minus", sub}};

int main(int argc, char **argv) {
  int r = ops[argc % 3](argc, 2);
  const struct cmd *c = &cmds[argc & 1];
  pts("c", c);
  pts("c->name", c->name);
  r += c->fn(r, 1);
  pts("ops[i]", ops[argc % 3]);
  return r;
}
