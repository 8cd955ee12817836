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
#include "dl.h"
#include "ir.h"
#include "vec.h"

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

/* ---- a Datalog analysis of the linked inputs: what `irlog analyze` and `irlog taint`
 * share (analysis.c). Each step prints its error message and returns its exit code. ---- */

/* What sets one command apart (a static constant of the command). */
typedef struct AnalysisCmd {
    const char *name;              /* "analyze": the prefix of the messages, the usage shown */
    const char *help;              /* printed on stdout by -h, --help */
    const char *user_opt;          /* "models": the long option of the user's Datalog file */
    const char *user_kind;         /* "model": that file in the messages */
    const char *main_name;         /* "pointsto.dl": the program's name without a user file */
    const char *entry_found;       /* the command's relation of the --entry names defined */
    const char *const *own_parts;  /* NULL-terminated: the names of the command's own parts
                                      (extras of analysis_build_program), whose warnings
                                      are not shown */
    bool (*keep)(void *arg, const char *relation); /* DlRunOptions.keep of the run */
    bool slice_outputs; /* DlRunOptions.slice_outputs of the run (the results are read
                           after they are written) */
} AnalysisCmd;

typedef enum AnalysisEntry {
    ANALYSIS_ENTRY_MAIN,
    ANALYSIS_ENTRY_ALL,
    ANALYSIS_ENTRY_CUSTOM
} AnalysisEntry;

#define ANALYSIS_RUNS_SHOWN 64

typedef struct Analysis {
    const AnalysisCmd *cmd;
    const char **inputs;     /* owned array, borrowed strings (argv) */
    size_t ninputs;
    const char *outdir;      /* -o */
    const char *user_file;   /* --models, --config, or NULL */
    AnalysisEntry entry;     /* --entry */
    Vec(char *) entries;     /* --entry FUNC,... (owned) */
    bool quiet;              /* -q */
    unsigned jobs;           /* -j */
    double max_time;         /* --max-time SECONDS, or 0 */
    const char *const *seed_defs; /* macros of a first, cheaper analysis whose collapsed
                                     objects this one starts from (NULL: none) */
    unsigned seed_runs;      /* the runs of that first analysis */
    double t_run0;           /* when the first analysis_run began (the --max-time budget) */
    const char *coll_file;   /* --collapsed FILE, or NULL */
    bool model_consts;       /* --model-consts (IRLOG_MODEL_CONSTS) */
    char *coll_text;         /* its text (owned; read by analysis_build_program) */
    size_t coll_len;
    DlProgram *prog;         /* owned; after analysis_load */
    Diags diags;             /* of the last step */
    DlRunOptions run;        /* of analysis_run; the command sets output_dir to write */
    IrStats ir;              /* the walker's times and counts */
    double t0;               /* analysis_start */
    double t_walk, t_eval;   /* from t0 to the first progress report, and from there ... */
    double t_end;            /* ... to the end of the evaluation */
    double eval_start;       /* the first progress report */
    bool eval_started;
    /* the objects to collapse (pointsto.dl's collapsed, collapse_need; analysis_run): the
       runs made, the objects collapsed, the iteration and tuples of the last progress
       report, and those when the current run first derived collapse_need (0: not yet) */
    size_t coll_rel, need_rel;
    bool collapse;
    unsigned runs;
    size_t ncollapsed;
    uint32_t iteration, first_need;
    size_t tuples, first_tuples;
    /* the objects the current run found to collapse, frozen (analysis.c, collapse_filter):
       a byte per symbol id (FROZEN_OBJECT: such an object, FROZEN_FIELD: one of its
       fields), the objects frozen, pointsto.dl's field, a mask of each relation's symbol
       columns, and whether runs are narrowed so at all */
    uint8_t *frozen;
    size_t frozen_cap, nfrozen, field_rel;
    uint64_t *symcols;
    bool freeze;
    /* each run of the last analysis_run (the first ANALYSIS_RUNS_SHOWN): its seconds, and
       the objects it found to collapse (0 for the last) */
    double run_seconds[ANALYSIS_RUNS_SHOWN];
    size_t run_found[ANALYSIS_RUNS_SHOWN];
} Analysis;

