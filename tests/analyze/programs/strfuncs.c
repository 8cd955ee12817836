/* library functions that return their argument (strcpy, strcat) or a pointer into
 * it (strchr, strstr), and strdup */
#include <stdlib.h>
#include <string.h>
#include "markers.h"

char buf[32];

int main(int argc, char **argv) {
  char local[16];
  char *d = strcpy(buf, argc > 5 ? "hello" : "world");
  pts("strcpy", d);
  char *c = strchr(buf, 'l');
  pts("strchr", c);
  strcpy(local, "x");
  char *e = strcat(local, "y");
  pts("strcat", e);
  char *dup = strdup(buf);
  pts("strdup", dup);
  char *s = strstr(dup, "l");
  pts("strstr", s);
  int r = (c != 0) + (s != 0) + e[0];
  free(dup);
  return r;
}
