/*
 * dl.h — the embedded Datalog engine: public API.
 *
 * Owns: loading a program written in irlog's subset of Souffle's language (from a file or
 * a string), checking it, evaluating it over fact files (stratified, semi-naive, over
 * B+tree relations in column orders) and giving the resulting relations back, in-process or as
 * files. See docs/datalog.md for the language.
 *
 * Lifecycle:
 *     DlProgram *p;
 *     if (dl_program_load(&p, "prog.dl", NULL, &diags) == OK) {   // lex, parse, check, plan
 *         DlRunOptions o; dl_run_options_init(&o);
 *         o.fact_dir = "facts"; o.output_dir = "out";
 *         if (dl_run(p, &o, &diags) == OK) { ... dl_relation_* / dl_iter_* ... }
 *     }
 *     dl_program_free(p);                                         // NULL is fine
 *
 * Errors: every function returning Status reports user errors (syntax, types, bad facts,
 * unreadable files) into the Diags sink with file:line:col, and returns E_SYNTAX,
 * E_SEMANTIC, E_IO, E_LIMIT (memory guard) or E_NOMEM. Nothing here prints, exits or
 * aborts. A DlProgram is not thread-safe; dl_run uses its own worker threads.
 */
#ifndef IRLOG_DL_H
#define IRLOG_DL_H

#include <stdio.h>

#include "base.h"
#include "diag.h"
#include "strbuf.h"

typedef struct DlProgram DlProgram;

/* A value in a tuple: number (int64), unsigned (uint64), float (IEEE double bits) or a
 * symbol (an interned id, see dl_value_symbol). */
typedef uint64_t DlValue;

/* The primitive kind of a column. */
typedef enum DlKind { DL_KIND_NUMBER, DL_KIND_UNSIGNED, DL_KIND_FLOAT, DL_KIND_SYMBOL } DlKind;

/* ---- loading -------------------------------------------------------------------- */

/* Loads, checks and plans the program in `path`. cpp_defines: NULL or a NULL-terminated
 * list of "NAME" / "NAME=VALUE" macro definitions for the C preprocessor (which runs when
 * the text has a `#` directive or defines are given). OUT *out: the program, also on
 * failure when the text could be read (so warnings stay attached); always call
 * dl_program_free. Returns E_SYNTAX/E_SEMANTIC when the program has errors (all of them
 * are in `d`), E_IO when the file cannot be read. */
Status dl_program_load(DlProgram **out, const char *path, const char *const *cpp_defines,
                       Diags *d);

/* Same, from text in memory; `name` is the file name used in diagnostics and for
 * resolving #include (relative to the current directory when it has no directory). */
Status dl_program_load_string(DlProgram **out, const char *name, const char *text, size_t len,
                              const char *const *cpp_defines, Diags *d);

void dl_program_free(DlProgram *p);

/* ---- running -------------------------------------------------------------------- */

struct DlProgress;

