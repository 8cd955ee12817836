/* strcpy_cat: strcpy and strcat from input are findings, and taint their destination. */
#include <stdlib.h>
#include <string.h>

int main(void) {
  char cmd[256], other[256];
  const char *home = getenv("HOME");
  if (!home)
    return 1;
  strcpy(cmd, "ls ");
  strcat(cmd, home);      /* line 11: tainted source */
  strcpy(other, "pwd");   /* line 12: clean source */
  system(cmd);            /* line 13: tainted */
  system(other);          /* line 14: clean */
  return 0;
}
