/* cmd_schema.c — `irlog schema`: the relation table as Souffle declarations or Markdown. */
#include <string.h>

#include "cli.h"
#include "facts.h"

int cmd_schema(int argc, char **argv) {
    enum { DL, MD, LIST } mode = DL;
    bool input = true;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dl"))
            mode = DL;
        else if (!strcmp(argv[i], "--markdown"))
            mode = MD;
        else if (!strcmp(argv[i], "--list"))
            mode = LIST;
        else if (!strcmp(argv[i], "--no-input"))
            input = false;
        else {
            cli_error("schema: unknown option '%s'", argv[i]);
            return cli_usage("schema");
        }
    }
    StrBuf out = SB_INIT;
    if (mode == DL)
        facts_schema_dl(&out, input);
    else if (mode == MD)
        facts_schema_markdown(&out);
    else
        for (int r = 0; r < REL__COUNT; r++)
            sb_addf(&out, "%s\t%d\n", facts_rels[r].name, facts_rels[r].arity);
    if (out.oom) {
        cli_error("out of memory");
        sb_release(&out);
        return EXIT_INTERNAL;
    }
    fwrite(out.buf, 1, out.len, stdout);
    sb_release(&out);
    return fflush(stdout) == 0 ? EXIT_OK : EXIT_OUTPUT;
}
