/*
 * cmd_analyze.c — `irlog analyze INPUT... -o OUT`: the points-to analysis and call graph
 * of datalog/pointsto.dl over the linked inputs, with a summary (docs/analyze.md).
 *
 * Owns: building the analysis program (the schema from the relation table, the embedded
 * pointsto.dl and pointsto_models.dl without their #include lines, the summary's extra
 * rules, the entry_name facts of --entry, and the user's --models file, each part after
 * a `#line 1 "name"` so that diagnostics name the right file and line), configuring it
 * with its preprocessor macros, streaming the facts into it (facts_mem.c), evaluating
 * it, checking the entry points, writing every .output relation to OUT and printing the
 * summary.
 *
 * Invariants: nothing is written before the evaluation succeeded and the entry points
 * were found; the output files are written under temporary names in OUT and renamed
 * only when every one was written (a failure or a signal removes them, and OUT itself
 * when this run created it). The files are the engine's output format: the tuples in
 * dl_iter's order (the order of the engine's writer) formatted by dl_value_format,
 * tab-separated, so they are byte for byte those of `irlog run datalog/pointsto.dl -D`.
 *
 * Exit: 0 ok, 2 usage, 3 bad input (unreadable or invalid IR, a model file with errors,
 * no entry point), 4 output not written, 5 memory limit or internal error, 128 + the
 * signal when SIGINT/SIGTERM stopped it.
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
#include "source_names.h"
#include "strbuf.h"

/* the default of --heap-depth (and of IRLOG_HEAP_DEPTH in datalog/pointsto.dl) */
#define IRLOG_HEAP_DEPTH_DEFAULT 1
#define STR_(x) #x
#define STR(x) STR_(x)

static const char analyze_help[] =
    "usage: irlog analyze INPUT... -o OUT [options]\n"
    "Points-to analysis and call graph (datalog/pointsto.dl) of the linked inputs.\n"
    "  -o, --output DIR        write the result relations to DIR/<relation>.csv (required)\n"
    "      --context KIND      insensitive (default), 1-callsite or 2-callsite\n"
    "      --per-context       with 1-callsite or 2-callsite: also write each variable's\n"
    "                          points-to set in each context (var_points_to_context.csv;\n"
    "                          large: lua's 1-callsite run has 43.9 million rows, 2.3 GB)\n"
    "      --heap-depth N      context-insensitive runs: heap objects are cloned by the\n"
    "                          last N call sites of allocation wrappers (1-4, default\n"
    "                          " STR(IRLOG_HEAP_DEPTH_DEFAULT) ")\n"
    "      --entry WHAT        main (default), all (every externally visible function),\n"
    "                          or FUNC,FUNC,... (functions by name)\n"
    "      --models FILE.dl    more models of external functions (model_* facts or rules)\n"
    "      --format text|json  the summary on stdout (default text)\n"
    "      --source-names      also write call_graph_edge_source.csv (each call edge at its\n"
    "                          file:line:col, with source names) and source_points_to.csv\n"
    "                          (the points-to sets of the program's named variables)\n"
    "  -j, --jobs N            engine threads (default 1; 'auto' = all cores)\n"
    "      --max-time SECONDS  stop the evaluation after SECONDS (exit 5, nothing written;\n"
    "                          the error names the relations and rules that grew)\n"
    "      --facts DIR         also write the fact directory (as irlog facts would)\n"
    "  -q, --quiet             no progress line (shown only when stderr is a terminal)\n"
    "exit: 0 ok, 2 usage, 3 bad input (unreadable or invalid IR, errors in the model file,\n"
    "      no such entry function), 4 output not written, 5 memory or time limit, internal\n"
    "      error,"
    "      128+N stopped by signal N (nothing written). See docs/analyze.md.\n";

/* Rules only the command needs, for its checks and its summary. They read the
 * relations of pointsto.dl; none is an output. */
