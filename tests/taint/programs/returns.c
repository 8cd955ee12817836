/* returns: input returned through two levels of calls; a constant through another. */
#include <stdlib.h>

static const char *inner(void) { return getenv("CMD"); }
static const char *outer(void) { return inner(); }
static const char *constant(void) { return "uptime"; }

int main(void) {
  const char *a = outer();
  const char *b = constant();
  if (a)
    system(a); /* line 12: tainted */
  system(b);   /* line 13: clean */
  return 0;
}
