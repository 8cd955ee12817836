/*
 * analysis.c — what `irlog analyze` and `irlog taint` share: a Datalog analysis of the
 * linked inputs, from the command line to the evaluated program.
 *
 * Owns: the options both commands take (-o, --entry, --max-time, -j, -q, --help and the
 * user's Datalog file: --models, --config) and their checks; assembling the program (the
 * schema from the relation table, the embedded files without their #include lines, the
 * command's own rules, the entry_name facts of --entry and the user's file, each part after
 * a `#line 1 "name"` so that diagnostics name the right file and line); loading it,
 * streaming the facts into it (facts_mem.c), evaluating it with the progress line, the
 * signals and --max-time, and checking the entry points. The command keeps its own options,
 * its rules, what it reads from the results and what it writes.
 *
 * Invariants: every message starts with the command's name (AnalysisCmd.name); nothing is
 * written here; each step returns EXIT_OK or the exit code after its error message.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "dl.h"
#include "facts.h"
#include "ir.h"
#include "strbuf.h"

double analysis_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- the options ------------------------------------------------------------------- */

bool analysis_opt_value(int argc, char **argv, int *i, const char *s, const char *l,
                        const char **val, bool *missing) {
    const char *a = argv[*i];
    size_t n = s ? strlen(s) : 0, ln = strlen(l);
    const char *rest = NULL;
    if (s && strncmp(a, s, n) == 0)
        rest = a + n;
    else if (a[0] == '-' && a[1] == '-' && strncmp(a + 2, l, ln) == 0 &&
             (a[2 + ln] == '=' || a[2 + ln] == '\0'))
        rest = a[2 + ln] == '=' ? a + 3 + ln : a + 2 + ln;
    if (!rest)
        return false;
    if (*rest) {
        *val = rest;
        return true;
    }
    if (*i + 1 >= argc) {
        *missing = true;
        return true;
    }
    *val = argv[++*i];
    return true;
}

int analysis_init(Analysis *a, const AnalysisCmd *cmd, int argc) {
    memset(a, 0, sizeof *a);
    a->cmd = cmd;
    a->jobs = 1;
    diags_init(&a->diags);
    a->inputs = mem_calloc((size_t)argc, sizeof(char *));
    if (!a->inputs) {
        cli_error("out of memory");
        return EXIT_INTERNAL;
    }
    return EXIT_OK;
}

void analysis_release(Analysis *a) {
    dl_program_free(a->prog);
    a->prog = NULL;
    diags_release(&a->diags);
    for (size_t i = 0; i < a->entries.len; i++)
        mem_free(a->entries.v[i]);
    vec_release(&a->entries);
    mem_free(a->inputs);
    a->inputs = NULL;
    mem_free(a->coll_text);
    a->coll_text = NULL;
    mem_free(a->frozen);
    a->frozen = NULL;
    mem_free(a->symcols);
    a->symcols = NULL;
}

/* Parses --entry's value. */
static bool parse_entry(Analysis *a, const char *v) {
    for (size_t i = 0; i < a->entries.len; i++)
        mem_free(a->entries.v[i]);
    a->entries.len = 0;
    if (!strcmp(v, "main")) {
        a->entry = ANALYSIS_ENTRY_MAIN;
        return true;
    }
    if (!strcmp(v, "all")) {
        a->entry = ANALYSIS_ENTRY_ALL;
        return true;
    }
    a->entry = ANALYSIS_ENTRY_CUSTOM;
    for (const char *p = v;;) {
        const char *c = strchr(p, ',');
        size_t n = c ? (size_t)(c - p) : strlen(p);
        if (n == 0) {
            cli_error("%s: --entry takes main, all or FUNC,FUNC,... (an empty name in '%s')",
                      a->cmd->name, v);
            return false;
        }
        char *name = mem_strndup(p, n);
        if (!name || vec_push(&a->entries, name) != OK) {
            mem_free(name);
            cli_error("out of memory");
            return false;
        }
        if (!c)
            break;
        p = c + 1;
    }
    return true;
}

