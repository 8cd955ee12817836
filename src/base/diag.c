/* diag.c — diagnostics sink. */
#include "diag.h"

#include <stdarg.h>
#include <string.h>

#include "strbuf.h"

void diags_init(Diags *d) {
    memset(d, 0, sizeof *d);
}

void diags_release(Diags *d) {
    arena_release(&d->arena);
    vec_release(&d->v);
    d->nerrors = d->nwarnings = 0;
}

void diags_truncate(Diags *d, size_t n) {
    while (d->v.len > n) {
        DiagSeverity sev = d->v.v[--d->v.len].severity;
        if (sev == DIAG_ERROR)
            d->nerrors--;
        else if (sev == DIAG_WARNING)
            d->nwarnings--;
    }
}

const char *diag_severity_str(DiagSeverity s) {
    switch (s) {
    case DIAG_NOTE: return "note";
    case DIAG_WARNING: return "warning";
    case DIAG_ERROR: return "error";
    }
    return "error";
}

void diags_addv(Diags *d, DiagSeverity sev, SrcLoc loc, const char *fmt, va_list ap) {
    StrBuf sb = SB_INIT;
    sb_vaddf(&sb, fmt, ap);
    Diag g;
    g.severity = sev;
    g.loc = loc;
    g.loc.file = loc.file ? arena_strdup(&d->arena, loc.file) : NULL;
    g.msg = arena_strdup(&d->arena, sb.oom ? "out of memory while reporting" : sb.buf);
    sb_release(&sb);
    if (!g.msg)
        g.msg = "out of memory while reporting";
    if (sev == DIAG_ERROR)
        d->nerrors++;
    else if (sev == DIAG_WARNING)
        d->nwarnings++;
    (void)vec_push(&d->v, g);
}

void diags_add(Diags *d, DiagSeverity sev, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diags_addv(d, sev, loc, fmt, ap);
    va_end(ap);
}

const char *diags_program;

void diags_print(const Diags *d, FILE *out) {
    for (size_t i = 0; i < d->v.len; i++) {
        const Diag *g = &d->v.v[i];
        if (!g->loc.file && diags_program)
            fprintf(out, "%s: ", diags_program);
        if (g->loc.file) {
            fputs(g->loc.file, out);
            if (g->loc.line) {
                fprintf(out, ":%u", g->loc.line);
                if (g->loc.col)
                    fprintf(out, ":%u", g->loc.col);
            }
            fputs(": ", out);
        }
        fprintf(out, "%s: %s\n", diag_severity_str(g->severity), g->msg);
    }
}