typedef struct DlRunOptions {
    const char *fact_dir;   /* directory of .input files; NULL means "." */
    const char *output_dir; /* directory for .output files; NULL means "."; "-" = stdout */
    unsigned jobs;          /* worker threads; 0 or 1 = sequential */
    size_t max_memory;      /* bytes held by relations before E_LIMIT; 0 = default
                               (3/4 of physical memory); SIZE_MAX = no limit */
    bool read_inputs;       /* read .input relations from files (default true) */
    bool write_outputs;     /* write .output relations and .printsize (default true) */
    FILE *out;              /* where -D - and .printsize print; NULL = stdout */
    FILE *profile;          /* when set: per-rule times and emitted tuples are printed here
                               after the run, slowest first (rules then run sequentially) */
    /* when set: called at each stratum's start and after each recursive iteration */
    void (*progress)(void *arg, const struct DlProgress *pr);
    void *progress_arg;
    /* when set: the run stops with E_LIMIT ("interrupted") once *interrupt is nonzero,
       checked at each stratum's start, after each recursive iteration and every 64K rows
       a join scans (a signal handler sets it; the profile is still printed) */
    const volatile int *interrupt;
    /* when set: a relation that is neither an output nor a .printsize nor kept (keep
       returns true for its name) is freed after the last stratum that reads it, as
       Souffle does, so the peak holds less; the caller must not read it after the run.
       Not done when profile is set (its table shows every relation's size). */
    bool free_dead;
    bool (*keep)(void *arg, const char *relation);
    void *keep_arg;
    /* when set (with free_dead): an output relation that no rule reads and that is not
       kept, derived in a stratum of its own by non-recursive rules whose head's first
       column is a symbol variable bound by a body atom (atoms, negations and comparisons
       without functions only, no function in the head), is not made by the run: the writer (dl_run's, or
       dl_write_outputs) evaluates its rules a slice of its first column's output order at
       a time and writes each slice before the next, so it is never held whole. Its output
       is the same; it then reads as empty, and dl_relation_size gives the rows written
       (0 before they are). The relations its rules read are kept until then; the filter
       (below) the writer is given applies to its tuples and must leave their first column
       as it is. Not done with profile. */
    bool slice_outputs;
    /* when nonzero: each recursive stratum stops after this many iterations, fixpoint
       reached or not (a warning names each stratum stopped so; its relations and all that
       depend on them are then incomplete). For measuring a program that does not finish:
       two runs stopped at one iteration did the same work, two stopped at one time did not. */
    uint32_t max_iterations;
    /* when nonzero: the evaluation stops with E_LIMIT once it has run this many seconds
       (wall clock from the start of the evaluation; checked where interrupt is), and an
       error says where: the stratum, its iteration, its largest relations with what each
       gained in the last iteration, and the rules that derive the ones that grew most.
       Nothing is written. */
    double max_seconds;
    /* when set: called after each recursive iteration (after progress; fixpoint false)
       and once more when a recursive stratum has reached its fixpoint (fixpoint true,
       before the next stratum runs); a true return ends the run there, with E_LIMIT and
       no message (dl_run_stopped is then true), for a caller that starts it again with
       more facts (irlog analyze: the objects to collapse, read from a relation the stopped
       run derived; the relations stay readable until the next run). */
    bool (*stop)(void *arg, bool fixpoint);
    void *stop_arg;
    /* when set: called with each tuple a rule derives (its relation, a copy of its values
       in declared order, which it may change: what is kept is the tuple as it leaves it),
       true to drop it. Called from every worker thread, so what it does may change only in
       progress or stop, between two iterations. The relations then hold what the rules
       derive through it, not the program's fixpoint: for a run whose result is not kept
       (irlog analyze, while it finds the objects to collapse, drops what names a field of
       those found, which the next run collapses). */
    bool (*filter)(void *arg, size_t rel, DlValue *t);
    void *filter_arg;
    /* when set: the name of an .input relation that gets more tuples between runs
       (dl_relation_insert), for a caller that runs the program again with them (see stop):
       a run after one with the same option evaluates again only the strata that read the
       relation, directly or through others, and those the last run did not finish; the
       other relations keep what the last run derived (free_dead keeps those that such
       strata read), and this one keeps its tuples and gains those inserted since. */
    const char *rerun_input;
    /* when set: only the strata that derive a relation goal returns true for (by name),
       and those such strata read, directly or through others, are evaluated; the other
       relations stay empty (an output among them too), and a later run with rerun_input
       evaluates them if it needs them (irlog analyze's first, context-insensitive
       analysis: only its objects to collapse). */
    bool (*goal)(void *arg, const char *relation);
    void *goal_arg;
} DlRunOptions;

/* What dl_run is doing, for a progress display. */
typedef struct DlProgress {
    uint32_t stratum, nstrata; /* 0-based stratum index, number of strata */
    uint32_t iteration;        /* recursive iteration within the stratum (0 = base rules) */
    const char *relation;      /* the stratum's first relation */
    size_t tuples;             /* tuples in the stratum's relations so far */
    size_t delta;              /* tuples new in the last iteration */
    const char *largest;       /* the stratum's largest relation (NULL at iteration 0) */
    size_t largest_n;          /* its tuples */
} DlProgress;

/* Defaults: fact_dir/output_dir ".", sequential, default memory guard, reads and writes. */
void dl_run_options_init(DlRunOptions *o);

/* Evaluates the program: reads inputs, runs every stratum to its fixpoint, then writes
 * the outputs (to temporary names, renamed only when everything succeeded). May be called
 * again; each run starts from empty relations (plus facts inserted with
 * dl_relation_insert since the last run). */
Status dl_run(DlProgram *p, const DlRunOptions *o, Diags *d);

/* Which part of the last dl_run failed (or was reached last): lets a caller tell a bad
 * input file from an unwritable output. */
typedef enum DlPhase { DL_PHASE_INPUT, DL_PHASE_EVAL, DL_PHASE_OUTPUT } DlPhase;
DlPhase dl_run_phase(const DlProgram *p);
/* Whether the last dl_run stopped because its time budget (max_seconds) ran out. */
bool dl_run_timed_out(const DlProgram *p);
/* Whether the last dl_run was ended by DlRunOptions.stop. */
bool dl_run_stopped(const DlProgram *p);
/* Writes the .output relations of the last dl_run as dl_run does when write_outputs is
 * set (o->output_dir, temporary names renamed only when every file was written), for a
 * caller that checks the results first (irlog analyze). E_IO with a diagnostic, E_NOMEM. */
Status dl_write_outputs(DlProgram *p, const DlRunOptions *o, Diags *d);
/* Bytes the relations held at their peak during the last dl_run. */
size_t dl_run_peak_bytes(const DlProgram *p);

