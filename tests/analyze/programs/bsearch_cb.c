/* bsearch: a callback that gets the key and pointers into the array, and a result
 * that points into the array */
#include <stddef.h>
#include "markers.h"

/* declared here rather than by <stdlib.h>, whose inline definition for optimized
 * builds (glibc's bits/stdlib-bsearch.h) would replace the library call at -O2 */
void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *));

static int vals[3] = {1, 3, 5};
static int *sorted[3] = {&vals[0], &vals[1], &vals[2]};

NOINLINE int cmpk(const void *k, const void *e) {
  pts("cmpk.k", k);
  pts("cmpk.e", e);
  return **(int *const *)k - **(int *const *)e;
}

int main(int argc, char **argv) {
  int key = argc + 2;
  int *pk = &key;
  int **found = bsearch(&pk, sorted, 3, sizeof sorted[0], cmpk);
  pts("found", found);
  return found ? **found : 0;
}
