/*
 * cli.h — the irlog command line. Each command is `int cmd_X(int argc, char **argv)`
 * where argv[0] is the command name; it returns the process exit status.
 *
 * Exit codes (documented in README.md and docs/cli.md):
 *   0  success (irlog check: no violation)
 *   1  irlog check: violations found
 *   2  usage error (bad flags, missing arguments)
 *   3  input error: a file is missing or unreadable, or is not valid LLVM IR / Datalog
 *   4  output error: the output could not be written
 *   5  resource limit (memory) or internal error
 */
#ifndef IRLOG_CLI_H
#define IRLOG_CLI_H

#include <stdio.h>

#include "diag.h"

enum {
    EXIT_OK = 0,
    EXIT_VIOLATIONS = 1,
    EXIT_USAGE = 2,
    EXIT_INPUT = 3,
    EXIT_OUTPUT = 4,
    EXIT_INTERNAL = 5
};

#define CMD(name, fn, usage, summary, doc) int fn(int argc, char **argv);
#include "commands.def"
#undef CMD

/* Writes the facts of the linked inputs into outdir (TSV), in a child process as
 * `irlog facts` does; diagnostics go to stderr. Returns an exit code (EXIT_OK, ...). */
int facts_generate(const char *const *inputs, size_t n, const char *outdir);

/* Gives the facts of the linked inputs to a loaded program, in memory (no files): a child
 * process walks the modules and streams the rows of the relations the program reads
 * (see facts_mem.c); they are parsed at the next dl_run. Diagnostics go to stderr.
 * stats (may be NULL) receives the walker's phase times and counts. Returns an exit code
 * (EXIT_OK, EXIT_INPUT for bad IR, ...). */
struct DlProgram;
struct IrStats;
int facts_into_program(const char *const *inputs, size_t n, struct DlProgram *prog, bool verify,
                       struct IrStats *stats);

/* The shipped Datalog programs, embedded at build time (datalog_embed.c). */
typedef struct EmbeddedFile {
    const char *name; /* "ir.dl" */
    const char *text;
    size_t len;
} EmbeddedFile;
extern const EmbeddedFile embedded_datalog[];
extern const size_t embedded_datalog_count;
/* The embedded file of that name ("ir.dl"), or NULL (main.c). */
const EmbeddedFile *cli_embedded(const char *name);
struct StrBuf;
/* Appends the text of a Datalog file without its `#include "F"` lines of the shipped
 * files F (a blank line for each, so that the line numbers stay), ending in a newline
 * (main.c): the programs irlog builds put the shipped files together themselves. */
void cli_add_program_text(struct StrBuf *sb, const char *text, size_t len);
/* Appends the program of `irlog check` and of the shipped views (cmd_sqlviews.c): the
 * schema (facts_schema_dl with its .input lines), then the embedded datalog/ir.dl and
 * datalog/constraints.dl without their #include lines. Returns false when they are not
 * embedded (a broken build) or memory ran out. */
bool cli_constraints_program(struct StrBuf *sb);
/* Appends the SQLite views translated from the embedded datalog/ir.dl and
 * datalog/constraints.dl (cmd_sqlviews.c), which `facts --format sqlite` adds to its
 * databases. Returns an exit code (diagnostics on stderr). */
int cli_shipped_views(struct StrBuf *out);

/* The progress line (progress.c): shown when stderr is a terminal and not quiet. */
struct DlProgress;
void progress_init(bool quiet);
bool progress_on(void);
/* Rewrites the line (at most ten times a second unless force). */
void progress_show(bool force, const char *fmt, ...) IRLOG_PRINTF(2, 3);
/* Erases the line. */
void progress_done(void);
/* A DlRunOptions.progress callback that shows the stratum, iteration and tuple counts. */
void progress_dl(void *arg, const struct DlProgress *pr);
/* Catches SIGINT and SIGTERM until interrupt_end, which restores the old handlers and
 * returns the signal caught (0: none); the flag goes to DlRunOptions.interrupt. */
const volatile int *interrupt_begin(void);
int interrupt_end(void);
/* Parses the value of --max-time: seconds, a positive decimal number (fractions allowed),
 * at most a year. */
bool cli_parse_seconds(const char *s, double *out);

/* Prints `irlog: error: ...` on stderr. */
void cli_error(const char *fmt, ...) IRLOG_PRINTF(1, 2);
/* Writes s as a JSON string literal (quotes, escapes). */
void cli_json_str(FILE *out, const char *s);
/* Prints the usage line of one command on stderr and returns EXIT_USAGE. */
int cli_usage(const char *cmd);

#endif
