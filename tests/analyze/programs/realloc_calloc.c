/* realloc gives a new object or its argument; calloc; posix_memalign writes a new
 * object through its first argument */
#include <stdlib.h>
#include "markers.h"

int main(void) {
  int **v = malloc(2 * sizeof *v);
  int **w = realloc(v, 4 * sizeof *v);
  pts("w", w);
  int *z = calloc(4, sizeof(int));
  pts("z", z);
  w[0] = z;
  pts("w[0]", w[0]);
  void *al = NULL;
  if (posix_memalign(&al, 64, 128) != 0)
    return 1;
  pts("al", al);
  free(al);
  free(z);
  free(w);
  return 0;
}
