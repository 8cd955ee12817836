/* copies inside one buffer of a constant size and no type (memmove, a compressor's
 * match copy): what is copied lands at the destination's offset, soundly; a copy from a
 * place inside the buffer to another place inside it at several distances goes to its
 * unknown offset instead of making a field per byte it could reach (which grew by a few
 * bytes per iteration up to the buffer's size) */
#include <stdlib.h>
#include <string.h>
#include "markers.h"

int main(int argc, char **argv) {
  int x, y;
  char *buf = calloc(1, 1 << 20);
  int *p = &x;
  memcpy(buf, &p, sizeof p);
  memmove(buf + 8, buf, 8);
  int *q;
  memcpy(&q, buf + 8, sizeof q);
  pts("q", q);
  for (int i = 0; i < argc; i++)
    memmove(buf + 16 + i, buf + 8, 64);
  for (int i = 0; i < argc; i++)
    memmove(buf + 12, buf + 4, (size_t)argc * 16);
  int *r;
  memcpy(&r, buf + 16, sizeof r);
  pts("r", r);
  int *s = &y;
  memcpy(buf + 4096, &s, sizeof s);
  int *t;
  memcpy(&t, buf + 4096, sizeof t);
  pts("t", t);
  free(buf);
  return 0;
}
