/*
 * cmd_analyze.c — `irlog analyze INPUT... -o OUT`: the points-to analysis and call graph
 * of datalog/analysis/pointsto.dl over the linked inputs, with a summary (docs/analyze.md).
 *
 * Owns: its own options (--context, --per-context, --heap-depth, --source-names, --facts,
 * --format), what it adds to the program analysis.c assembles (pointsto.dl and
 * pointsto_models.dl, the summary's extra rules, the --source-names rules; the user's file
 * is --models), configuring it with its preprocessor macros, writing every .output
 * relation to OUT and printing the summary. The options it shares with irlog taint, the
 * assembly, the walk, the evaluation and the entry check are analysis.c's.
 *
 * Invariants: nothing is written before the evaluation succeeded and the entry points
 * were found; the output files are written under temporary names in OUT and renamed
 * only when every one was written (a failure or a signal removes them, and OUT itself
 * when this run created it). The files are the engine's output format: the tuples in
 * dl_iter's order (the order of the engine's writer) formatted by dl_value_format,
 * tab-separated, so they are byte for byte those of
 * `irlog run datalog/analysis/pointsto.dl -D`.
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
#include <unistd.h>

#include "cli.h"
#include "dl.h"
#include "facts.h"
#include "ir.h"
#include "source_names.h"
#include "strbuf.h"

/* the default of --heap-depth (and of IRLOG_HEAP_DEPTH in datalog/analysis/pointsto.dl) */
#define IRLOG_HEAP_DEPTH_DEFAULT 1
#define STR_(x) #x
#define STR(x) STR_(x)

static const char analyze_help[] =
    "usage: irlog analyze INPUT... -o OUT [options]\n"
    "Points-to analysis and call graph (datalog/analysis/pointsto.dl) of the linked inputs.\n"
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
    "      --model-consts      each constant global that holds no pointer (a string\n"
    "                          literal) is an object of its own, not one of <constants>\n"
    "      --collapsed FILE    objects to collapse from the start (collapsed.csv of an\n"
    "                          earlier analysis of the same program: skips the runs that\n"
    "                          found them)\n"
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
    "      no such entry function, unreadable --collapsed file), 4 output not written,\n"
    "      5 memory or time limit, internal error, 128+N stopped by signal N (nothing\n"
    "      written). See docs/analyze.md.\n";

/* Rules only the command needs, for its checks and its summary. They read the
 * relations of pointsto.dl; none is an output. */
static const char analyze_extras[] =
    // the entry names that name a defined function
    ".decl analyze_entry_found(name: symbol)\n"
    "analyze_entry_found(N) :- entry_name(N), function_name(F, N), function_definition(F).\n"
    // variables with a points-to set: var_points_to's rules in pointsto.dl, which these
    // do not read, so that the writer makes it a slice at a time (slice_outputs)
    ".decl analyze_pt_var(v: Variable)\n"
    "analyze_pt_var(V) :- variable(V), !promoted(V), norm(V, R), pt(_, R, _).\n"
    "analyze_pt_var(V) :- promoted(V), instruction_to(I, V), stack_object(_, I, _).\n"
    // dereferenced variables: the address of a load or a store
    ".decl analyze_deref(v: Variable)\n"
    "analyze_deref(V) :- load_instruction_address(_, V), variable(V).\n"
    "analyze_deref(V) :- store_instruction_address(_, V), variable(V).\n"
    ".decl analyze_deref_pt(v: Variable, obj: symbol)\n"
    "analyze_deref_pt(V, X) :- analyze_deref(V), !promoted(V), norm(V, R), pt(_, R, X).\n"
    "analyze_deref_pt(V, O) :- analyze_deref(V), promoted(V), instruction_to(I, V),\n"
    "    stack_object(_, I, O).\n"
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

typedef struct AnalyzeArgs {
    Analysis base;       /* the options shared with irlog taint (analysis.c) */
    const char *factdir; /* --facts, or NULL */
    int depth;           /* IRLOG_CONTEXT_DEPTH */
    bool per_context;    /* --per-context: IRLOG_CONTEXT_OUTPUT */
    int heap_depth;      /* IRLOG_HEAP_DEPTH */
    bool json;
    bool source_names; /* --source-names */
} AnalyzeArgs;

static const char *const context_names[] = {"insensitive", "1-callsite", "2-callsite"};

