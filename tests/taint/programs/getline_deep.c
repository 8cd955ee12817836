/* getline_deep: getline allocates the line it reads and returns it through *lineptr. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  char *line = NULL;
  size_t cap = 0;
  if (getline(&line, &cap, stdin) > 0)
    system(line); /* line 9: tainted */
  free(line);
  return 0;
}
