/* cmd_run.c — `irlog run`: placeholder until the engine lands (issue 3). */
#include "cli.h"

int cmd_run(int argc, char **argv) {
    (void)argc;
    (void)argv;
    cli_error("'irlog run' is not implemented yet");
    return EXIT_INTERNAL;
}
