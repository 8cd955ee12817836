/* constant globals that hold no pointer (string literals, a table of numbers) are one
 * object, <constants>; a constant table that holds pointers stays an object of its own
 * (docs/analyze.md, "Objects"); global_table.c checks the same kind of program with
 * IRLOG_MODEL_CONSTS, each constant an object */
#include "markers.h"

NOINLINE int inc(int a) { return a + 1; }
NOINLINE int dec(int a) { return a - 1; }

static const int table[4] = {1, 2, 3, 4};

struct cmd {
  const char *name;
  int (*fn)(int);
};

static const struct cmd cmds[] = {{"inc", inc}, {"dec", dec}};

const char *pick(int k) { return k > 1 ? "one" : "two"; }

int main(int argc, char **argv) {
  const char *s = pick(argc);
  pts("s", s);
  const int *t = &table[argc & 3];
  pts("t", t);
  const struct cmd *c = &cmds[argc & 1];
  pts("c", c);
  pts("c->name", c->name);
  int r = c->fn(*t);
  return r + s[0];
}
