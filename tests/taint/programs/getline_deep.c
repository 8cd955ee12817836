/* getline_deep: getline allocates the line it reads and returns it through *lineptr; a
 * line from a buffer of the program's own does not come from the input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *line = NULL, *own = strdup("uptime");
  size_t cap = 0;
  if (getline(&line, &cap, stdin) > 0)
    system(line); /* line 11: tainted */
  system(own);    /* line 12: clean */
  free(line);
  free(own);
  return 0;
}
