/* param_source: a request handler's parameter declared a source in param_source.dl, and
 * a sink of the program's own declared there too (run_query). */
#include <stdio.h>
#include <string.h>

static char last_query[256];

__attribute__((noinline)) void run_query(const char *q) { strncpy(last_query, q, 255); }

__attribute__((noinline)) int handle(const char *request, int id) {
  char q[300];
  snprintf(q, sizeof q, "SELECT * FROM t WHERE name = '%s'", request);
  run_query(q);                              /* line 13: tainted */
  run_query("SELECT count(*) FROM t");       /* line 14: clean */
  return id;
}

int main(void) { return handle("x", 1) + puts(last_query); }
