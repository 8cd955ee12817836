/* locals: a tainted string in a local pointer reaches system; a constant does not. */
#include <stdlib.h>

int main(void) {
  const char *cmd = getenv("CMD");
  const char *safe = "ls";
  if (cmd)
    system(cmd); /* line 8: tainted */
  system(safe);  /* line 9: clean */
  return 0;
}
