/* heap: two heap buffers, one filled by fgets, one with a constant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *in = malloc(128);
  char *out = malloc(128);
  if (!in || !out)
    return 1;
  if (!fgets(in, 128, stdin))
    return 1;
  strcpy(out, "echo hello");
  system(in);  /* line 14: tainted */
  system(out); /* line 15: clean */
  free(in);
  free(out);
  return 0;
}