/* the names of the command's own parts of the program (their warnings are not shown) */
static const char *const own_parts[] = {"<irlog analyze>", "<irlog analyze --source-names>",
                                        NULL};

static const AnalysisCmd analyze_cmd = {
    .name = "analyze",
    .help = analyze_help,
    .user_opt = "models",
    .user_kind = "model",
    .main_name = "pointsto.dl",
    .entry_found = "analyze_entry_found",
    .own_parts = own_parts,
    .keep = keep_relation,
    .slice_outputs = true,
};

/* Builds the whole analysis program. Returns EXIT_OK, or an exit code after an error
 * message (the model or --collapsed file unreadable, the build without its .dl files). */
static int build_program(AnalyzeArgs *a, StrBuf *sb) {
    static const char *const parts[] = {"pointsto.dl", "pointsto_models.dl"};
    const char *extras[5] = {own_parts[0], analyze_extras, NULL, NULL, NULL};
    if (a->source_names) {
        extras[2] = own_parts[1];
        extras[3] = cli_source_names_rules;
    }
    return analysis_build_program(&a->base, sb, parts, 2, 0, extras);
}

/* ---- reading the results ---------------------------------------------------------- */

static size_t rel_size(const DlProgram *p, const char *name) {
    size_t r;
    return dl_relation_find(p, name, &r) ? dl_relation_size(p, r) : 0;
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
    for (size_t i = 0; i < a->base.ninputs; i++) {
        if (i)
            fputs(", ", f);
        cli_json_str(f, a->base.inputs[i]);
    }
    fprintf(f, "],\n  \"functions\": %llu,\n  \"instructions\": %llu,\n",
            (unsigned long long)ir->functions, (unsigned long long)ir->instructions);
    fputs("  \"output\": ", f);
    cli_json_str(f, a->base.outdir);
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
    if (a->base.entry == ANALYSIS_ENTRY_CUSTOM) {
        fputc('[', f);
        for (size_t i = 0; i < a->base.entries.len; i++) {
            if (i)
                fputs(", ", f);
            cli_json_str(f, a->base.entries.v[i]);
        }
        fputc(']', f);
    } else {
        fputs(a->base.entry == ANALYSIS_ENTRY_ALL ? "\"all\"" : "\"main\"", f);
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
    fputs("},\n", f);
    if (a->base.collapse) {
        fprintf(f, "  \"collapsed\": {\"objects\": %zu, \"runs\": %u", a->base.ncollapsed,
                a->base.runs);
        if (a->base.seed_runs)
            fprintf(f, ", \"insensitive_runs\": %u", a->base.seed_runs);
        analysis_print_runs(&a->base, f, true);
        fputs("},\n", f);
    }
    fprintf(f, "  \"call_graph_edges\": %zu,\n  \"reachable_functions\": %zu,\n", s->edges,
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
    for (size_t i = 0; i < a->base.ninputs; i++)
        fprintf(f, "%s%s", i ? " " : "", a->base.inputs[i]);
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
    if (a->base.entry == ANALYSIS_ENTRY_CUSTOM)
        for (size_t i = 0; i < a->base.entries.len; i++)
            fprintf(f, "%s%s", i ? "," : "", a->base.entries.v[i]);
    else
        fputs(a->base.entry == ANALYSIS_ENTRY_ALL ? "all" : "main", f);
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
    if (a->base.collapse) {
        fprintf(f,
                "collapsed:              %zu object%s reached at an unknown offset, one field "
                "each (%u run%s",
                a->base.ncollapsed, plural(a->base.ncollapsed), a->base.runs,
                plural(a->base.runs));
        analysis_print_runs(&a->base, f, false);
        if (a->base.seed_runs)
            fprintf(f, ", after %u of the context-insensitive analysis", a->base.seed_runs);
        fputs(")\n", f);
    }
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
    size_t n = strlen(a->base.outdir);
    while (n > 1 && a->base.outdir[n - 1] == '/')
        n--;
    fprintf(f, "\nwritten:                %zu relation%s to %.*s/", s->outputs, plural(s->outputs),
            (int)n, a->base.outdir);
    if (a->factdir)
        fprintf(f, "; the facts to %s/", a->factdir);
    fputc('\n', f);
}

/* ---- the command ------------------------------------------------------------------ */

/* The command's own options (AnalysisOption). */
static int own_option(void *arg, int argc, char **argv, int *i, const char **val, bool *missing) {
    AnalyzeArgs *a = arg;
    const char *s = argv[*i];
    if (!strcmp(s, "--source-names")) {
        a->source_names = true;
    } else if (!strcmp(s, "--per-context")) {
        a->per_context = true;
    } else if (analysis_opt_value(argc, argv, i, NULL, "context", val, missing)) {
        if (*val) {
            a->depth = -1;
            for (int k = 0; k < 3; k++)
                if (!strcmp(*val, context_names[k]))
                    a->depth = k;
            if (a->depth < 0) {
                cli_error("analyze: --context takes insensitive, 1-callsite or 2-callsite, "
                          "not '%s'",
                          *val);
                return cli_usage("analyze");
            }
        }
    } else if (analysis_opt_value(argc, argv, i, NULL, "heap-depth", val, missing)) {
        if (*val) {
            if (strlen(*val) != 1 || (*val)[0] < '1' || (*val)[0] > '4') {
                cli_error("analyze: --heap-depth takes 1, 2, 3 or 4, not '%s'", *val);
                return cli_usage("analyze");
            }
            a->heap_depth = (*val)[0] - '0';
        }
    } else if (analysis_opt_value(argc, argv, i, NULL, "facts", val, missing)) {
        a->factdir = *val;
    } else if (analysis_opt_value(argc, argv, i, NULL, "format", val, missing)) {
        if (*val && strcmp(*val, "text") && strcmp(*val, "json")) {
            cli_error("analyze: --format takes text or json, not '%s'", *val);
            return cli_usage("analyze");
        }
        if (*val)
            a->json = !strcmp(*val, "json");
    } else {
        return ANALYSIS_OPT_NONE;
    }
    return ANALYSIS_OPT_DONE;
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


/* Removes the parents of dir that make_parents created, deepest first, up to top (the
 * outermost); rmdir, so only while they are empty. */
static void remove_parents(const char *dir, const char *top) {
    char *d = mem_strdup(dir);
    if (!d)
        return;
    size_t n = strlen(d), ntop = strlen(top);
    while (n > 1 && d[n - 1] == '/')
        d[--n] = '\0';
    for (char *cut = strrchr(d, '/'); cut; cut = strrchr(d, '/')) {
        *cut = '\0';
        if (strlen(d) < ntop)
            break;
        rmdir(d);
        if (strcmp(d, top) == 0)
            break;
    }
    mem_free(d);
}

/* Creates the missing parents of dir (mkdir -p of all but its last component), as the
 * engine's writer does for -o. OUT *top: the outermost directory created (mem_free it),
 * NULL when none was missing. -1 with errno on failure, with what it created removed. */
static int make_parents(const char *dir, char **top) {
    *top = NULL;
    char *d = mem_strdup(dir);
    if (!d) {
        errno = ENOMEM;
        return -1;
    }
    size_t n = strlen(d);
    while (n > 1 && d[n - 1] == '/')
        d[--n] = '\0';
    char *last = strrchr(d, '/');
    int rc = 0;
    if (last && last != d) { /* not "x" or "/x", whose parent exists */
        *last = '\0';
        for (char *q = d + 1;; q++) {
            if (*q != '/' && *q != '\0')
                continue;
            char c = *q;
            *q = '\0';
            if (q[-1] != '/') { /* not the empty component of "a//b" */
                if (mkdir(d, 0777) == 0) {
                    if (!*top && !(*top = mem_strdup(d))) {
                        rmdir(d);
                        errno = ENOMEM;
                        rc = -1;
                    }
                } else if (errno != EEXIST)
                    rc = -1;
            }
            *q = c;
            if (rc != 0 || c == '\0')
                break;
        }
    }
    if (rc != 0 && *top) {
        int e = errno;
        remove_parents(dir, *top);
        mem_free(*top);
        *top = NULL;
        errno = e;
    }
    mem_free(d);
    return rc;
}

/* Returns -1 to go on, or the exit code (help printed, usage error). */
static int parse_args(int argc, char **argv, AnalyzeArgs *a) {
    int rc = analysis_parse_args(&a->base, argc, argv, own_option, a);
    if (rc >= 0)
        return rc;
    if (a->per_context && !a->depth) {
        cli_error("analyze: --per-context needs --context 1-callsite or 2-callsite");
        return cli_usage("analyze");
    }
    rc = analysis_need_outdir(&a->base);
    if (rc >= 0)
        return rc;
    if (a->factdir && (!*a->factdir || same_dir(a->factdir, a->base.outdir))) {
        cli_error("analyze: --facts needs a directory of its own (it is replaced whole), not "
                  "the -o directory");
        return cli_usage("analyze");
    }
    return -1;
}

int cmd_analyze(int argc, char **argv) {
    AnalyzeArgs a;
    memset(&a, 0, sizeof a);
    Analysis *b = &a.base;
    int rc = analysis_init(b, &analyze_cmd, argc);
    a.heap_depth = IRLOG_HEAP_DEPTH_DEFAULT;
    StrBuf text = SB_INIT;
    Summary sum;
    memset(&sum, 0, sizeof sum);
    if (rc != EXIT_OK)
        goto out;
    rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        goto out;
    rc = analysis_start(b);
    if (rc != EXIT_OK)
        goto out;
    rc = build_program(&a, &text);
    if (rc != EXIT_OK)
        goto out;
    char depth[32], heap_depth[32];
    snprintf(depth, sizeof depth, "IRLOG_CONTEXT_DEPTH=%d", a.depth);
    snprintf(heap_depth, sizeof heap_depth, "IRLOG_HEAP_DEPTH=%d", a.heap_depth);
    const char *defs[] = {depth, heap_depth, a.per_context ? "IRLOG_CONTEXT_OUTPUT" : NULL, NULL};
    /* with contexts, the objects to collapse are first found context-insensitively */
    const char *seed[] = {"IRLOG_CONTEXT_DEPTH=0", heap_depth, NULL};
    if (a.depth > 0 && !b->coll_file)
        b->seed_defs = seed;
    rc = analysis_execute(b, &text, defs);
    sum.t_walk = b->t_walk;
    sum.t_eval = b->t_eval;
    if (rc != EXIT_OK)
        goto out;

    /* the fact directory (a second walk, as irlog facts does it), then the results */
    if (a.factdir) {
        double tf = analysis_now();
        char *top = NULL;
        if (make_parents(a.factdir, &top) != 0) {
            cli_error("analyze: --facts %s: cannot create its parent directories: %s",
                      a.factdir, strerror(errno));
            rc = EXIT_OUTPUT;
            goto out;
        }
        progress_show(true, "writing the facts to %s", a.factdir);
        rc = facts_generate(b->inputs, b->ninputs, a.factdir);
        progress_done();
        sum.t_facts = analysis_now() - tf;
        if (rc != EXIT_OK && top)
            remove_parents(a.factdir, top);
        mem_free(top);
        if (rc != EXIT_OK)
            goto out;
    }
    double t2 = analysis_now();
    /* the engine's writer: temporary names, renamed only when every file was written */
    progress_show(true, "writing the results to %s", b->outdir);
    b->run.output_dir = b->outdir;
    /* (the writer makes the outputs that no rule reads; the last run froze no object, so
       its filter dropped nothing) */
    b->run.filter = NULL;
    Status s = dl_write_outputs(b->prog, &b->run, &b->diags);
    progress_done();
    if (s != OK) {
        analysis_print_diags(b);
        rc = s == E_NOMEM ? EXIT_INTERNAL : EXIT_OUTPUT;
        goto out;
    }
    /* (after the results: those the writer made a slice at a time are counted then) */
    s = summarize(b->prog, &sum);
    if (s != OK) {
        cli_error("analyze: %s",
                  s == E_NOMEM ? "out of memory" : "internal error: relations missing");
        rc = EXIT_INTERNAL;
        goto out;
    }
    for (size_t r = 0; r < dl_relation_count(b->prog); r++)
        sum.outputs += dl_relation_is_output(b->prog, r);
    sum.t_out = analysis_now() - t2;
    if (a.json)
        print_json(&a, &b->ir, &sum);
    else
        print_text(&a, &b->ir, &sum);
    if (fflush(stdout) != 0)
        rc = EXIT_OUTPUT;

out:
    release_counts(&sum.kinds);
    release_counts(&sum.unmodelled);
    sb_release(&text);
    analysis_release(b);
    return rc;
}