/* The options both commands take: ANALYSIS_OPT_NONE when argv[*i] is none of them. */
static int common_option(Analysis *a, int argc, char **argv, int *i, const char **val,
                         bool *missing) {
    const char *cmd = a->cmd->name;
    if (analysis_opt_value(argc, argv, i, "-o", "output", val, missing)) {
        a->outdir = *val;
    } else if (analysis_opt_value(argc, argv, i, NULL, "entry", val, missing)) {
        if (*val && !parse_entry(a, *val))
            return cli_usage(cmd);
    } else if (analysis_opt_value(argc, argv, i, NULL, "max-time", val, missing)) {
        if (*val && !cli_parse_seconds(*val, &a->max_time)) {
            cli_error("%s: --max-time expects a number of seconds greater than 0, not '%s'", cmd,
                      *val);
            return cli_usage(cmd);
        }
    } else if (analysis_opt_value(argc, argv, i, NULL, a->cmd->user_opt, val, missing)) {
        a->user_file = *val;
    } else if (analysis_opt_value(argc, argv, i, NULL, "collapsed", val, missing)) {
        a->coll_file = *val;
    } else if (!strcmp(argv[*i], "--model-consts")) {
        a->model_consts = true;
    } else if (analysis_opt_value(argc, argv, i, "-j", "jobs", val, missing)) {
        if (*val && !strcmp(*val, "auto")) {
            long n = sysconf(_SC_NPROCESSORS_ONLN);
            a->jobs = n > 0 ? (unsigned)n : 1;
        } else if (*val) {
            char *end;
            long n = strtol(*val, &end, 10);
            if (*end || n < 1 || n > 64) {
                cli_error("%s: -j expects a number of threads from 1 to 64 or 'auto', not '%s'",
                          cmd, *val);
                return cli_usage(cmd);
            }
            a->jobs = (unsigned)n;
        }
    } else {
        return ANALYSIS_OPT_NONE;
    }
    return ANALYSIS_OPT_DONE;
}

int analysis_parse_args(Analysis *a, int argc, char **argv, AnalysisOption own, void *arg) {
    const char *cmd = a->cmd->name;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i], *val = NULL;
        bool missing = false;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            fputs(a->cmd->help, stdout);
            return EXIT_OK;
        }
        if (!strcmp(s, "-q") || !strcmp(s, "--quiet")) {
            a->quiet = true;
            continue;
        }
        int rc = own ? own(arg, argc, argv, &i, &val, &missing) : ANALYSIS_OPT_NONE;
        if (rc == ANALYSIS_OPT_NONE)
            rc = common_option(a, argc, argv, &i, &val, &missing);
        if (rc >= 0)
            return rc;
        if (rc == ANALYSIS_OPT_NONE) {
            if (s[0] == '-' && s[1]) {
                cli_error("%s: unknown option '%s'", cmd, s);
                return cli_usage(cmd);
            }
            a->inputs[a->ninputs++] = s;
        }
        if (missing) {
            cli_error("%s: option '%s' needs a value", cmd, s);
            return cli_usage(cmd);
        }
    }
    if (a->ninputs == 0) {
        cli_error("%s: no input (give .ll/.bc files)", cmd);
        return cli_usage(cmd);
    }
    return -1;
}

int analysis_need_outdir(const Analysis *a) {
    if (!a->outdir || !*a->outdir) {
        cli_error("%s: no output directory (give -o DIR)", a->cmd->name);
        return cli_usage(a->cmd->name);
    }
    return -1;
}

/* ---- the program ------------------------------------------------------------------- */

/* Appends `#line 1 "name"` (name escaped as a C string). */
static void add_line_marker(StrBuf *sb, const char *name) {
    sb_adds(sb, "#line 1 \"");
    for (const char *s = name; *s; s++) {
        if (*s == '"' || *s == '\\')
            sb_addc(sb, '\\');
        sb_addc(sb, *s);
    }
    sb_adds(sb, "\"\n");
}

/* Appends a file's text under its own name without its #include lines of the shipped
 * files; with no_outputs, its `.output` lines too (blank lines instead: the line numbers
 * stay), so that results the command does not write are freed once read. */
