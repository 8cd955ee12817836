/* effective types at an unknown offset: a struct read at an object's unknown offset must
   fit somewhere in the object's type (pointsto.dl, type_hosts) */
#include "markers.h"

struct pair { int *a; int *b; };
/* not a pair, nor a struct that starts like one */
struct other { long tag; int *x; int *y; int *z; };

NOINLINE char *shift(char *p, long n) { return p + n; }

int main(int argc, char **argv) {
  (void)argv;
  int x = 1, y = 2;
  struct pair pr = { &x, &y };
  char *c = shift((char *)&pr, argc - 1); /* somewhere in pr */
  struct pair *pp = (struct pair *)c;
  pts("pp->b", pp->b);
  if (argc > 5) {
    struct other *o = (struct other *)c;
    pts("o->z", o->z);
  }
  return 0;
}
