/*
 * diag.h — diagnostics sink. Modules report user errors here, never on stderr; the CLI
 * prints them as `file:line:col: severity: message` and chooses the exit code.
 * Checkers keep going and report every error; a phase stops at its boundary when
 * diags_has_errors().
 */
#ifndef IRLOG_DIAG_H
#define IRLOG_DIAG_H

#include <stdarg.h>
#include <stdio.h>

#include "arena.h"
#include "vec.h"

typedef enum DiagSeverity { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR } DiagSeverity;

typedef struct SrcLoc {
    const char *file; /* NULL when unknown; owned by the Diags arena */
    uint32_t line;    /* 1-based; 0 when unknown */
    uint32_t col;     /* 1-based; 0 when unknown */
} SrcLoc;

typedef struct Diag {
    DiagSeverity severity;
    SrcLoc loc;
    const char *msg; /* owned by the Diags arena */
} Diag;

typedef struct Diags {
    Arena arena;
    Vec(Diag) v;
    size_t nerrors;
    size_t nwarnings;
} Diags;

void diags_init(Diags *d);
void diags_release(Diags *d);
void diags_add(Diags *d, DiagSeverity sev, SrcLoc loc, const char *fmt, ...) IRLOG_PRINTF(4, 5);
void diags_addv(Diags *d, DiagSeverity sev, SrcLoc loc, const char *fmt, va_list ap);
/* Drops the diagnostics after the first n (their text stays in the arena). */
void diags_truncate(Diags *d, size_t n);
static inline bool diags_has_errors(const Diags *d) {
    return d->nerrors != 0;
}
/* Name printed before diagnostics that have no file ("irlog: error: ..."); NULL for
 * none. The CLI sets it once at start-up. */
extern const char *diags_program;

/* Writes every diagnostic in order, one per line (the CLI's job). */
void diags_print(const Diags *d, FILE *out);
/* Formats one diagnostic as `file:line:col: severity: msg` into buf. */
const char *diag_severity_str(DiagSeverity s);

#endif