static void add_part(StrBuf *sb, const char *name, const char *text, size_t len, bool no_outputs) {
    add_line_marker(sb, name);
    if (!no_outputs) {
        cli_add_program_text(sb, text, len);
        return;
    }
    StrBuf t = SB_INIT;
    cli_add_program_text(&t, text, len);
    const char *p = t.buf, *end = t.buf + t.len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl + 1 : end, *q = p;
        while (q < le && (*q == ' ' || *q == '\t'))
            q++;
        if ((size_t)(le - q) >= 7 && !strncmp(q, ".output", 7))
            sb_addc(sb, '\n');
        else
            sb_add(sb, p, (size_t)(le - p));
        p = le;
    }
    if (t.oom)
        sb->oom = true;
    sb_release(&t);
}

/* Appends s as a Datalog string literal. */
static void add_dl_string(StrBuf *sb, const char *s) {
    sb_addc(sb, '"');
    for (; *s; s++) {
        switch (*s) {
        case '"': sb_adds(sb, "\\\""); break;
        case '\\': sb_adds(sb, "\\\\"); break;
        case '\n': sb_adds(sb, "\\n"); break;
        case '\t': sb_adds(sb, "\\t"); break;
        default: sb_addc(sb, *s);
        }
    }
    sb_addc(sb, '"');
}

/* Reads a file the user names with an option (what: its kind, in the message): EXIT_OK, or
 * EXIT_INPUT with the message printed. */
static int read_user_file(const Analysis *a, const char *what, const char *path, char **text,
                          size_t *len) {
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_error("%s: cannot read %s file '%s': it is a directory", a->cmd->name, what, path);
        return EXIT_INPUT;
    }
    if (sb_read_file(path, text, len) != OK) {
        cli_error("%s: cannot read %s file '%s': %s", a->cmd->name, what, path, strerror(errno));
        return EXIT_INPUT;
    }
    return EXIT_OK;
}

int analysis_build_program(Analysis *a, StrBuf *sb, const char *const *parts, size_t nparts,
                           size_t nstrip, const char *const *extras) {
    const char *cmd = a->cmd->name;
    for (size_t i = 0; i < nparts; i++)
        if (!cli_embedded(parts[i])) {
            cli_error("%s: the embedded Datalog programs are missing (broken build)", cmd);
            return EXIT_INTERNAL;
        }
    StrBuf schema = SB_INIT;
    facts_schema_dl(&schema, true);
    add_part(sb, "schema.dl", schema.buf, schema.len, false);
    sb_release(&schema);
    for (size_t i = 0; i < nparts; i++) {
        const EmbeddedFile *f = cli_embedded(parts[i]);
        add_part(sb, parts[i], f->text, f->len, i < nstrip);
    }
    for (size_t i = 0; extras[i]; i += 2) {
        add_line_marker(sb, extras[i]);
        sb_adds(sb, extras[i + 1]);
    }
    for (size_t i = 0; i < a->entries.len; i++) {
        sb_adds(sb, "entry_name(");
        add_dl_string(sb, a->entries.v[i]);
        sb_adds(sb, ").\n");
    }
    if (a->coll_file) {
        int rc = read_user_file(a, "collapsed", a->coll_file, &a->coll_text, &a->coll_len);
        if (rc != EXIT_OK)
            return rc;
    }
    if (a->user_file) {
        char *text = NULL;
        size_t len = 0;
        int rc = read_user_file(a, a->cmd->user_kind, a->user_file, &text, &len);
        if (rc != EXIT_OK)
            return rc;
        add_part(sb, a->user_file, text, len, false);
        mem_free(text);
    }
    if (sb->oom) {
        cli_error("out of memory");
        return EXIT_INTERNAL;
    }
    return EXIT_OK;
}

/* ---- the run ----------------------------------------------------------------------- */

