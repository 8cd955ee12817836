/* cmd_check.c — `irlog check`: placeholder until the schema's constraints land (issue 4). */
#include "cli.h"

int cmd_check(int argc, char **argv) {
    (void)argc;
    (void)argv;
    cli_error("'irlog check' is not implemented yet");
    return EXIT_INTERNAL;
}
