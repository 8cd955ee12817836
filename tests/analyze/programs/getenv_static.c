/* memory of the library's own (getenv, strerror), and a pointer handed to an
 * external function the analysis knows nothing about */
#include <stdlib.h>
#include <string.h>
#include "markers.h"

char *mystery(char *s);

int main(void) {
  char *h = getenv("HOME");
  pts("home", h);
  char *e = strerror(2);
  pts("err", e);
  static char mine[8];
  char *m = mystery(mine);
  pts("mystery", m);
  return h != 0 && e != 0 && m != 0;
}