void analysis_print_diags(const Analysis *a) {
    const Diags *d = &a->diags;
    for (size_t i = 0; i < d->v.len; i++) {
        const Diag *g = &d->v.v[i];
        const char *f = g->loc.file;
        bool shipped = false;
        if (g->severity != DIAG_ERROR && f) {
            shipped = cli_embedded(f) || !strcmp(f, "schema.dl");
            for (size_t k = 0; !shipped && a->cmd->own_parts[k]; k++)
                shipped = !strcmp(f, a->cmd->own_parts[k]);
        }
        if (shipped)
            continue;
        Diags one = *d;
        one.v.v = (Diag *)g;
        one.v.len = 1;
        diags_print(&one, stderr);
    }
}

static int status_exit(Status st) {
    return (st == E_NOMEM || st == E_LIMIT || st == E_INTERNAL) ? EXIT_INTERNAL : EXIT_INPUT;
}

int analysis_start(Analysis *a) {
    a->t0 = analysis_now();
    /* an output that cannot be written is known now, before the work */
    struct stat st;
    if (stat(a->outdir, &st) == 0 && (!S_ISDIR(st.st_mode) || access(a->outdir, W_OK | X_OK) != 0)) {
        cli_error("%s: cannot write to '%s': %s", a->cmd->name, a->outdir,
                  S_ISDIR(st.st_mode) ? strerror(errno) : "not a directory");
        return EXIT_OUTPUT;
    }
    return EXIT_OK;
}

/* Loads the program text with the macros defs (NULL-terminated) into a->prog. */
static int analysis_load(Analysis *a, const StrBuf *text, const char *const *defs) {
    progress_init(a->quiet);
    progress_show(true, "loading the analysis");
    /* the name gives cpp its include directory: the user file's, for its own #includes */
    Status s = dl_program_load_string(&a->prog, a->user_file ? a->user_file : a->cmd->main_name,
                                      text->buf, text->len, defs, &a->diags);
    progress_done();
    if (s != OK || !a->seed_runs) /* (a second load: its warnings were shown) */
        analysis_print_diags(a);
    if (s != OK) {
        if (s == E_NOMEM)
            cli_error("out of memory");
        else if (a->user_file)
            cli_error("%s: the analysis program has errors (see above; the %s file is checked "
                      "with it)",
                      a->cmd->name, a->cmd->user_kind);
        else
            cli_error("%s: the analysis program has errors", a->cmd->name);
        return status_exit(s);
    }
    diags_release(&a->diags);
    diags_init(&a->diags);
    return EXIT_OK;
}

/* Streams the facts of the inputs into a->prog. */
static int analysis_walk(Analysis *a) {
    if (a->ninputs == 1)
        progress_show(true, "reading and walking %s", a->inputs[0]);
    else
        progress_show(true, "reading, linking and walking %zu inputs", a->ninputs);
    int rc = facts_into_program(a->inputs, a->ninputs, a->prog, true, &a->ir);
    progress_done();
    return rc;
}

/* The first progress report marks the end of reading the facts. */
static void on_progress(void *arg, const DlProgress *pr) {
    Analysis *a = arg;
    if (!a->eval_started) {
        a->eval_started = true;
        a->eval_start = analysis_now();
    }
    a->iteration = pr->iteration;
    a->tuples = pr->tuples;
    progress_dl(NULL, pr);
}

static bool sym_is(const DlProgram *p, DlValue v, const char *s) {
    size_t n;
    const char *t = dl_value_symbol(p, v, &n);
    return strlen(s) == n && memcmp(s, t, n) == 0;
}

/* Checks the entry points; prints the errors. */
static bool entries_found(const Analysis *a) {
    const DlProgram *p = a->prog;
    size_t r;
    if (a->entry == ANALYSIS_ENTRY_ALL || !dl_relation_find(p, a->cmd->entry_found, &r))
        return true;
    bool ok = true;
    for (size_t i = 0; i < a->entries.len || (a->entry == ANALYSIS_ENTRY_MAIN && i == 0); i++) {
        const char *want = a->entry == ANALYSIS_ENTRY_MAIN ? "main" : a->entries.v[i];
        bool found = false;
        DlIter it;
        const DlValue *t;
        if (dl_iter_init(&it, p, r) == OK) {
            while ((t = dl_iter_next(&it)))
                found = found || sym_is(p, t[0], want);
            dl_iter_release(&it);
        }
        if (!found) {
            if (a->entry == ANALYSIS_ENTRY_MAIN)
                cli_error("%s: no function main; give --entry NAME or --entry all", a->cmd->name);
            else
                cli_error("%s: --entry %s: no function of that name is defined in the input%s",
                          a->cmd->name, want, a->ninputs == 1 ? "" : "s");
            ok = false;
        }
    }
    return ok;
}

