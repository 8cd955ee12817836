/* format_string: input as the format of printf is a finding, as an argument is not. */
#include <stdio.h>

int main(void) {
  char line[200];
  if (!fgets(line, sizeof line, stdin))
    return 1;
  printf("%s", line);     /* line 8: clean format */
  printf(line);           /* line 9: tainted format */
  fprintf(stderr, line);  /* line 10: tainted format */
  return 0;
}
