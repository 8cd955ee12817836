/* no_source: sinks, but no source of untrusted data. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  system("ls");
  printf("done\n");
  return 0;
}
