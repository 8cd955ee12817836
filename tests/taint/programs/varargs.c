/* varargs: tainted strings through variadic functions: va_arg in the program, and
 * vsnprintf into a buffer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void run_first(int n, ...) {
  va_list ap;
  va_start(ap, n);
  const char *s = va_arg(ap, const char *);
  va_end(ap);
  system(s); /* line 12: tainted */
}

static void build(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, n, fmt, ap);
  va_end(ap);
}

int main(void) {
  const char *e = getenv("E");
  char cmd[128], fixed[128];
  run_first(1, e ? e : "");
  build(cmd, sizeof cmd, "echo %s", e ? e : "");
  snprintf(fixed, sizeof fixed, "echo %d", 3);
  system(cmd);   /* line 28: tainted */
  system(fixed); /* line 29: clean */
  return 0;
}
