/* vla: a variable-length array sized by the command line, and one sized by a count the
 * program computes itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fill(char *p, int n) {
  memset(p, 'x', (size_t)n);
  return p[n - 1];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  int m = argc * 4;
  if (n < 1 || n > 4096)
    return 1;
  char user[n];   /* line 17: tainted size */
  char own[m];    /* line 18: clean size */
  return fill(user, n) + fill(own, m);
}
