/* scanf_size: a number read with scanf sizes an allocation; a constant does not. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 0;
  if (scanf("%d", &n) != 1)
    return 1;
  char *a = malloc((size_t)n * 2); /* line 9: tainted size */
  char *b = malloc(64);            /* line 10: clean */
  char *c = calloc(n, 4);          /* line 11: tainted count */
  printf("%p %p %p\n", (void *)a, (void *)b, (void *)c);
  return 0;
}
