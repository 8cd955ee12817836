/* strtol's end pointer points into the string */
#include <stdlib.h>
#include "markers.h"

char num[] = "123abc";

int main(void) {
  char *end = 0;
  long v = strtol(num, &end, 10);
  pts("end", end);
  return (int)v + (end != num);
}