/* Analysis.frozen's marks */
enum { FROZEN_OBJECT = 1, FROZEN_FIELD = 2 };

/* Marks symbol v in a->frozen (FROZEN_OBJECT or FROZEN_FIELD). */
static bool freeze_mark(Analysis *a, DlValue v, uint8_t mark) {
    if (v >= a->frozen_cap) {
        size_t cap = a->frozen_cap ? a->frozen_cap : 1 << 16;
        while (cap <= v)
            cap *= 2;
        uint8_t *f = mem_realloc(a->frozen, cap);
        if (!f)
            return false;
        memset(f + a->frozen_cap, 0, cap - a->frozen_cap);
        a->frozen = f;
        a->frozen_cap = cap;
    }
    a->frozen[v] |= mark;
    return true;
}

static bool is_frozen(const Analysis *a, DlValue v, uint8_t mark) {
    return v < a->frozen_cap && (a->frozen[v] & mark);
}

/* Freezes the objects of collapse_need not frozen yet and their fields made so far
 * (collapse_filter keeps new ones from being made). false: out of memory. */
static bool freeze_found(Analysis *a) {
    size_t n = dl_relation_size(a->prog, a->need_rel);
    if (n == a->nfrozen)
        return true;
    DlIter it;
    const DlValue *t;
    if (dl_iter_init(&it, a->prog, a->need_rel) != OK)
        return false;
    bool ok = true;
    while (ok && (t = dl_iter_next(&it)))
        ok = freeze_mark(a, t[0], FROZEN_OBJECT);
    dl_iter_release(&it);
    if (!ok || dl_iter_init(&it, a->prog, a->field_rel) != OK)
        return false;
    while (ok && (t = dl_iter_next(&it))) /* field(f, b, off) */
        if (is_frozen(a, t[1], FROZEN_OBJECT) && dl_value_number(t[2]) != 0)
            ok = freeze_mark(a, t[0], FROZEN_FIELD);
    dl_iter_release(&it);
    a->nfrozen = n;
    return ok;
}

/* DlRunOptions.filter of a run that has found objects to collapse, and so will be run
 * again with them collapsed (its own result is not kept): no new field of such an object
 * is made and no tuple naming one of its fields is kept, so that they stop multiplying
 * the sets while the run goes on to find more. This only narrows the run, whose tuples
 * stay a subset of its fixpoint, so each object it finds is one its fixpoint has: one
 * of the least set of objects to collapse. The run that finds none, the last, freezes
 * nothing and is whole. */
static bool collapse_filter(void *arg, size_t rel, DlValue *t) {
    const Analysis *a = arg;
    if (!a->nfrozen)
        return false;
    if (rel == a->field_rel)
        return is_frozen(a, t[1], FROZEN_OBJECT) && dl_value_number(t[2]) != 0;
    for (uint64_t m = a->symcols[rel]; m; m &= m - 1)
        if (is_frozen(a, t[__builtin_ctzll(m)], FROZEN_FIELD))
            return true;
    return false;
}

/* The objects to collapse (pointsto.dl): once a run has derived collapse_need (first after
 * iteration i of its recursive stratum, which then held n tuples), it is stopped after
 * iteration 2i, or earlier once the stratum holds 16n tuples, so that the objects found
 * while it runs as long again are collapsed together but not while the sets grow with
 * the fields of those not yet collapsed; the objects found are then added to collapsed
 * for the next run. (Stopped at once, it takes a run per object or two; without the
 * bound on tuples, zstd's third run grew from 0.9 to 135 million tuples in 100 s.) Once
 * the stratum holds 2n tuples, the objects found are frozen (collapse_filter) as they
 * are found: frozen from the first, their fields no longer carry the flows that show
 * other objects to collapse, found only by a run more (yaml-cpp: 4 runs instead of 2);
 * later, the fields of those found first have grown into most sets (sqlite3's second
 * run: from 13 to 100 million tuples). A run that reaches its fixpoint first stops there
 * (fixpoint): the strata after it (the results) would only be made again. */