/* Seconds of CLOCK_MONOTONIC. */
double analysis_now(void);
/* The runs of the last analysis_run: text ": 0.3 s (4 found), 2.5 s" (the objects each run
 * found to collapse), or JSON members ', "run_seconds": [...], "run_found": [...]'. */
void analysis_print_runs(const Analysis *a, FILE *f, bool json);
/* Matches `SHORT VALUE`, `SHORTVALUE` (short may be NULL), `--LONG VALUE`, `--LONG=VALUE`.
 * Advances *i past the value; sets *val, or *missing when the value is absent. */
bool analysis_opt_value(int argc, char **argv, int *i, const char *s, const char *l,
                        const char **val, bool *missing);
/* Clears a and allocates its inputs (argc of them). EXIT_OK, or EXIT_INTERNAL (out of
 * memory, message printed); analysis_release in both cases. */
int analysis_init(Analysis *a, const AnalysisCmd *cmd, int argc);
void analysis_release(Analysis *a);
/* The command's own options, tried before the common ones: ANALYSIS_OPT_NONE when argv[*i]
 * is none of them, ANALYSIS_OPT_DONE when it was one (analysis_opt_value's *val and
 * *missing set), or an exit code (its message printed). */
enum { ANALYSIS_OPT_NONE = -2, ANALYSIS_OPT_DONE = -1 };
typedef int (*AnalysisOption)(void *arg, int argc, char **argv, int *i, const char **val,
                              bool *missing);
/* Parses the command line (own may be NULL) and checks that there are inputs. Returns -1 to
 * go on, or the exit code (help printed, usage error). */
int analysis_parse_args(Analysis *a, int argc, char **argv, AnalysisOption own, void *arg);
/* Checks that -o was given: -1, or the usage error's exit code. */
int analysis_need_outdir(const Analysis *a);
/* Starts the clock (t0) and checks that the output directory, if it exists, is writable. */
int analysis_start(Analysis *a);
/* Appends the program: the schema, the embedded files parts (the first nstrip without their
 * .output lines), the command's own rules extras (name, text, ..., NULL: each text after a
 * #line of its name), the entry_name facts of --entry and the user's file. */
int analysis_build_program(Analysis *a, struct StrBuf *sb, const char *const *parts,
                           size_t nparts, size_t nstrip, const char *const *extras);
/* Loads the program text into a->prog with the command's macros defs (at most
 * ANALYSIS_MAX_DEFS, NULL-terminated) and the one of --entry, streams the facts of the
 * inputs into it and evaluates it (progress line, SIGINT/SIGTERM, --max-time; the outputs
 * are not written), sets the times and checks the entry points. */
#define ANALYSIS_MAX_DEFS 4
int analysis_execute(Analysis *a, const struct StrBuf *text, const char *const *defs);
/* Prints a->diags, except the warnings about the shipped program and the command's parts
 * (relations that one configuration leaves empty, such as entry_name with --entry all). */
void analysis_print_diags(const Analysis *a);

/* Prints `irlog: error: ...` on stderr. */
void cli_error(const char *fmt, ...) IRLOG_PRINTF(1, 2);
/* Writes len bytes to path under a temporary name beside it, renamed over path when all
 * were written (nothing is left on failure); a path that is a device or a FIFO
 * (path_is_special) is written in place. 0, or the errno of the failure. */
int cli_write_file(const char *path, const char *buf, size_t len);
/* Writes s as a JSON string literal (quotes, escapes). */
void cli_json_str(FILE *out, const char *s);
/* Prints the usage line of one command on stderr and returns EXIT_USAGE. */
int cli_usage(const char *cmd);

#endif
