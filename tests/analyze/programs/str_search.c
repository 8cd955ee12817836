/* the result of memchr and strtol's end pointer point into the char array they search,
 * a member of a struct: not to the struct's unknown offset (which every load of the
 * struct reads, and which made the struct one field) */
#include <stdlib.h>
#include <string.h>
#include "markers.h"

struct reader {
  int *owner;
  char buf[64];
  char *line;
};

int main(int argc, char **argv) {
  int x = 1;
  struct reader r;
  r.owner = &x;
  strncpy(r.buf, argc > 1 ? argv[1] : "12\n34", sizeof r.buf - 1);
  r.buf[sizeof r.buf - 1] = 0;
  r.line = memchr(r.buf, '\n', strlen(r.buf));
  char *end;
  long v = strtol(r.buf, &end, 10);
  pts("r.line", r.line);
  pts("end", end);
  pts("r.owner", r.owner);
  return (int)v + (r.line != 0) + *r.owner;
}