static const char analyze_extras[] =
    // the entry names that name a defined function
    ".decl analyze_entry_found(name: symbol)\n"
    "analyze_entry_found(N) :- entry_name(N), function_name(F, N), function_definition(F).\n"
    // variables with a points-to set
    ".decl analyze_pt_var(v: Variable)\n"
    "analyze_pt_var(V) :- var_points_to(V, _).\n"
    // dereferenced variables: the address of a load or a store
    ".decl analyze_deref(v: Variable)\n"
    "analyze_deref(V) :- load_instruction_address(_, V), variable(V).\n"
    "analyze_deref(V) :- store_instruction_address(_, V), variable(V).\n"
    ".decl analyze_deref_pt(v: Variable, obj: symbol)\n"
    "analyze_deref_pt(V, X) :- analyze_deref(V), var_points_to(V, X).\n"
    ".decl analyze_deref_var(v: Variable)\n"
    "analyze_deref_var(V) :- analyze_deref_pt(V, _).\n"
    // dereferenced in a reachable function, and pointing nowhere
    ".decl analyze_deref_empty(v: Variable)\n"
    "analyze_deref_empty(V) :- analyze_deref(V), variable_function(V, F),\n"
    "    reachable_function(F), !analyze_pt_var(V).\n"
    // base objects by kind
    ".decl analyze_kind_count(kind: symbol, n: number)\n"
    "analyze_kind_count(K, N) :- object_base_kind(_, K), N = count : { object_base_kind(_, K) }.\n"
    // indirect calls in reachable functions that call nothing
    ".decl analyze_unresolved(i: Instruction)\n"
    "analyze_unresolved(I) :- indirect_call(I), instruction_function(I, F), reachable_function(F),\n"
    "    !call_graph_edge(I, _).\n"
    // unmodelled external functions with their numbers of call sites
    ".decl analyze_unmodelled_name(name: symbol)\n"
    "analyze_unmodelled_name(N) :- unmodelled_call(_, G), function_name(G, N).\n"
    ".decl analyze_unmodelled_count(name: symbol, n: number)\n"
    "analyze_unmodelled_count(N, C) :- analyze_unmodelled_name(N),\n"
    "    C = count : { unmodelled_call(I, G), function_name(G, N) }.\n";

/* The relations read after the evaluation besides the outputs (the summary and the entry
 * check): the others are freed once no later stratum reads them. */
static bool keep_relation(void *arg, const char *name) {
    (void)arg;
    return strncmp(name, "analyze_", 8) == 0 || strcmp(name, "entry_function") == 0 ||
           strncmp(name, "source_names_", 13) == 0;
}

typedef enum EntryMode { ENTRY_MAIN, ENTRY_ALL, ENTRY_CUSTOM } EntryMode;

typedef struct AnalyzeArgs {
    const char **inputs;
    size_t ninputs;
    const char *outdir;
    const char *factdir; /* --facts, or NULL */
    const char *models;  /* --models, or NULL */
    int depth;           /* IRLOG_CONTEXT_DEPTH */
    bool per_context;    /* --per-context: IRLOG_CONTEXT_OUTPUT */
    int heap_depth;      /* IRLOG_HEAP_DEPTH */
    EntryMode entry;
    Vec(char *) entries; /* --entry FUNC,... (owned) */
    bool json, quiet;
    bool source_names; /* --source-names */
    unsigned jobs;
    double max_time;   /* --max-time SECONDS, or 0 */
} AnalyzeArgs;

static const char *const context_names[] = {"insensitive", "1-callsite", "2-callsite"};

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

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

/* Appends a file's text under its own name, without its #include lines of the shipped
 * files (blank lines instead, so that the line numbers stay). */
