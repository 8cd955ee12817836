/* cmd_schema.c — `irlog schema`: the relation table as Souffle declarations, Markdown, or
 * SQL DDL (SQLite or PostgreSQL; the same text the SQLite writer runs, src/facts/sql.c). */
#include <string.h>

#include "cli.h"
#include "facts.h"

int cmd_schema(int argc, char **argv) {
    enum { DL, MD, LIST, SQL } mode = DL;
    bool input = true;
    SqlDialect dialect = SQL_SQLITE;
    int parts = SQL_PART_ALL;
    bool sql_opt = false; /* --dialect or --part given */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dl"))
            mode = DL;
        else if (!strcmp(argv[i], "--markdown"))
            mode = MD;
        else if (!strcmp(argv[i], "--list"))
            mode = LIST;
        else if (!strcmp(argv[i], "--sql"))
            mode = SQL;
        else if (!strcmp(argv[i], "--no-input"))
            input = false;
        else if (!strcmp(argv[i], "--dialect") && i + 1 < argc) {
            sql_opt = true;
            const char *d = argv[++i];
            if (!strcmp(d, "sqlite"))
                dialect = SQL_SQLITE;
            else if (!strcmp(d, "postgres") || !strcmp(d, "postgresql"))
                dialect = SQL_POSTGRES;
            else {
                cli_error("schema: unknown SQL dialect '%s' (sqlite or postgres)", d);
                return cli_usage("schema");
            }
        } else if (!strcmp(argv[i], "--part") && i + 1 < argc) {
            sql_opt = true;
            const char *p = argv[++i];
            if (!strcmp(p, "all"))
                parts = SQL_PART_ALL;
            else if (!strcmp(p, "tables"))
                parts = SQL_PART_TABLES;
            else if (!strcmp(p, "indexes"))
                parts = SQL_PART_INDEXES;
            else {
                cli_error("schema: unknown --part '%s' (all, tables or indexes)", p);
                return cli_usage("schema");
            }
        } else {
            cli_error("schema: unknown option '%s'", argv[i]);
            return cli_usage("schema");
        }
    }
    if (sql_opt && mode != SQL) {
        cli_error("schema: --dialect and --part go with --sql");
        return cli_usage("schema");
    }
    StrBuf out = SB_INIT;
    if (mode == DL)
        facts_schema_dl(&out, input);
    else if (mode == MD)
        facts_schema_markdown(&out);
    else if (mode == SQL)
        facts_sql_schema(&out, dialect, parts);
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