static bool collapse_stop(void *arg, bool fixpoint) {
    Analysis *a = arg;
    if (dl_relation_size(a->prog, a->need_rel) == 0)
        return false;
    if (fixpoint) /* (the strata after it would only be made again) */
        return true;
    if (!a->first_need) {
        a->first_need = a->iteration;
        a->first_tuples = a->tuples;
    }
    if (a->freeze && a->tuples / 2 >= a->first_tuples && !freeze_found(a))
        a->freeze = false; /* (out of memory: the run goes on, unnarrowed) */
    return a->iteration >= 2 * a->first_need || a->tuples / 16 >= a->first_tuples;
}

/* A first analysis (Analysis.seed_defs) computes only its objects to collapse and what
 * entries_found reads, not the results. */
static bool seed_goal(void *arg, const char *relation) {
    const Analysis *a = arg;
    return !strcmp(relation, "collapse_need") || !strcmp(relation, "collapsed") ||
           !strcmp(relation, a->cmd->entry_found);
}

/* collapse_need is read after the run: kept whatever the command keeps. */
static bool keep_need(void *arg, const char *relation) {
    const Analysis *a = arg;
    return strcmp(relation, "collapse_need") == 0 || (a->cmd->keep && a->cmd->keep(NULL, relation));
}

/* Inserts the symbols of the unary relation from (of program fp) into the unary relation
 * to of a->prog; *n counts them. */
static Status copy_symbols(Analysis *a, const DlProgram *fp, size_t from, size_t to, size_t *n) {
    DlIter it;
    const DlValue *t;
    Status st = dl_iter_init(&it, fp, from);
    if (st != OK)
        return st;
    StrBuf name;
    sb_init(&name);
    while (st == OK && (t = dl_iter_next(&it))) {
        size_t len;
        const char *s = dl_value_symbol(fp, t[0], &len);
        sb_reset(&name);
        sb_add(&name, s, len);
        const char *cols[1] = {name.buf};
        st = name.oom ? E_NOMEM : dl_relation_insert(a->prog, to, cols, &a->diags);
        ++*n;
    }
    dl_iter_release(&it);
    sb_release(&name);
    return st;
}

void analysis_print_runs(const Analysis *a, FILE *f, bool json) {
    unsigned n = a->runs < ANALYSIS_RUNS_SHOWN ? a->runs : ANALYSIS_RUNS_SHOWN;
    if (json) {
        fputs(", \"run_seconds\": [", f);
        for (unsigned i = 0; i < n; i++)
            fprintf(f, "%s%.3f", i ? ", " : "", a->run_seconds[i]);
        fputs("], \"run_found\": [", f);
        for (unsigned i = 0; i < n; i++)
            fprintf(f, "%s%zu", i ? ", " : "", a->run_found[i]);
        fputc(']', f);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        fprintf(f, "%s%.1f s", i ? ", " : ": ", a->run_seconds[i]);
        if (a->run_found[i])
            fprintf(f, " (%zu found)", a->run_found[i]);
    }
    if (n < a->runs)
        fputs(", ...", f);
}

/* Adds the tuples of collapse_need to collapsed. */
static Status add_collapsed(Analysis *a) {
    return copy_symbols(a, a->prog, a->need_rel, a->coll_rel, &a->ncollapsed);
}

/* With --max-time, the next run's budget: what the runs since the first left of it. */
static void budget_left(Analysis *a) {
    if (a->max_time <= 0)
        return;
    a->run.max_seconds = a->max_time - (analysis_now() - a->t_run0);
    if (a->run.max_seconds <= 0)
        a->run.max_seconds = 1e-9;
}

