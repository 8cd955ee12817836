/* fnptr: calls through function pointers in a struct; the tainted string goes to one
 * handler only. */
#include <stdio.h>
#include <stdlib.h>

static void run_it(const char *s) { system(s); /* line 6: tainted */ }
static void show_it(const char *s) { printf(s); /* line 7: clean */ }

struct ops {
  void (*run)(const char *);
  void (*show)(const char *);
};
struct ops table = {run_it, show_it};

int main(void) {
  struct ops *o = &table;
  const char *in = getenv("IN");
  o->run(in ? in : "");
  o->show("hello\n");
  return 0;
}
