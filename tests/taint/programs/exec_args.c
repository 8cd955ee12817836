/* exec_args: execl with an argument from the command line; execv with constants. */
#include <unistd.h>

int main(int argc, char **argv) {
  char *const fixed[] = {"ls", "-l", 0};
  if (argc > 1)
    execl("/bin/sh", "sh", "-c", argv[1], (char *)0); /* line 7: tainted */
  execv("/bin/ls", fixed);                             /* line 8: clean */
  return 1;
}
