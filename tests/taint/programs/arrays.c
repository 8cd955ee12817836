/* arrays: sizes from the command line in one array, constants in another. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int user[4], fixed[4];
  for (int i = 0; i < 4; i++) {
    user[i] = i + 1 < argc ? atoi(argv[i + 1]) : 0;
    fixed[i] = 16 * (i + 1);
  }
  char *a = malloc(user[argc & 3]);  /* line 12: tainted size */
  char *b = malloc(fixed[argc & 3]); /* line 13: clean size */
  printf("%p %p\n", (void *)a, (void *)b);
  return 0;
}
