/* sprintf_cmd: a command built with snprintf from input, and one from a number. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  char a[128], b[128];
  const char *dir = getenv("DIR");
  snprintf(a, sizeof a, "ls %s", dir ? dir : ".");
  snprintf(b, sizeof b, "ls -%d", 1);
  system(a); /* line 10: tainted */
  system(b); /* line 11: clean */
  return 0;
}