/* ---- relations ------------------------------------------------------------------ */

size_t dl_relation_count(const DlProgram *p);
/* Finds a declared relation by name. OUT *rel. */
bool dl_relation_find(const DlProgram *p, const char *name, size_t *rel);
const char *dl_relation_name(const DlProgram *p, size_t rel);
size_t dl_relation_arity(const DlProgram *p, size_t rel);
/* Attribute name, declared type name and primitive kind of a column. */
const char *dl_relation_attr_name(const DlProgram *p, size_t rel, size_t col);
const char *dl_relation_attr_type(const DlProgram *p, size_t rel, size_t col);
DlKind dl_relation_attr_kind(const DlProgram *p, size_t rel, size_t col);
bool dl_relation_is_output(const DlProgram *p, size_t rel);
bool dl_relation_is_input(const DlProgram *p, size_t rel);
/* Number of tuples after the last dl_run (0 before). */
size_t dl_relation_size(const DlProgram *p, size_t rel);

/* Adds one tuple given as text (one string per column, parsed like a fact-file field)
 * before the next dl_run. Errors (bad number, ...) go to `d` under `where`. */
Status dl_relation_insert(DlProgram *p, size_t rel, const char *const *cols, Diags *d);

/* Whether a dl_run reads this .input relation: a rule reads it, or it is an output.
 * (The others are never read, so a caller that supplies the facts need not make them.) */
bool dl_relation_needed(const DlProgram *p, size_t rel);

/* Supplies an .input relation's facts from memory: `text` is appended to what the next
 * dl_run parses instead of the relation's input file (same format as that file: its
 * delimiter, headers option, escapes). Once text was given for a relation (even empty),
 * its file is not read. Errors in the text are reported at dl_run under the name
 * "<relation>.facts (in memory)". E_NOMEM. */
Status dl_relation_add_text(DlProgram *p, size_t rel, const char *text, size_t len);
/* Moves the text given to src (dl_relation_add_text) to the relations of the same name
 * that dst reads (appended to text dst has), for a second program over the same facts:
 * false, with nothing moved, when dst reads a relation that neither has text for; true
 * otherwise, with *st E_NOMEM when memory ran out (src keeps no text after a true). */
bool dl_relation_take_text(DlProgram *dst, DlProgram *src, Status *st);
/* Forgets the text given so far (every relation reads its file again). */
void dl_relation_clear_text(DlProgram *p);

/* Iterates a relation's tuples in the deterministic output order (sorted by column:
 * numbers numerically, symbols bytewise). The relation must not change while iterating.
 *     DlIter it; const DlValue *t;
 *     if (dl_iter_init(&it, p, rel) == OK) while ((t = dl_iter_next(&it))) ...;
 *     dl_iter_release(&it); */
typedef struct DlIter {
    const DlProgram *p;
    size_t rel;
    const DlValue **order; /* sorted tuples (array owned; tuples in the relation) */
    size_t n, pos;
    DlValue buf[64];       /* the current tuple in declared column order */
} DlIter;
Status dl_iter_init(DlIter *it, const DlProgram *p, size_t rel);
const DlValue *dl_iter_next(DlIter *it); /* NULL at the end; arity values otherwise */
void dl_iter_release(DlIter *it);

/* Value access. */
static inline int64_t dl_value_number(DlValue v) {
    return (int64_t)v;
}
double dl_value_float(DlValue v);
/* The bytes of a symbol value (not NUL-terminated in general; *len set). */
const char *dl_value_symbol(const DlProgram *p, DlValue v, size_t *len);
/* Appends a value as it is written in output files. */
void dl_value_format(const DlProgram *p, DlKind kind, DlValue v, StrBuf *sb);


/* ---- SQL views (dl_sql.c) ------------------------------------------------------- */

typedef enum DlSqlDialect { DL_SQL_SQLITE, DL_SQL_POSTGRES } DlSqlDialect;
/* flags of dl_sql_views: also CREATE TABLE IF NOT EXISTS for the .input relations that
 * rules read (typed from the declarations) */
#define DL_SQL_INPUT_TABLES 1u
/* Appends to out one `CREATE VIEW` per relation of a loaded program that rules derive (not
 * the .input relations: those are the tables of the same names and columns), in
 * evaluation order: non-recursive rules as SELECTs joined by UNION, linear recursion as
 * WITH RECURSIVE (docs/sql.md). A relation that cannot be translated gets SQL comments
 * naming each failing rule (file:line:col) and the reason, and a warning per rule in d;
 * so do the relations that read it. OUT *nviews, *nskipped (may be NULL): relations
 * translated and not. E_NOMEM only. */
Status dl_sql_views(const DlProgram *p, DlSqlDialect dialect, unsigned flags, StrBuf *out,
                    Diags *d, size_t *nviews, size_t *nskipped);

#endif
