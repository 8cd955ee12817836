/* sanitizer: clamp_size, declared a sanitizer in sanitizer.dl, returns a clean size
 * whatever it is given; the same size unsanitized is a finding. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static size_t clamp_size(size_t n) {
  if (n > 4096)
    return 4096;
  return n;
}

int main(void) {
  const char *e = getenv("SIZE");
  size_t n = e ? strtoul(e, NULL, 10) : 16;
  size_t c = clamp_size(n);
  char *a = malloc(c); /* line 16: sanitized */
  char *b = malloc(n); /* line 17: tainted */
  printf("%p %p\n", (void *)a, (void *)b);
  return 0;
}
