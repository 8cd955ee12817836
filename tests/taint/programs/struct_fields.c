/* struct_fields: one field of a struct holds input, the other a constant string. */
#include <stdlib.h>
#include <string.h>

struct job {
  char cmd[32];
  char safe[32];
};

int main(void) {
  struct job j;
  const char *e = getenv("JOB");
  strncpy(j.cmd, e ? e : "", sizeof j.cmd - 1);
  strcpy(j.safe, "true");
  system(j.cmd);  /* line 15: tainted */
  system(j.safe); /* line 16: clean */
  return 0;
}