/* Evaluates a->prog (again, with more objects collapsed, until a run collapses none), sets
 * the times and checks the entry points. */
static int analysis_run(Analysis *a) {
    DlRunOptions *o = &a->run;
    dl_run_options_init(o);
    o->write_outputs = false;
    o->free_dead = true;
    o->keep = a->cmd->keep;
    o->slice_outputs = a->cmd->slice_outputs;
    o->jobs = a->jobs;
    /* (after a first analysis, the times and the budget go on from its start) */
    o->max_seconds = a->max_time;
    if (!a->seed_runs) {
        a->eval_started = false;
        a->t_run0 = analysis_now();
    } else {
        budget_left(a);
    }
    o->progress = on_progress;
    o->progress_arg = a;
    a->collapse = dl_relation_find(a->prog, "collapsed", &a->coll_rel) &&
                  dl_relation_is_input(a->prog, a->coll_rel) &&
                  dl_relation_find(a->prog, "collapse_need", &a->need_rel);
    if (a->seed_defs && !a->seed_runs) {
        o->goal = seed_goal;
        o->goal_arg = a;
    }
    if (a->collapse) {
        o->stop = collapse_stop;
        o->stop_arg = a;
        /* (IRLOG_NO_FREEZE in the environment: no run is narrowed, for measuring) */
        a->freeze = !getenv("IRLOG_NO_FREEZE") &&
                    dl_relation_find(a->prog, "field", &a->field_rel) &&
                    dl_relation_arity(a->prog, a->field_rel) == 3 &&
                    dl_relation_attr_kind(a->prog, a->field_rel, 2) == DL_KIND_NUMBER;
        if (a->freeze) {
            o->filter = collapse_filter;
            o->filter_arg = a;
            size_t nrel = dl_relation_count(a->prog);
            mem_free(a->symcols);
            a->symcols = mem_calloc(nrel ? nrel : 1, sizeof *a->symcols);
            if (!a->symcols) {
                cli_error("out of memory");
                return EXIT_INTERNAL;
            }
            for (size_t r = 0; r < nrel; r++)
                for (size_t c = 0; c < dl_relation_arity(a->prog, r) && c < 64; c++)
                    if (dl_relation_attr_kind(a->prog, r, c) == DL_KIND_SYMBOL)
                        a->symcols[r] |= (uint64_t)1 << c;
        }
        o->keep = keep_need;
        o->keep_arg = a;
        o->rerun_input = "collapsed";
        if (dl_relation_add_text(a->prog, a->coll_rel, a->coll_text ? a->coll_text : "",
                                 a->coll_len) != OK) {
            cli_error("out of memory");
            return EXIT_INTERNAL;
        }
    }
    o->interrupt = interrupt_begin();
    progress_show(true, "reading the facts");
    Status s;
    double t_last = analysis_now();
    for (a->runs = 1;; a->runs++) {
        a->first_need = 0;
        a->nfrozen = 0;
        if (a->frozen)
            memset(a->frozen, 0, a->frozen_cap);
        s = dl_run(a->prog, o, &a->diags);
        if (a->runs <= ANALYSIS_RUNS_SHOWN) {
            double t = analysis_now();
            /* (the first from the end of reading the facts: its first progress report) */
            if (a->runs == 1 && a->eval_started && a->eval_start > t_last)
                t_last = a->eval_start;
            a->run_seconds[a->runs - 1] = t - t_last;
            a->run_found[a->runs - 1] = 0;
            t_last = t;
        }
        /* (a run stopped as its time ran out has timed out, not stopped) */
        if (!a->collapse || dl_run_timed_out(a->prog) ||
            !(s == OK ? dl_relation_size(a->prog, a->need_rel) > 0
                      : s == E_LIMIT && dl_run_stopped(a->prog)))
            break;
        size_t before = a->ncollapsed;
        s = add_collapsed(a);
        if (s != OK)
            break;
        if (a->runs <= ANALYSIS_RUNS_SHOWN)
            a->run_found[a->runs - 1] = a->ncollapsed - before;
        budget_left(a);
        progress_show(true, "collapsing %zu objects, run %u", a->ncollapsed, a->runs + 1);
    }
    if (s == OK && a->collapse) /* (the objects given by --collapsed included) */
        a->ncollapsed = dl_relation_size(a->prog, a->coll_rel);
    int sig = interrupt_end();
    progress_done();
    a->t_end = analysis_now();
    if (!a->eval_started)
        a->eval_start = a->t_end;
    a->t_walk = a->eval_start - a->t0;
    a->t_eval = a->t_end - a->eval_start;
    if (s != OK) {
        if (sig) {
            cli_error("%s: interrupted by signal %d (%s); nothing was written", a->cmd->name, sig,
                      strsignal(sig));
            return 128 + sig;
        }
        analysis_print_diags(a);
        if (s == E_LIMIT && dl_run_timed_out(a->prog))
            cli_error("%s: stopped by --max-time after %.1f s of evaluation; nothing was written",
                      a->cmd->name, a->t_eval);
        else
            cli_error("%s: the evaluation failed: %s", a->cmd->name, status_str(s));
        return status_exit(s);
    }
    if (!a->seed_defs || a->seed_runs) /* warnings, of the last analysis */
        analysis_print_diags(a);
    if (!entries_found(a))
        return EXIT_INPUT;
    return EXIT_OK;
}

