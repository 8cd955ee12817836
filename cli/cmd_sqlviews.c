/* cmd_sqlviews.c — `irlog sql-views PROGRAM.dl`: the rules of a Datalog program as SQL
 * views (src/dl/dl_sql.c; docs/sql.md), and the views of the shipped programs
 * (datalog/ir.dl, datalog/constraints.dl) that `irlog facts --format sqlite` puts into
 * its databases. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dl.h"
#include "facts.h"

bool cli_constraints_program(StrBuf *sb) {
    const EmbeddedFile *ir = cli_embedded("ir.dl"), *cons = cli_embedded("constraints.dl");
    if (!ir || !cons)
        return false;
    facts_schema_dl(sb, true);
    cli_add_program_text(sb, ir->text, ir->len);
    cli_add_program_text(sb, cons->text, cons->len);
    return !sb->oom;
}

int cli_shipped_views(StrBuf *out) {
    StrBuf text = SB_INIT;
    if (!cli_constraints_program(&text)) {
        sb_release(&text);
        return EXIT_INTERNAL;
    }
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    int rc = EXIT_OK;
    Status st = dl_program_load_string(&p, "constraints.dl", text.buf, text.len, NULL, &d);
    if (st == OK) {
        sb_adds(out, "-- The derived relations of datalog/ir.dl and datalog/constraints.dl as "
                     "views (irlog sql-views)\n");
        st = dl_sql_views(p, DL_SQL_SQLITE, 0, out, &d, NULL, NULL);
    }
    if (st != OK) {
        diags_print(&d, stderr);
        rc = st == E_NOMEM ? EXIT_INTERNAL : EXIT_INPUT;
    }
    diags_release(&d);
    dl_program_free(p);
    sb_release(&text);
    return rc;
}

int cmd_sqlviews(int argc, char **argv) {
    const char *prog = NULL, *outpath = NULL;
    DlSqlDialect dia = DL_SQL_SQLITE;
    unsigned flags = 0;
    bool warnings = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--dialect") || !strncmp(a, "--dialect=", 10)) {
            const char *v = a[9] == '=' ? a + 10 : (i + 1 < argc ? argv[++i] : NULL);
            if (v && !strcmp(v, "sqlite"))
                dia = DL_SQL_SQLITE;
            else if (v && (!strcmp(v, "postgres") || !strcmp(v, "postgresql")))
                dia = DL_SQL_POSTGRES;
            else {
                cli_error("sql-views: --dialect takes sqlite or postgres");
                return cli_usage("sql-views");
            }
        } else if (!strcmp(a, "-o")) {
            if (i + 1 >= argc) {
                cli_error("sql-views: -o needs a file name");
                return cli_usage("sql-views");
            }
            outpath = argv[++i];
        } else if (!strcmp(a, "--tables")) {
            flags |= DL_SQL_INPUT_TABLES;
        } else if (!strcmp(a, "-w")) {
            warnings = false;
        } else if (a[0] == '-' && a[1]) {
            cli_error("sql-views: unknown option '%s'", a);
            return cli_usage("sql-views");
        } else if (!prog) {
            prog = a;
        } else {
            cli_error("sql-views: more than one program given ('%s' and '%s')", prog, a);
            return cli_usage("sql-views");
        }
    }
    if (!prog) {
        cli_error("sql-views: no program given");
        return cli_usage("sql-views");
    }
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    StrBuf out = SB_INIT;
    int rc = EXIT_OK;
    size_t nv = 0, ns = 0;
    Status st = dl_program_load(&p, prog, NULL, &d);
    if (st == OK) {
        sb_addf(&out, "-- irlog sql-views (%s dialect)\n",
                dia == DL_SQL_POSTGRES ? "postgres" : "sqlite");
        st = dl_sql_views(p, dia, flags, &out, &d, &nv, &ns);
        sb_addf(&out, "-- %zu view%s, %zu relation%s not translated\n", nv, nv == 1 ? "" : "s",
                ns, ns == 1 ? "" : "s");
        if (st == OK && out.oom)
            st = E_NOMEM;
        if (st != OK)
            rc = EXIT_INTERNAL;
    } else {
        rc = st == E_NOMEM || st == E_INTERNAL ? EXIT_INTERNAL : EXIT_INPUT;
    }
    if (rc == EXIT_OK) {
        if (!outpath || !strcmp(outpath, "-")) {
            if (fwrite(out.buf, 1, out.len, stdout) != out.len || fflush(stdout) != 0) {
                cli_error("sql-views: cannot write to stdout: %s", strerror(errno));
                rc = EXIT_OUTPUT;
            }
        } else {
            int err = cli_write_file(outpath, out.buf, out.len);
            if (err) {
                cli_error("sql-views: cannot write '%s': %s", outpath, strerror(err));
                rc = EXIT_OUTPUT;
            }
        }
    }
    if (!warnings) {
        Diags e;
        diags_init(&e);
        for (size_t i = 0; i < d.v.len; i++)
            if (d.v.v[i].severity != DIAG_WARNING)
                diags_add(&e, d.v.v[i].severity, d.v.v[i].loc, "%s", d.v.v[i].msg);
        diags_print(&e, stderr);
        diags_release(&e);
    } else {
        diags_print(&d, stderr);
    }
    if (st == E_NOMEM)
        cli_error("out of memory");
    diags_release(&d);
    dl_program_free(p);
    sb_release(&out);
    return rc;
}
