/* exec_argv: an argument vector holding a line read from input, and one of constants. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
  char line[100];
  if (!fgets(line, sizeof line, stdin))
    return 1;
  char *user[] = {"sh", "-c", line, NULL};
  char *fixed[] = {"ls", "-l", NULL};
  if (line[0] == 'x')
    execv("/bin/sh", user);  /* line 12: tainted element */
  execv("/bin/ls", fixed);   /* line 13: clean */
  return 1;
}
