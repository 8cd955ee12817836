/* sprintf_cmd: commands built with snprintf and asprintf from input, and one from a
 * number. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  char a[128], b[128];
  char *c = NULL;
  const char *dir = getenv("DIR");
  snprintf(a, sizeof a, "ls %s", dir ? dir : ".");
  snprintf(b, sizeof b, "ls -%d", 1);
  if (asprintf(&c, "du %s", dir ? dir : ".") < 0)
    return 1;
  system(a); /* line 15: tainted */
  system(b); /* line 16: clean */
  system(c); /* line 17: tainted (asprintf's string) */
  free(c);
  return 0;
}
