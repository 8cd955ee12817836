/* memcpy_struct: a struct copied whole (memcpy) keeps its tainted field apart from its
 * clean one; a copy's size from the input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair {
  char *user;
  char *fixed;
};

int main(void) {
  struct pair p, q;
  p.user = getenv("USER_CMD");
  p.fixed = "id";
  memcpy(&q, &p, sizeof q);
  system(q.user);  /* line 17: tainted */
  system(q.fixed); /* line 18: clean */
  const char *n = getenv("N");
  static char dst[64], dst2[64], src[64] = "x";
  memcpy(dst, src, n ? (size_t)atoi(n) : 1); /* line 21: tainted size */
  memcpy(dst2, src, sizeof dst);             /* line 22: clean size */
  puts(dst);
  puts(dst2);
  return 0;
}
