/* a call in a function that nothing calls is not made: its arguments reach no callee
   (direct calls are made only in the contexts their function runs in) */
#include "markers.h"

int g1, g2;

NOINLINE int *id(int *p) { return p; }

/* external, but not an entry point: nothing calls it */
void never(void) { id(&g2); }

int main(void) {
  pts("id", id(&g1));
  pts("&g2", &g2);
  return 0;
}