static void add_part(StrBuf *sb, const char *name, const char *text, size_t len) {
    add_line_marker(sb, name);
    cli_add_program_text(sb, text, len);
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

/* Builds the whole analysis program. Returns EXIT_OK, or an exit code after an error
 * message (the model file unreadable, the build without its .dl files). */
static int build_program(const AnalyzeArgs *a, StrBuf *sb) {
    const EmbeddedFile *pt = cli_embedded("pointsto.dl"),
                       *models = cli_embedded("pointsto_models.dl");
    if (!pt || !models) {
        cli_error("analyze: the embedded Datalog programs are missing (broken build)");
        return EXIT_INTERNAL;
    }
    StrBuf schema = SB_INIT;
    facts_schema_dl(&schema, true);
    add_part(sb, "schema.dl", schema.buf, schema.len);
    sb_release(&schema);
    add_part(sb, "pointsto.dl", pt->text, pt->len);
    add_part(sb, "pointsto_models.dl", models->text, models->len);
    sb_adds(sb, "#line 1 \"<irlog analyze>\"\n");
    sb_adds(sb, analyze_extras);
    if (a->source_names) {
        sb_adds(sb, "#line 1 \"<irlog analyze --source-names>\"\n");
        sb_adds(sb, cli_source_names_rules);
    }
    for (size_t i = 0; i < a->entries.len; i++) {
        sb_adds(sb, "entry_name(");
        add_dl_string(sb, a->entries.v[i]);
        sb_adds(sb, ").\n");
    }
    if (a->models) {
        char *text = NULL;
        size_t len = 0;
        struct stat st;
        if (stat(a->models, &st) == 0 && S_ISDIR(st.st_mode)) {
            cli_error("analyze: cannot read model file '%s': it is a directory", a->models);
            return EXIT_INPUT;
        }
        if (sb_read_file(a->models, &text, &len) != OK) {
            cli_error("analyze: cannot read model file '%s': %s", a->models, strerror(errno));
            return EXIT_INPUT;
        }
        add_part(sb, a->models, text, len);
        mem_free(text);
    }
    if (sb->oom) {
        cli_error("out of memory");
        return EXIT_INTERNAL;
    }
    return EXIT_OK;
}

/* ---- reading the results ---------------------------------------------------------- */

static size_t rel_size(const DlProgram *p, const char *name) {
    size_t r;
    return dl_relation_find(p, name, &r) ? dl_relation_size(p, r) : 0;
}

static bool sym_eq(const DlProgram *p, DlValue v, const char *s) {
    size_t n;
    const char *t = dl_value_symbol(p, v, &n);
    return strlen(s) == n && memcmp(s, t, n) == 0;
}

typedef struct NameCount {
    char *name;
    int64_t n;
} NameCount;

typedef Vec(NameCount) NameCounts;

/* The rows (symbol, number) of a relation. */
static Status read_counts(const DlProgram *p, const char *rel, NameCounts *out) {
    size_t r;
    if (!dl_relation_find(p, rel, &r))
        return E_INTERNAL;
    DlIter it;
    const DlValue *t;
    Status st = dl_iter_init(&it, p, r);
    if (st != OK)
        return st;
    while ((t = dl_iter_next(&it))) {
        size_t n;
        const char *s = dl_value_symbol(p, t[0], &n);
        NameCount nc = {mem_strndup(s, n), dl_value_number(t[1])};
        if (!nc.name || vec_push(out, nc) != OK) {
            mem_free(nc.name);
            st = E_NOMEM;
            break;
        }
    }
    dl_iter_release(&it);
    return st;
}

static void release_counts(NameCounts *v) {
    for (size_t i = 0; i < v->len; i++)
        mem_free(v->v[i].name);
    vec_release(v);
}

/* by count, most first, then by name */
static int cmp_count_desc(const void *a, const void *b) {
    const NameCount *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return strcmp(x->name, y->name);
}

typedef struct Summary {
    size_t entry_functions;
    size_t pt_vars, pt_total; /* var_points_to: variables, rows */
    size_t deref_vars, deref_total, deref_empty;
    size_t objects;   /* object_field rows */
    NameCounts kinds; /* base objects by kind */
    size_t edges, reachable;
    size_t indirect[4];    /* 0, 1, 2-5, >5 targets */
    NameCounts unmodelled; /* by count desc, name */
    size_t unmodelled_calls;
    size_t src_edges, src_located, src_vars, src_pt; /* --source-names */
    bool src_debug;
    size_t outputs;                        /* files written */
    double t_walk, t_eval, t_out, t_facts; /* seconds */
} Summary;

static Status summarize(const DlProgram *p, Summary *s) {
    s->entry_functions = rel_size(p, "entry_function");
    s->pt_vars = rel_size(p, "analyze_pt_var");
    s->pt_total = rel_size(p, "var_points_to");
    s->deref_vars = rel_size(p, "analyze_deref_var");
    s->deref_total = rel_size(p, "analyze_deref_pt");
    s->deref_empty = rel_size(p, "analyze_deref_empty");
    s->objects = rel_size(p, "object_field");
    s->edges = rel_size(p, "call_graph_edge");
    s->reachable = rel_size(p, "reachable_function");
    /* indirect calls: the rows with a count > 0, and the unresolved ones */
    s->indirect[0] = rel_size(p, "analyze_unresolved");
    size_t r;
    if (dl_relation_find(p, "indirect_call_targets", &r)) {
        DlIter it;
        const DlValue *t;
        Status st = dl_iter_init(&it, p, r);
        if (st != OK)
            return st;
        while ((t = dl_iter_next(&it))) {
            int64_t n = dl_value_number(t[1]);
            if (n > 5)
                s->indirect[3]++;
            else if (n > 1)
                s->indirect[2]++;
            else if (n == 1)
                s->indirect[1]++;
        }
        dl_iter_release(&it);
    }
    s->src_edges = rel_size(p, "call_graph_edge_source");
    s->src_located = rel_size(p, "source_names_located");
    s->src_vars = rel_size(p, "source_names_var");
    s->src_pt = rel_size(p, "source_points_to");
    s->src_debug = rel_size(p, "source_names_debug") > 0;
    Status st = read_counts(p, "analyze_kind_count", &s->kinds);
    if (st == OK)
        st = read_counts(p, "analyze_unmodelled_count", &s->unmodelled);
    if (st != OK)
        return st;
    if (s->unmodelled.len > 1)
        qsort(s->unmodelled.v, s->unmodelled.len, sizeof(NameCount), cmp_count_desc);
    for (size_t i = 0; i < s->unmodelled.len; i++)
        s->unmodelled_calls += (size_t)s->unmodelled.v[i].n;
    return OK;
}

/* ---- writing the results ---------------------------------------------------------- */

/* ---- the summary ------------------------------------------------------------------ */

static double avg(size_t total, size_t n) {
    return n ? (double)total / (double)n : 0.0;
}

static void print_json(const AnalyzeArgs *a, const IrStats *ir, const Summary *s) {
    FILE *f = stdout;
    fputs("{\n  \"inputs\": [", f);
    for (size_t i = 0; i < a->ninputs; i++) {
        if (i)
            fputs(", ", f);
        cli_json_str(f, a->inputs[i]);
    }
    fprintf(f, "],\n  \"functions\": %llu,\n  \"instructions\": %llu,\n",
            (unsigned long long)ir->functions, (unsigned long long)ir->instructions);
    fputs("  \"output\": ", f);
    cli_json_str(f, a->outdir);
    fprintf(f, ",\n  \"files\": %zu,\n", s->outputs);
    if (a->factdir) {
        fputs("  \"facts\": ", f);
        cli_json_str(f, a->factdir);
        fputs(",\n", f);
    }
    fprintf(f, "  \"context\": \"%s\",\n", context_names[a->depth]);
    if (!a->depth)
        fprintf(f, "  \"heap_depth\": %d,\n", a->heap_depth);
    fputs("  \"entry\": ", f);
    if (a->entry == ENTRY_CUSTOM) {
        fputc('[', f);
        for (size_t i = 0; i < a->entries.len; i++) {
            if (i)
                fputs(", ", f);
            cli_json_str(f, a->entries.v[i]);
        }
        fputc(']', f);
    } else {
        fputs(a->entry == ENTRY_ALL ? "\"all\"" : "\"main\"", f);
    }
    fprintf(f, ",\n  \"entry_functions\": %zu,\n", s->entry_functions);
    fprintf(f,
            "  \"pointer_variables\": {\"variables\": %zu, \"points_to\": %zu, "
            "\"average\": %.3f},\n",
            s->pt_vars, s->pt_total, avg(s->pt_total, s->pt_vars));
    fprintf(f,
            "  \"dereferenced\": {\"variables\": %zu, \"points_to\": %zu, \"average\": %.3f, "
            "\"empty_in_reachable\": %zu},\n",
            s->deref_vars, s->deref_total, avg(s->deref_total, s->deref_vars), s->deref_empty);
    fprintf(f, "  \"objects\": %zu,\n  \"base_objects\": {", s->objects);
    for (size_t i = 0; i < s->kinds.len; i++) {
        fputs(i ? ", " : "", f);
        cli_json_str(f, s->kinds.v[i].name);
        fprintf(f, ": %lld", (long long)s->kinds.v[i].n);
    }
    fprintf(f, "},\n  \"call_graph_edges\": %zu,\n  \"reachable_functions\": %zu,\n", s->edges,
            s->reachable);
    fprintf(f,
            "  \"indirect_calls\": {\"total\": %zu, \"0\": %zu, \"1\": %zu, \"2-5\": %zu, "
            "\">5\": %zu},\n",
            s->indirect[0] + s->indirect[1] + s->indirect[2] + s->indirect[3], s->indirect[0],
            s->indirect[1], s->indirect[2], s->indirect[3]);
    fprintf(f, "  \"unmodelled_calls\": %zu,\n  \"unmodelled\": [", s->unmodelled_calls);
    for (size_t i = 0; i < s->unmodelled.len; i++) {
        fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
        cli_json_str(f, s->unmodelled.v[i].name);
        fprintf(f, ", \"calls\": %lld}", (long long)s->unmodelled.v[i].n);
    }
    fprintf(f, "%s],\n", s->unmodelled.len ? "\n  " : "");
    if (a->source_names)
        fprintf(f,
                "  \"source_names\": {\"debug_info\": %s, \"call_edges\": %zu, \"located\": %zu, "
                "\"variables\": %zu, \"points_to\": %zu},\n",
                s->src_debug ? "true" : "false", s->src_edges, s->src_located, s->src_vars,
                s->src_pt);
    fprintf(f, "  \"seconds\": {\"walk_and_load\": %.3f, \"evaluation\": %.3f, \"output\": %.3f",
            s->t_walk, s->t_eval, s->t_out);
    if (a->factdir)
        fprintf(f, ", \"facts\": %.3f", s->t_facts);
    fputs("}\n}\n", f);
}

static const char *plural(size_t n) {
    return n == 1 ? "" : "s";
}

static void print_text(const AnalyzeArgs *a, const IrStats *ir, const Summary *s) {
    FILE *f = stdout;
    fputs("inputs:                 ", f);
    for (size_t i = 0; i < a->ninputs; i++)
        fprintf(f, "%s%s", i ? " " : "", a->inputs[i]);
    fprintf(f, " (%llu function%s, %llu instruction%s)\n", (unsigned long long)ir->functions,
            ir->functions == 1 ? "" : "s", (unsigned long long)ir->instructions,
            ir->instructions == 1 ? "" : "s");
    fprintf(f, "analysis:               %s",
            a->depth ? (a->depth == 1 ? "1-callsite contexts" : "2-callsite contexts")
                     : "context-insensitive");
    if (!a->depth)
        fprintf(f, " (heap cloning by %d wrapper site%s)", a->heap_depth,
                a->heap_depth == 1 ? "" : "s");
    fputs(", entry ", f);
    if (a->entry == ENTRY_CUSTOM)
        for (size_t i = 0; i < a->entries.len; i++)
            fprintf(f, "%s%s", i ? "," : "", a->entries.v[i]);
    else
        fputs(a->entry == ENTRY_ALL ? "all" : "main", f);
    fprintf(f, " (%zu entry function%s)\n", s->entry_functions, plural(s->entry_functions));
    fprintf(f, "pointer variables:      %zu with a points-to set; %zu targets, %.2f on average\n",
            s->pt_vars, s->pt_total, avg(s->pt_total, s->pt_vars));
    fprintf(f,
            "dereferenced:           %zu with a points-to set; %zu targets, %.2f on average; "
            "%zu in reachable functions point nowhere\n",
            s->deref_vars, s->deref_total, avg(s->deref_total, s->deref_vars), s->deref_empty);
    fprintf(f, "objects:                %zu (fields included); base objects:", s->objects);
    for (size_t i = 0; i < s->kinds.len; i++)
        fprintf(f, "%s %lld %s", i ? "," : "", (long long)s->kinds.v[i].n, s->kinds.v[i].name);
    fputc('\n', f);
    fprintf(f, "call graph:             %zu edge%s; %zu reachable function%s\n", s->edges,
            plural(s->edges), s->reachable, plural(s->reachable));
    fprintf(f,
            "indirect calls:         %zu in reachable functions; by number of targets: "
            "0: %zu, 1: %zu, 2-5: %zu, >5: %zu\n",
            s->indirect[0] + s->indirect[1] + s->indirect[2] + s->indirect[3], s->indirect[0],
            s->indirect[1], s->indirect[2], s->indirect[3]);
    fprintf(f, "unmodelled externals:   %zu function%s, %zu call%s\n", s->unmodelled.len,
            plural(s->unmodelled.len), s->unmodelled_calls, plural(s->unmodelled_calls));
    for (size_t i = 0; i < s->unmodelled.len; i++)
        fprintf(f, "  %8lld  %s\n", (long long)s->unmodelled.v[i].n, s->unmodelled.v[i].name);
    if (a->source_names && s->src_debug)
        fprintf(f,
                "source names:           %zu call edge%s, %zu at a source line; %zu named "
                "variable%s with %zu points-to fact%s\n",
                s->src_edges, plural(s->src_edges), s->src_located, s->src_vars,
                plural(s->src_vars), s->src_pt, plural(s->src_pt));
    else if (a->source_names)
        fputs("source names:           no debug info in the inputs (compile with -g): call "
              "edges name functions by their IR names, no variable is named\n",
              f);
    fprintf(f, "seconds:                walk+load facts %.3f, evaluation %.3f, output %.3f",
            s->t_walk, s->t_eval, s->t_out);
    if (a->factdir)
        fprintf(f, ", fact directory %.3f", s->t_facts);
    size_t n = strlen(a->outdir);
    while (n > 1 && a->outdir[n - 1] == '/')
        n--;
    fprintf(f, "\nwritten:                %zu relation%s to %.*s/", s->outputs, plural(s->outputs),
            (int)n, a->outdir);
    if (a->factdir)
        fprintf(f, "; the facts to %s/", a->factdir);
    fputc('\n', f);
}

/* ---- the command ------------------------------------------------------------------ */

/* Matches `SHORT VALUE`, `SHORTVALUE` (short may be NULL), `--LONG VALUE`, `--LONG=VALUE`.
 * Advances *i past the value; *missing when the value is absent. */
static bool opt_value(int argc, char **argv, int *i, const char *s, const char *l, const char **val,
                      bool *missing) {
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

static void args_release(AnalyzeArgs *a) {
    for (size_t i = 0; i < a->entries.len; i++)
        mem_free(a->entries.v[i]);
    vec_release(&a->entries);
    mem_free(a->inputs);
}

/* Parses --entry's value. */
static bool parse_entry(AnalyzeArgs *a, const char *v) {
    for (size_t i = 0; i < a->entries.len; i++)
        mem_free(a->entries.v[i]);
    a->entries.len = 0;
    if (!strcmp(v, "main")) {
        a->entry = ENTRY_MAIN;
        return true;
    }
    if (!strcmp(v, "all")) {
        a->entry = ENTRY_ALL;
        return true;
    }
    a->entry = ENTRY_CUSTOM;
    for (const char *p = v;;) {
        const char *c = strchr(p, ',');
        size_t n = c ? (size_t)(c - p) : strlen(p);
        if (n == 0) {
            cli_error("analyze: --entry takes main, all or FUNC,FUNC,... (an empty name in '%s')",
                      v);
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

/* Whether two paths name the same directory (or would: the same text). */
static bool same_dir(const char *x, const char *y) {
    size_t nx = strlen(x), ny = strlen(y);
    while (nx > 1 && x[nx - 1] == '/')
        nx--;
    while (ny > 1 && y[ny - 1] == '/')
        ny--;
    if (nx == ny && memcmp(x, y, nx) == 0)
        return true;
    struct stat sx, sy;
    return stat(x, &sx) == 0 && stat(y, &sy) == 0 && sx.st_dev == sy.st_dev &&
           sx.st_ino == sy.st_ino;
}

/* Returns -1 to go on, or the exit code (help printed, usage error). */
static int parse_args(int argc, char **argv, AnalyzeArgs *a) {
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i], *val = NULL;
        bool missing = false;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            fputs(analyze_help, stdout);
            return EXIT_OK;
        }
        if (!strcmp(s, "-q") || !strcmp(s, "--quiet")) {
            a->quiet = true;
            continue;
        }
        if (!strcmp(s, "--source-names")) {
            a->source_names = true;
            continue;
        }
        if (!strcmp(s, "--per-context")) {
            a->per_context = true;
            continue;
        }
        if (opt_value(argc, argv, &i, "-o", "output", &val, &missing)) {
            a->outdir = val;
        } else if (opt_value(argc, argv, &i, NULL, "context", &val, &missing)) {
            if (val) {
                a->depth = -1;
                for (int k = 0; k < 3; k++)
                    if (!strcmp(val, context_names[k]))
                        a->depth = k;
                if (a->depth < 0) {
                    cli_error("analyze: --context takes insensitive, 1-callsite or 2-callsite, "
                              "not '%s'",
                              val);
                    return cli_usage("analyze");
                }
            }
        } else if (opt_value(argc, argv, &i, NULL, "heap-depth", &val, &missing)) {
            if (val) {
                if (strlen(val) != 1 || val[0] < '1' || val[0] > '4') {
                    cli_error("analyze: --heap-depth takes 1, 2, 3 or 4, not '%s'", val);
                    return cli_usage("analyze");
                }
                a->heap_depth = val[0] - '0';
            }
        } else if (opt_value(argc, argv, &i, NULL, "entry", &val, &missing)) {
            if (val && !parse_entry(a, val))
                return cli_usage("analyze");
        } else if (opt_value(argc, argv, &i, NULL, "max-time", &val, &missing)) {
            if (val && !cli_parse_seconds(val, &a->max_time)) {
                cli_error("analyze: --max-time expects a number of seconds greater than 0, not "
                          "'%s'",
                          val);
                return cli_usage("analyze");
            }
        } else if (opt_value(argc, argv, &i, NULL, "models", &val, &missing)) {
            a->models = val;
        } else if (opt_value(argc, argv, &i, NULL, "facts", &val, &missing)) {
            a->factdir = val;
        } else if (opt_value(argc, argv, &i, NULL, "format", &val, &missing)) {
            if (val && strcmp(val, "text") && strcmp(val, "json")) {
                cli_error("analyze: --format takes text or json, not '%s'", val);
                return cli_usage("analyze");
            }
            if (val)
                a->json = !strcmp(val, "json");
        } else if (opt_value(argc, argv, &i, "-j", "jobs", &val, &missing)) {
            if (val && !strcmp(val, "auto")) {
                long n = sysconf(_SC_NPROCESSORS_ONLN);
                a->jobs = n > 0 ? (unsigned)n : 1;
            } else if (val) {
                char *end;
                long n = strtol(val, &end, 10);
                if (*end || n < 1 || n > 64) {
                    cli_error("analyze: -j expects a number of threads from 1 to 64 or 'auto', "
                              "not '%s'",
                              val);
                    return cli_usage("analyze");
                }
                a->jobs = (unsigned)n;
            }
        } else if (s[0] == '-' && s[1]) {
            cli_error("analyze: unknown option '%s'", s);
            return cli_usage("analyze");
        } else {
            a->inputs[a->ninputs++] = s;
        }
        if (missing) {
            cli_error("analyze: option '%s' needs a value", s);
            return cli_usage("analyze");
        }
    }
    if (a->ninputs == 0) {
        cli_error("analyze: no input (give .ll/.bc files)");
        return cli_usage("analyze");
    }
    if (a->per_context && !a->depth) {
        cli_error("analyze: --per-context needs --context 1-callsite or 2-callsite");
        return cli_usage("analyze");
    }
    if (!a->outdir || !*a->outdir) {
        cli_error("analyze: no output directory (give -o DIR)");
        return cli_usage("analyze");
    }
    if (a->factdir && (!*a->factdir || same_dir(a->factdir, a->outdir))) {
        cli_error("analyze: --facts needs a directory of its own (it is replaced whole), not "
                  "the -o directory");
        return cli_usage("analyze");
    }
    return -1;
}

/* The first progress report marks the end of reading the facts. */
typedef struct Timing {
    double eval_start;
    bool started;
} Timing;

static void on_progress(void *arg, const DlProgress *pr) {
    Timing *t = arg;
    if (!t->started) {
        t->started = true;
        t->eval_start = now_s();
    }
    progress_dl(NULL, pr);
}

/* Prints the diagnostics, except the warnings about the shipped program (its relations
 * that one configuration leaves empty, such as entry_name with --entry all). */
static void print_diags(const Diags *d) {
    for (size_t i = 0; i < d->v.len; i++) {
        const Diag *g = &d->v.v[i];
        const char *f = g->loc.file;
        if (g->severity != DIAG_ERROR && f &&
            (cli_embedded(f) || !strcmp(f, "schema.dl") || !strcmp(f, "<irlog analyze>") ||
             !strcmp(f, "<irlog analyze --source-names>")))
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

/* Checks the entry points; prints the errors. */
static bool entries_found(const DlProgram *p, const AnalyzeArgs *a) {
    size_t r;
    if (a->entry == ENTRY_ALL || !dl_relation_find(p, "analyze_entry_found", &r))
        return true;
    DlIter it;
    const DlValue *t;
    bool main_found = false, ok = true;
    for (size_t i = 0; i < a->entries.len || (a->entry == ENTRY_MAIN && i == 0); i++) {
        const char *want = a->entry == ENTRY_MAIN ? "main" : a->entries.v[i];
        bool found = false;
        if (dl_iter_init(&it, p, r) == OK) {
            while ((t = dl_iter_next(&it)))
                if (sym_eq(p, t[0], want))
                    found = true;
            dl_iter_release(&it);
        }
        if (a->entry == ENTRY_MAIN)
            main_found = found;
        else if (!found) {
            cli_error("analyze: --entry %s: no function of that name is defined in the input%s",
                      want, a->ninputs == 1 ? "" : "s");
            ok = false;
        }
    }
    if (a->entry == ENTRY_MAIN && !main_found) {
        cli_error("analyze: no function main; give --entry NAME or --entry all");
        ok = false;
    }
    return ok;
}

int cmd_analyze(int argc, char **argv) {
    AnalyzeArgs a;
    memset(&a, 0, sizeof a);
    a.heap_depth = IRLOG_HEAP_DEPTH_DEFAULT;
    a.jobs = 1;
    a.inputs = mem_calloc((size_t)argc, sizeof(char *));
    if (!a.inputs) {
        cli_error("out of memory");
        return EXIT_INTERNAL;
    }
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0) {
        args_release(&a);
        return rc;
    }
    rc = EXIT_OK;
    double t0 = now_s();
    StrBuf text = SB_INIT;
    Diags d;
    diags_init(&d);
    DlProgram *prog = NULL;
    IrStats ir;
    memset(&ir, 0, sizeof ir);
    Summary sum;
    memset(&sum, 0, sizeof sum);

    /* an output that cannot be written is known now, before the work */
    struct stat st;
    if (stat(a.outdir, &st) == 0 && (!S_ISDIR(st.st_mode) || access(a.outdir, W_OK | X_OK) != 0)) {
        cli_error("analyze: cannot write to '%s': %s", a.outdir,
                  S_ISDIR(st.st_mode) ? strerror(errno) : "not a directory");
        rc = EXIT_OUTPUT;
        goto out;
    }
    rc = build_program(&a, &text);
    if (rc != EXIT_OK)
        goto out;
    char depth[32], heap_depth[32];
    snprintf(depth, sizeof depth, "IRLOG_CONTEXT_DEPTH=%d", a.depth);
    snprintf(heap_depth, sizeof heap_depth, "IRLOG_HEAP_DEPTH=%d", a.heap_depth);
    const char *defs[5] = {depth, heap_depth, NULL, NULL, NULL}, **def = defs + 2;
    if (a.entry != ENTRY_MAIN)
        *def++ = a.entry == ENTRY_ALL ? "IRLOG_ENTRY_ALL" : "IRLOG_ENTRY_CUSTOM";
    if (a.per_context)
        *def++ = "IRLOG_CONTEXT_OUTPUT";
    progress_init(a.quiet);
    progress_show(true, "loading the analysis");
    /* the name gives cpp its include directory: the model file's, for its own #includes */
    Status s = dl_program_load_string(&prog, a.models ? a.models : "pointsto.dl", text.buf,
                                      text.len, defs, &d);
    progress_done();
    print_diags(&d);
    if (s != OK) {
        if (s == E_NOMEM)
            cli_error("out of memory");
        else
            cli_error("analyze: the analysis program has errors%s",
                      a.models ? " (see above; the model file is checked with it)" : "");
        rc = status_exit(s);
        goto out;
    }
    diags_release(&d);
    diags_init(&d);

    /* the facts, from the walker into the program */
    if (a.ninputs == 1)
        progress_show(true, "reading and walking %s", a.inputs[0]);
    else
        progress_show(true, "reading, linking and walking %zu inputs", a.ninputs);
    rc = facts_into_program(a.inputs, a.ninputs, prog, true, &ir);
    progress_done();
    if (rc != EXIT_OK)
        goto out;

    /* evaluation */
    DlRunOptions o;
    dl_run_options_init(&o);
    o.write_outputs = false;
    o.free_dead = true;
    o.keep = keep_relation;
    o.jobs = a.jobs;
    o.max_seconds = a.max_time;
    Timing tm = {0, false};
    o.progress = on_progress;
    o.progress_arg = &tm;
    o.interrupt = interrupt_begin();
    progress_show(true, "reading the facts");
    s = dl_run(prog, &o, &d);
    int sig = interrupt_end();
    progress_done();
    double t1 = now_s();
    if (!tm.started)
        tm.eval_start = t1;
    sum.t_walk = tm.eval_start - t0;
    sum.t_eval = t1 - tm.eval_start;
    if (s != OK) {
        if (sig) {
            cli_error("analyze: interrupted by signal %d (%s); nothing was written", sig,
                      strsignal(sig));
            rc = 128 + sig;
            goto out;
        }
        print_diags(&d);
        if (s == E_LIMIT && dl_run_timed_out(prog))
            cli_error("analyze: stopped by --max-time after %.1f s of evaluation; nothing was "
                      "written",
                      sum.t_eval);
        else
            cli_error("analyze: the evaluation failed: %s", status_str(s));
        rc = status_exit(s);
        goto out;
    }
    print_diags(&d); /* warnings */
    if (!entries_found(prog, &a)) {
        rc = EXIT_INPUT;
        goto out;
    }
    s = summarize(prog, &sum);
    if (s != OK) {
        cli_error("analyze: %s",
                  s == E_NOMEM ? "out of memory" : "internal error: relations missing");
        rc = EXIT_INTERNAL;
        goto out;
    }

    /* the fact directory (a second walk, as irlog facts does it), then the results */
    if (a.factdir) {
        double tf = now_s();
        progress_show(true, "writing the facts to %s", a.factdir);
        rc = facts_generate(a.inputs, a.ninputs, a.factdir);
        progress_done();
        sum.t_facts = now_s() - tf;
        if (rc != EXIT_OK)
            goto out;
    }
    double t2 = now_s();
    /* the engine's writer: temporary names, renamed only when every file was written */
    progress_show(true, "writing the results to %s", a.outdir);
    o.output_dir = a.outdir;
    s = dl_write_outputs(prog, &o, &d);
    progress_done();
    if (s != OK) {
        print_diags(&d);
        rc = s == E_NOMEM ? EXIT_INTERNAL : EXIT_OUTPUT;
        goto out;
    }
    for (size_t r = 0; r < dl_relation_count(prog); r++)
        sum.outputs += dl_relation_is_output(prog, r);
    sum.t_out = now_s() - t2;
    if (a.json)
        print_json(&a, &ir, &sum);
    else
        print_text(&a, &ir, &sum);
    if (fflush(stdout) != 0)
        rc = EXIT_OUTPUT;

out:
    release_counts(&sum.kinds);
    release_counts(&sum.unmodelled);
    dl_program_free(prog);
    diags_release(&d);
    sb_release(&text);
    args_release(&a);
    return rc;
}
