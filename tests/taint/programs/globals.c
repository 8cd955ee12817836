/* globals: input read into one global buffer, a constant copied into another. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

char inbuf[256];
char fixed[256];

static void load(void) {
  if (read(0, inbuf, sizeof inbuf - 1) < 0)
    inbuf[0] = 0;
  strcpy(fixed, "date");
}

int main(void) {
  load();
  FILE *a = popen(inbuf, "r"); /* line 17: tainted */
  FILE *b = popen(fixed, "r"); /* line 18: clean */
  if (a)
    pclose(a);
  if (b)
    pclose(b);
  return 0;
}