/* defs, the entry's macro, IRLOG_MODEL_CONSTS and IRLOG_COLLAPSED into all
 * (ANALYSIS_MAX_DEFS + 4 entries). */
static void all_defs(const Analysis *a, const char *const *defs, const char **all) {
    size_t n = 0;
    while (n < ANALYSIS_MAX_DEFS && defs[n]) {
        all[n] = defs[n];
        n++;
    }
    if (a->entry != ANALYSIS_ENTRY_MAIN)
        all[n++] = a->entry == ANALYSIS_ENTRY_ALL ? "IRLOG_ENTRY_ALL" : "IRLOG_ENTRY_CUSTOM";
    if (a->model_consts)
        all[n++] = "IRLOG_MODEL_CONSTS";
    all[n++] = "IRLOG_COLLAPSED"; /* the objects to collapse are given (analysis_run) */
    all[n] = NULL;
}

/* Gives a->prog (loaded, not yet run) the facts and the collapsed objects of seed, the
 * program of the first analysis (evaluated; freed here): its facts are moved, or read
 * again when a->prog reads a relation seed did not. */
static int take_seed(Analysis *a, DlProgram *seed) {
    size_t from, to, n = 0;
    Status st = OK;
    if (dl_relation_find(seed, "collapsed", &from) && dl_relation_find(a->prog, "collapsed", &to))
        st = copy_symbols(a, seed, from, to, &n);
    bool moved = st == OK && dl_relation_take_text(a->prog, seed, &st);
    dl_program_free(seed);
    if (st != OK) {
        cli_error("out of memory");
        return EXIT_INTERNAL;
    }
    return moved ? EXIT_OK : analysis_walk(a);
}

int analysis_execute(Analysis *a, const StrBuf *text, const char *const *defs) {
    const char *all[ANALYSIS_MAX_DEFS + 4];
    DlProgram *seed = NULL;
    int rc = EXIT_OK;
    if (a->seed_defs) {
        /* the first analysis: its objects to collapse, found with the facts read once */
        all_defs(a, a->seed_defs, all);
        rc = analysis_load(a, text, all);
        if (rc == EXIT_OK)
            rc = analysis_walk(a);
        if (rc == EXIT_OK)
            rc = analysis_run(a);
        if (rc != EXIT_OK)
            return rc;
        a->seed_runs = a->runs;
        seed = a->prog;
        a->prog = NULL;
    }
    all_defs(a, defs, all);
    rc = analysis_load(a, text, all);
    if (rc == EXIT_OK)
        rc = seed ? take_seed(a, seed) : analysis_walk(a);
    else
        dl_program_free(seed);
    if (rc == EXIT_OK)
        rc = analysis_run(a);
    return rc;
}
