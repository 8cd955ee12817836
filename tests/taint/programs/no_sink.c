/* no_sink: a source, but no sink. */
#include <stdlib.h>
#include <string.h>

int main(void) {
  const char *e = getenv("X");
  return e ? (int)strlen(e) : 0;
}
