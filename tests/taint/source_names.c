/* source_names.c — for irlog analyze --source-names (tests/taint/test_source_names.sh) */
#include <stdlib.h>

int counter;
int *gp = &counter;

static int twice(int v) { return 2 * v; }
static int (*op)(int) = twice;

int main(int argc, char **argv) {
  int local = argc;
  int *p = &local;
  int *h = malloc(sizeof *h);
  if (!h)
    return 1;
  *h = op(*p);
  int r = *h + *gp;
  free(h);
  return r + (argv != 0);
}
