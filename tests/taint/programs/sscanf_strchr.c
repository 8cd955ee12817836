/* sscanf_strchr: numbers parsed out of an input line with sscanf, a pointer into the line
 * from strchr, a buffer grown with realloc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char line[128];
  int n = 0, fixed = 8;
  if (!fgets(line, sizeof line, stdin))
    return 1;
  if (sscanf(line, "%d", &n) != 1)
    return 1;
  char *a = malloc((size_t)n);      /* line 14: tainted size */
  char *b = malloc((size_t)fixed);  /* line 15: clean size */
  char *cmd = strchr(line, ':');
  if (cmd)
    system(cmd + 1);                /* line 18: tainted */
  char *grown = realloc(b, 64);
  if (grown)
    memcpy(grown, line, sizeof line);
  if (grown)
    popen(grown, "r");              /* line 23: tainted (realloc'd copy of the line) */
  printf("%p %p\n", (void *)a, (void *)grown);
  return 0;
}
