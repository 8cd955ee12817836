/* strlen_size: the length of input sizes a copy; a constant size does not. */
#include <stdlib.h>
#include <string.h>

int main(void) {
  const char *e = getenv("E");
  if (!e)
    return 1;
  size_t n = strlen(e);
  char *d = malloc(n + 1);      /* line 10: tainted size */
  char *f = malloc(32);         /* line 11: clean */
  if (!d || !f)
    return 1;
  memcpy(d, e, n + 1);          /* line 14: tainted size */
  memcpy(f, "constant", 9);     /* line 15: clean */
  int r = d[0] + f[0];
  free(d);
  free(f);
  return r;
}
