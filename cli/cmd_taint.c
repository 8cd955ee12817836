/*
 * cmd_taint.c — `irlog taint INPUT... -o OUT`: the taint analysis of
 * datalog/analysis/taint.dl (over the points-to results of datalog/analysis/pointsto.dl)
 * on the linked inputs, with a witness for every finding, as text, JSON or SARIF 2.1.0
 * (docs/taint.md).
 *
 * Owns: its --format, what it adds to the program analysis.c assembles (pointsto.dl and
 * pointsto_models.dl without their .output lines, taint.dl, taint_config.dl, its entry
 * check's rule; the user's file is --config), finding the shortest path of steps
 * (taint_edge) from each finding's source to its sink (a breadth-first search, edges in
 * the engine's sorted order, so the witness is deterministic), and writing the results.
 * The options it shares with irlog analyze, the assembly, the walk, the evaluation and the
 * entry check are analysis.c's.
 *
 * Invariants: nothing is written before the evaluation succeeded and the entry points
 * were found. OUT receives the .output relations of taint.dl (the engine's writer:
 * temporary names, renamed when all were written), taint_witness.csv and taint.sarif
 * (written under temporary names first, renamed after the engine's files); a failure
 * removes the temporary files.
 *
 * Exit: 0 ok (findings or not), 2 usage, 3 bad input (unreadable or invalid IR, a config
 * file with errors, no entry point), 4 output not written, 5 memory limit or internal
 * error, 128 + the signal when SIGINT/SIGTERM stopped it.
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
#include "map.h"
#include "strbuf.h"
#include "vec.h"

static const char taint_help[] =
    "usage: irlog taint INPUT... -o OUT [options]\n"
    "Taint analysis (datalog/analysis/taint.dl over datalog/analysis/pointsto.dl) of the\n"
    "linked inputs: which untrusted inputs reach dangerous calls, each finding with its\n"
    "shortest witness.\n"
    "  -o, --output DIR        write the results to DIR (required): taint_finding.csv,\n"
    "                          taint_source_site.csv, taint_sink_site.csv,\n"
    "                          taint_witness.csv, taint.sarif\n"
    "      --config FILE.dl    more sources, sinks, sanitizers and propagators (added to\n"
    "                          datalog/analysis/taint_config.dl)\n"
    "      --no-default-config with --config: the file replaces taint_config.dl (only\n"
    "                          its sources, sinks, sanitizers and propagators count)\n"
    "      --model-consts      each constant global that holds no pointer (a string\n"
    "                          literal) is an object of its own, not one of <constants>\n"
    "      --collapsed FILE    objects to collapse from the start (collapsed.csv of an\n"
    "                          earlier analysis of the same program: skips the runs that\n"
    "                          found them)\n"
    "      --format text|json|sarif  what is printed on stdout (default text)\n"
    "      --entry WHAT        main (default), all (every externally visible function),\n"
    "                          or FUNC,FUNC,... (functions by name)\n"
    "  -j, --jobs N            engine threads (default 1; 'auto' = all cores)\n"
    "      --max-time SECONDS  stop the evaluation after SECONDS (exit 5, nothing written;\n"
    "                          the error names the relations and rules that grew)\n"
    "  -q, --quiet             no progress line (shown only when stderr is a terminal)\n"
    "exit: 0 ok (with or without findings), 2 usage, 3 bad input (unreadable or invalid IR,\n"
    "      errors in the config file, no such entry function, unreadable --collapsed\n"
    "      file), 4 output not written, 5 memory or time limit, internal error, 128+N\n"
    "      stopped by signal N (nothing written). See docs/taint.md.\n";

/* Rules only the command needs (its entry check). */
static const char taint_extras[] =
    ".decl taint_entry_found(name: symbol)\n"
    "taint_entry_found(N) :- entry_name(N), function_name(F, N), function_definition(F).\n";

/* The relations read after the evaluation besides the outputs. */
static const char *const kept[] = {"taint_entry_found", "taint_edge",      "taint_loc",
                                   "taint_src",         "taint_sink_node", "taint_insn_what",
                                   "taint_node_name",   "taint_class",     "taint_darg_value",
                                   NULL};

static bool keep_relation(void *arg, const char *name) {
    (void)arg;
    for (size_t i = 0; kept[i]; i++)
        if (!strcmp(kept[i], name))
            return true;
    return false;
}

typedef enum Format { FMT_TEXT, FMT_JSON, FMT_SARIF } Format;

typedef struct TaintArgs {
    Analysis base; /* the options shared with irlog analyze (analysis.c) */
    Format format;
    bool no_default; /* --no-default-config: taint_config.dl left out */
} TaintArgs;

/* the name of the command's own part of the program (its warnings are not shown) */
static const char *const own_parts[] = {"<irlog taint>", NULL};

static const AnalysisCmd taint_cmd = {
    .name = "taint",
    .help = taint_help,
    .user_opt = "config",
    .user_kind = "config",
    .main_name = "taint.dl",
    .entry_found = "taint_entry_found",
    .own_parts = own_parts,
    .keep = keep_relation,
};

/* ---- the program ------------------------------------------------------------------- */

/* Builds the program: pointsto.dl and pointsto_models.dl without their .output lines, so
 * that pointsto.dl's results are not written and are freed once read. */
static int build_program(TaintArgs *a, StrBuf *sb) {
    static const char *const parts[] = {"pointsto.dl", "pointsto_models.dl", "taint.dl",
                                        "taint_config.dl"};
    const char *const extras[] = {own_parts[0], taint_extras, NULL};
    return analysis_build_program(&a->base, sb, parts, a->no_default ? 3 : 4, 2, extras);
}

/* ---- reading the results ----------------------------------------------------------- */

typedef struct Sym {
    const char *s;
    size_t n;
} Sym;

static Sym sym(const DlProgram *p, DlValue v) {
    Sym r;
    r.s = dl_value_symbol(p, v, &r.n);
    return r;
}

/* A relation's rows, copied (arity values each, in the engine's sorted order). */
typedef struct Rows {
    DlValue *v;
    size_t n, arity;
} Rows;

static Status read_rows(const DlProgram *p, const char *name, Rows *out) {
    memset(out, 0, sizeof *out);
    size_t r;
    if (!dl_relation_find(p, name, &r))
        return E_INTERNAL;
    out->arity = dl_relation_arity(p, r);
    size_t total = dl_relation_size(p, r);
    if (total) {
        out->v = mem_alloc(total * out->arity * sizeof(DlValue));
        if (!out->v)
            return E_NOMEM;
    }
    DlIter it;
    const DlValue *t;
    Status st = dl_iter_init(&it, p, r);
    if (st != OK)
        return st;
    while ((t = dl_iter_next(&it)) && out->n < total)
        memcpy(out->v + out->n++ * out->arity, t, out->arity * sizeof(DlValue));
    dl_iter_release(&it);
    return OK;
}

static const DlValue *row(const Rows *r, size_t i) {
    return r->v + i * r->arity;
}

static void rows_release(Rows *r) {
    mem_free(r->v);
    memset(r, 0, sizeof *r);
}

/* Maps the first column of every row to the first row that has it (rows sorted). */
static Status index_first(const Rows *r, Map *m) {
    for (size_t i = 0; i < r->n; i++) {
        uint64_t x;
        if (map_get(m, row(r, i)[0], &x))
            continue;
        Status st = map_put(m, row(r, i)[0], i);
        if (st != OK)
            return st;
    }
    return OK;
}

/* One step of a witness: the instruction (or parameter) and the node it taints. */
typedef struct Step {
    DlValue insn, node;
    int kind; /* 0 source, 1 step, 2 sink */
} Step;

typedef struct Finding {
    const DlValue *t; /* class, site, source name, sink, arg, sink name */
    Step *steps;
    size_t nsteps;
} Finding;

/* The steps (taint_edge) as a graph for the searches: its nodes numbered 0..n-1 (ix: node
 * -> number; the nodes of the steps, the source nodes, the sinks' nodes and their values),
 * node i's steps the rows [out[i], out_end[i]) of taint_edge (sorted by their first column:
 * a node's steps are together, in the engine's order), each row's nodes by number. A
 * search's state, per number: seen[i] == round when reached in the current round,
 * parent[i] the row + 1 it was reached by (0: the source), target[i] == round for a node
 * to reach. Arrays, not maps: a search per source visits most of the steps. */
typedef struct Graph {
    Map ix;
    size_t n;
    size_t *out, *out_end, *parent; /* per node */
    uint32_t *seen, *target, *queue; /* per node */
    uint32_t *from, *to;             /* per row of taint_edge */
    uint32_t round;
} Graph;

typedef struct Results {
    Rows findings, sources, sinks, edges, locs, srcs, sink_nodes, what, names, classes, dvalue;
    Graph g;
    Map loc_at;   /* insn -> row of taint_loc */
    Map what_at;  /* insn -> row of taint_insn_what */
    Map name_at;  /* node -> row of taint_node_name */
    Map sink_at;  /* insn -> first row of taint_sink_node */
    Map dval_at;  /* node -> first row of taint_darg_value */
    Finding *f;   /* findings.n */
    bool any_debug;
    size_t sources_reaching, sinks_reached;
    double t_witness;
} Results;

static void results_release(Results *r) {
    if (r->f)
        for (size_t i = 0; i < r->findings.n; i++)
            mem_free(r->f[i].steps);
    mem_free(r->f);
    Rows *all[] = {&r->findings, &r->sources, &r->sinks, &r->edges, &r->locs,
                   &r->srcs,     &r->sink_nodes, &r->what, &r->names, &r->classes,
                   &r->dvalue};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        rows_release(all[i]);
    Graph *g = &r->g;
    map_release(&g->ix);
    mem_free(g->out);
    mem_free(g->out_end);
    mem_free(g->parent);
    mem_free(g->seen);
    mem_free(g->target);
    mem_free(g->queue);
    mem_free(g->from);
    mem_free(g->to);
    map_release(&r->loc_at);
    map_release(&r->what_at);
    map_release(&r->name_at);
    map_release(&r->sink_at);
    map_release(&r->dval_at);
}

/* Numbers node v (a new number when it has none); *num, when not NULL, gets it. */
static Status number_node(Graph *g, DlValue v, uint32_t *num) {
    uint64_t x;
    if (!map_get(&g->ix, v, &x)) {
        if (g->n >= UINT32_MAX)
            return E_LIMIT;
        x = g->n++;
        Status st = map_put(&g->ix, v, x);
        if (st != OK)
            return st;
    }
    if (num)
        *num = (uint32_t)x;
    return OK;
}

/* Builds r->g from the rows read. */
static Status build_graph(Results *r) {
    Graph *g = &r->g;
    const Rows *e = &r->edges;
    g->from = mem_alloc((e->n + 1) * sizeof *g->from);
    g->to = mem_alloc((e->n + 1) * sizeof *g->to);
    if (!g->from || !g->to)
        return E_NOMEM;
    Status st = OK;
    for (size_t i = 0; i < e->n && st == OK; i++)
        if ((st = number_node(g, row(e, i)[0], &g->from[i])) == OK)
            st = number_node(g, row(e, i)[1], &g->to[i]);
    for (size_t i = 0; i < r->srcs.n && st == OK; i++)
        st = number_node(g, row(&r->srcs, i)[0], NULL);
    for (size_t i = 0; i < r->sink_nodes.n && st == OK; i++)
        st = number_node(g, row(&r->sink_nodes, i)[2], NULL);
    for (size_t i = 0; i < r->dvalue.n && st == OK; i++)
        st = number_node(g, row(&r->dvalue, i)[1], NULL);
    if (st != OK)
        return st;
    size_t n = g->n ? g->n : 1;
    g->out = mem_calloc(n, sizeof *g->out);
    g->out_end = mem_calloc(n, sizeof *g->out_end);
    g->parent = mem_calloc(n, sizeof *g->parent);
    g->seen = mem_calloc(n, sizeof *g->seen);
    g->target = mem_calloc(n, sizeof *g->target);
    g->queue = mem_calloc(n, sizeof *g->queue);
    if (!g->out || !g->out_end || !g->parent || !g->seen || !g->target || !g->queue)
        return E_NOMEM;
    for (size_t i = 0; i < e->n; i++) {
        if (!i || g->from[i] != g->from[i - 1])
            g->out[g->from[i]] = i;
        g->out_end[g->from[i]] = i + 1;
    }
    return OK;
}

/* Node v's number, when it has one. */
static bool node_number(const Graph *g, DlValue v, uint32_t *num) {
    uint64_t x;
    if (!map_get(&g->ix, v, &x))
        return false;
    *num = (uint32_t)x;
    return true;
}

/* Whether the current search reached node v. */
static bool reached(const Graph *g, DlValue v) {
    uint32_t i;
    return node_number(g, v, &i) && g->seen[i] == g->round;
}

/* The shortest paths from source node s (numbered), in the current round: parent[node] =
 * the row of taint_edge + 1 by which a breadth-first search first reached it (edges in
 * sorted order), until every target (ntargets of them) was reached or nothing more can
 * be. */
static void bfs(Graph *g, uint32_t s, size_t ntargets) {
    size_t qlen = 0;
    g->queue[qlen++] = s;
    g->seen[s] = g->round;
    g->parent[s] = 0;
    size_t hit = g->target[s] == g->round;
    for (size_t qi = 0; qi < qlen && hit < ntargets; qi++) {
        uint32_t u = g->queue[qi];
        for (size_t e = g->out[u]; e < g->out_end[u]; e++) {
            uint32_t v = g->to[e];
            if (g->seen[v] == g->round)
                continue;
            g->seen[v] = g->round;
            g->parent[v] = e + 1;
            g->queue[qlen++] = v;
            hit += g->target[v] == g->round;
        }
    }
}

/* Builds finding f's witness from the search from its source node: the shortest path to
 * the sink argument's value when the value itself is tainted (how the value came there),
 * else the shortest path to the argument's node (its value or what it points to). */
static Status witness(const Results *r, Finding *f, DlValue src_node, DlValue sink_node) {
    const Graph *g = &r->g;
    Vec(size_t) path = {0}; /* edge rows, sink first */
    uint32_t n;
    Status st = OK;
    if (!node_number(g, sink_node, &n))
        return E_INTERNAL;
    uint64_t d;
    if (map_get(&r->dval_at, sink_node, &d))
        for (; d < r->dvalue.n && row(&r->dvalue, d)[0] == sink_node; d++)
            if (reached(g, row(&r->dvalue, d)[1])) {
                node_number(g, row(&r->dvalue, d)[1], &n);
                break;
            }
    for (size_t guard = 0; guard <= r->edges.n; guard++) {
        if (g->seen[n] != g->round) {
            st = E_INTERNAL; /* not reached: the relations disagree */
            goto out;
        }
        size_t e = g->parent[n];
        if (e == 0)
            break;
        if ((st = vec_push(&path, e - 1)) != OK)
            goto out;
        n = g->from[e - 1];
    }
    f->steps = mem_calloc(path.len + 2, sizeof(Step));
    if (!f->steps) {
        st = E_NOMEM;
        goto out;
    }
    const DlValue *t = f->t;
    f->steps[0] = (Step){t[1], src_node, 0};
    size_t k = 1;
    for (size_t i = path.len; i-- > 0;) {
        const DlValue *e = row(&r->edges, path.v[i]);
        /* steps through one instruction are one step: the last node it taints */
        if (f->steps[k - 1].insn == e[2]) {
            if (f->steps[k - 1].kind)
                f->steps[k - 1].node = e[1];
            continue;
        }
        f->steps[k++] = (Step){e[2], e[1], 1};
    }
    if (f->steps[k - 1].insn == t[3])
        f->steps[k - 1].kind = 2;
    else
        f->steps[k++] = (Step){t[3], sink_node, 2};
    f->nsteps = k;
out:
    vec_release(&path);
    return st;
}

/* A finding's index under a key (its source site, or its sink and argument). */
typedef struct SiteIdx {
    DlValue key, arg;
    size_t i;
} SiteIdx;

static int cmp_site_idx(const void *a, const void *b) {
    const SiteIdx *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    if (x->arg != y->arg)
        return x->arg < y->arg ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

static Status find_witnesses(const DlProgram *p, Results *r) {
    Status st;
    r->f = mem_calloc(r->findings.n ? r->findings.n : 1, sizeof(Finding));
    if (!r->f)
        return E_NOMEM;
    for (size_t i = 0; i < r->findings.n; i++)
        r->f[i].t = row(&r->findings, i);
    if ((st = build_graph(r)) != OK ||
        (st = index_first(&r->sink_nodes, &r->sink_at)) != OK ||
        (st = index_first(&r->dvalue, &r->dval_at)) != OK ||
        (st = index_first(&r->locs, &r->loc_at)) != OK ||
        (st = index_first(&r->what, &r->what_at)) != OK ||
        (st = index_first(&r->names, &r->name_at)) != OK)
        return st;
    for (size_t i = 0; i < r->locs.n; i++)
        if (sym(p, row(&r->locs, i)[2]).n)
            r->any_debug = true;
    /* site -> source node (taint_src: node, site, name) */
    Map src_of = MAP_INIT;
    for (size_t i = 0; i < r->srcs.n && st == OK; i++)
        st = map_put(&src_of, row(&r->srcs, i)[1], row(&r->srcs, i)[0]);
    /* one search per source node, for every finding of that source (the findings in
     * order of their source site) */
    SiteIdx *by_site = mem_calloc(r->findings.n ? r->findings.n : 1, sizeof *by_site);
    if (!by_site)
        st = E_NOMEM;
    for (size_t i = 0; i < r->findings.n && st == OK; i++)
        by_site[i] = (SiteIdx){r->f[i].t[1], r->f[i].t[4], i};
    if (st == OK && r->findings.n > 1)
        qsort(by_site, r->findings.n, sizeof *by_site, cmp_site_idx);
    for (size_t g = 0; g < r->findings.n && st == OK;) {
        size_t end = g;
        while (end < r->findings.n && by_site[end].key == by_site[g].key)
            end++;
        uint64_t s, k;
        uint32_t sn0;
        if (!map_get(&src_of, by_site[g].key, &s) || !node_number(&r->g, s, &sn0)) {
            st = E_INTERNAL;
            break;
        }
        /* the nodes to reach: each finding's sink nodes and their arguments' values */
        Graph *gr = &r->g;
        gr->round++;
        size_t ntargets = 0;
        for (size_t j = g; j < end; j++) {
            const DlValue *t = r->f[by_site[j].i].t;
            if (!map_get(&r->sink_at, t[3], &k))
                continue;
            for (; k < r->sink_nodes.n && row(&r->sink_nodes, k)[0] == t[3]; k++) {
                const DlValue *sn = row(&r->sink_nodes, k);
                if (sn[1] != t[4] || sn[3] != t[0])
                    continue;
                uint32_t x;
                if (node_number(gr, sn[2], &x) && gr->target[x] != gr->round) {
                    gr->target[x] = gr->round;
                    ntargets++;
                }
                uint64_t d;
                if (map_get(&r->dval_at, sn[2], &d))
                    for (; d < r->dvalue.n && row(&r->dvalue, d)[0] == sn[2]; d++)
                        if (node_number(gr, row(&r->dvalue, d)[1], &x) &&
                            gr->target[x] != gr->round) {
                            gr->target[x] = gr->round;
                            ntargets++;
                        }
            }
        }
        bfs(gr, sn0, ntargets);
        for (size_t j = g; j < end && st == OK; j++) {
            Finding *f = &r->f[by_site[j].i];
            const DlValue *t = f->t;
            /* the sink's node: the first row of taint_sink_node(insn, arg, node, class)
             * that the search reached */
            bool found = false;
            if (map_get(&r->sink_at, t[3], &k))
                for (; k < r->sink_nodes.n && row(&r->sink_nodes, k)[0] == t[3] && !found; k++) {
                    const DlValue *sn = row(&r->sink_nodes, k);
                    if (sn[1] == t[4] && sn[3] == t[0] && reached(&r->g, sn[2])) {
                        found = true;
                        st = witness(r, f, s, sn[2]);
                    }
                }
            if (!found && st == OK)
                st = E_INTERNAL;
        }
        r->sources_reaching++;
        g = end;
    }
    /* sinks reached: distinct (sink, argument) pairs */
    for (size_t i = 0; i < r->findings.n && st == OK; i++)
        by_site[i] = (SiteIdx){r->f[i].t[3], r->f[i].t[4], i};
    if (st == OK && r->findings.n > 1)
        qsort(by_site, r->findings.n, sizeof *by_site, cmp_site_idx);
    for (size_t i = 0; i < r->findings.n && st == OK; i++)
        r->sinks_reached += !i || by_site[i].key != by_site[i - 1].key ||
                            by_site[i].arg != by_site[i - 1].arg;
    mem_free(by_site);
    map_release(&src_of);
    return st;
}

/* ---- formatting -------------------------------------------------------------------- */

typedef struct Loc {
    Sym fn, file, insn;
    int64_t line, col;
    bool known;
} Loc;

static Loc loc_of(const DlProgram *p, const Results *r, DlValue insn) {
    Loc l;
    memset(&l, 0, sizeof l);
    l.insn = sym(p, insn);
    uint64_t i;
    if (map_get(&r->loc_at, insn, &i)) {
        const DlValue *t = row(&r->locs, i);
        l.fn = sym(p, t[1]);
        l.file = sym(p, t[2]);
        l.line = dl_value_number(t[3]);
        l.col = dl_value_number(t[4]);
        l.known = l.file.n > 0;
    }
    if (l.fn.n && l.fn.s[0] == '@') { /* function names without their '@' */
        l.fn.s++;
        l.fn.n--;
    }
    return l;
}

static void sb_sym(StrBuf *sb, Sym s) {
    sb_add(sb, s.s, s.n);
}

static void sb_loc(StrBuf *sb, const Loc *l) {
    if (l->known) {
        sb_sym(sb, l->file);
        sb_addf(sb, ":%lld", (long long)l->line);
        if (l->col > 0)
            sb_addf(sb, ":%lld", (long long)l->col);
    } else {
        sb_sym(sb, l->insn);
    }
}

/* The node's source name, or its id. */
static Sym node_name(const DlProgram *p, const Results *r, DlValue node) {
    uint64_t i;
    if (map_get(&r->name_at, node, &i))
        return sym(p, row(&r->names, i)[1]);
    return sym(p, node);
}

/* What a step does, in words. */
static void sb_what(StrBuf *sb, const DlProgram *p, const Results *r, const Finding *f,
                    const Step *s) {
    const DlValue *t = f->t;
    if (s->kind == 0) {
        sb_adds(sb, "source: ");
        sb_sym(sb, sym(p, t[2]));
        return;
    }
    if (s->kind == 2) {
        sb_adds(sb, "sink: ");
        sb_sym(sb, sym(p, t[5]));
        sb_addf(sb, ", argument %lld (%.*s)", (long long)dl_value_number(t[4]),
                (int)sym(p, t[0]).n, sym(p, t[0]).s);
        return;
    }
    uint64_t i;
    if (map_get(&r->what_at, s->insn, &i))
        sb_sym(sb, sym(p, row(&r->what, i)[1]));
    else
        sb_adds(sb, "step");
    sb_adds(sb, " -> ");
    sb_sym(sb, node_name(p, r, s->node));
}

static void sb_json_strn(StrBuf *sb, const char *s, size_t n) {
    sb_addc(sb, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': sb_adds(sb, "\\\""); break;
        case '\\': sb_adds(sb, "\\\\"); break;
        case '\n': sb_adds(sb, "\\n"); break;
        case '\t': sb_adds(sb, "\\t"); break;
        case '\r': sb_adds(sb, "\\r"); break;
        default:
            if (c < 0x20)
                sb_addf(sb, "\\u%04x", c);
            else
                sb_addc(sb, (char)c);
        }
    }
    sb_addc(sb, '"');
}

static void sb_json_sym(StrBuf *sb, Sym s) {
    sb_json_strn(sb, s.s, s.n);
}

static void sb_json_str(StrBuf *sb, const char *s) {
    sb_json_strn(sb, s, strlen(s));
}

/* Counts findings by class (findings are sorted by class). */
typedef struct ClassCount {
    Sym cls;
    size_t n;
} ClassCount;

static size_t by_class(const DlProgram *p, const Results *r, ClassCount *out) {
    size_t k = 0;
    for (size_t i = 0; i < r->findings.n; i++) {
        if (k && r->f[i].t[0] == row(&r->findings, i - 1)[0]) {
            out[k - 1].n++;
            continue;
        }
        out[k++] = (ClassCount){sym(p, r->f[i].t[0]), 1};
    }
    return k;
}

static const char *why_none(const Results *r) {
    if (r->findings.n)
        return NULL;
    if (!r->sources.n)
        return "no source in the reachable code";
    if (!r->sinks.n)
        return "no sink in the reachable code";
    return "no source reaches a sink";
}

typedef struct Times {
    double walk, eval, witness, out;
} Times;

static void text_report(StrBuf *sb, const DlProgram *p, const TaintArgs *a, const IrStats *ir,
                        const Results *r, const Times *tm) {
    for (size_t i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->f[i];
        Loc src = loc_of(p, r, f->t[1]), snk = loc_of(p, r, f->t[3]);
        sb_addf(sb, "finding %zu: %.*s: ", i + 1, (int)sym(p, f->t[0]).n, sym(p, f->t[0]).s);
        sb_sym(sb, sym(p, f->t[2]));
        sb_adds(sb, " at ");
        sb_loc(sb, &src);
        sb_adds(sb, " reaches argument ");
        sb_addf(sb, "%lld of ", (long long)dl_value_number(f->t[4]));
        sb_sym(sb, sym(p, f->t[5]));
        sb_adds(sb, " at ");
        sb_loc(sb, &snk);
        sb_addc(sb, '\n');
        for (size_t k = 0; k < f->nsteps; k++) {
            Loc l = loc_of(p, r, f->steps[k].insn);
            sb_addf(sb, "  %2zu. ", k + 1);
            sb_loc(sb, &l);
            sb_adds(sb, " in ");
            sb_sym(sb, l.fn);
            sb_adds(sb, ": ");
            sb_what(sb, p, r, f, &f->steps[k]);
            sb_addc(sb, '\n');
        }
    }
    if (r->findings.n && !r->any_debug)
        sb_adds(sb, "(no debug info in the inputs: steps are named by their IR ids; compile "
                    "with -g for file:line:col)\n");
    sb_adds(sb, "inputs:                 ");
    for (size_t i = 0; i < a->base.ninputs; i++)
        sb_addf(sb, "%s%s", i ? " " : "", a->base.inputs[i]);
    sb_addf(sb, " (%llu functions, %llu instructions)\n", (unsigned long long)ir->functions,
            (unsigned long long)ir->instructions);
    ClassCount cc[64];
    size_t ncc = 0;
    ClassCount *big = NULL;
    ClassCount *c = r->findings.n <= 64 ? cc : (big = mem_calloc(r->findings.n, sizeof *big));
    if (c)
        ncc = by_class(p, r, c);
    sb_addf(sb, "findings:               %zu", r->findings.n);
    if (!r->findings.n)
        sb_addf(sb, " (%s)", why_none(r));
    for (size_t i = 0; i < ncc; i++)
        sb_addf(sb, "%s %.*s %zu", i ? "," : ":", (int)c[i].cls.n, c[i].cls.s, c[i].n);
    mem_free(big);
    sb_addf(sb, "\nsources:                %zu in the reachable code, %zu reaching a sink\n",
            r->sources.n, r->sources_reaching);
    sb_addf(sb, "sinks:                  %zu arguments in the reachable code, %zu reached\n",
            r->sinks.n, r->sinks_reached);
    sb_addf(sb,
            "seconds:                walk+load facts %.3f, evaluation %.3f, witnesses %.3f, "
            "output %.3f\n",
            tm->walk, tm->eval, tm->witness, tm->out);
    size_t n = strlen(a->base.outdir);
    while (n > 1 && a->base.outdir[n - 1] == '/')
        n--;
    sb_addf(sb, "written:                %.*s/\n", (int)n, a->base.outdir);
}

static void json_loc(StrBuf *sb, const Loc *l) {
    sb_adds(sb, "\"function\": ");
    sb_json_sym(sb, l->fn);
    sb_adds(sb, ", \"id\": ");
    sb_json_sym(sb, l->insn);
    if (l->known) {
        sb_adds(sb, ", \"file\": ");
        sb_json_sym(sb, l->file);
        sb_addf(sb, ", \"line\": %lld, \"column\": %lld", (long long)l->line, (long long)l->col);
    }
}

static void json_report(StrBuf *sb, const DlProgram *p, const TaintArgs *a, const IrStats *ir,
                        const Results *r, const Times *tm) {
    sb_adds(sb, "{\n  \"inputs\": [");
    for (size_t i = 0; i < a->base.ninputs; i++) {
        sb_adds(sb, i ? ", " : "");
        sb_json_str(sb, a->base.inputs[i]);
    }
    sb_addf(sb, "],\n  \"functions\": %llu,\n  \"instructions\": %llu,\n  \"output\": ",
            (unsigned long long)ir->functions, (unsigned long long)ir->instructions);
    sb_json_str(sb, a->base.outdir);
    sb_adds(sb, ",\n  \"findings\": [");
    StrBuf what = SB_INIT;
    for (size_t i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->f[i];
        Loc src = loc_of(p, r, f->t[1]), snk = loc_of(p, r, f->t[3]);
        sb_adds(sb, i ? ",\n    {" : "\n    {");
        sb_adds(sb, "\"class\": ");
        sb_json_sym(sb, sym(p, f->t[0]));
        sb_adds(sb, ",\n     \"source\": {\"name\": ");
        sb_json_sym(sb, sym(p, f->t[2]));
        sb_adds(sb, ", ");
        json_loc(sb, &src);
        sb_adds(sb, "},\n     \"sink\": {\"name\": ");
        sb_json_sym(sb, sym(p, f->t[5]));
        sb_addf(sb, ", \"argument\": %lld, ", (long long)dl_value_number(f->t[4]));
        json_loc(sb, &snk);
        sb_adds(sb, "},\n     \"witness\": [");
        for (size_t k = 0; k < f->nsteps; k++) {
            Loc l = loc_of(p, r, f->steps[k].insn);
            sb_reset(&what);
            sb_what(&what, p, r, f, &f->steps[k]);
            sb_adds(sb, k ? ",\n       {" : "\n       {");
            json_loc(sb, &l);
            sb_adds(sb, ", \"node\": ");
            sb_json_sym(sb, sym(p, f->steps[k].node));
            sb_adds(sb, ", \"what\": ");
            sb_json_strn(sb, what.buf ? what.buf : "", what.len);
            sb_adds(sb, "}");
        }
        sb_adds(sb, "]}");
    }
    sb_release(&what);
    sb_adds(sb, r->findings.n ? "\n  ],\n" : "],\n");
    if (!r->findings.n) {
        sb_adds(sb, "  \"why_none\": ");
        sb_json_str(sb, why_none(r));
        sb_adds(sb, ",\n");
    }
    sb_adds(sb, "  \"by_class\": {");
    for (size_t i = 0, k = 0; i < r->findings.n; i++) {
        if (i && r->f[i].t[0] == r->f[i - 1].t[0])
            continue;
        size_t n = 0;
        for (size_t j = i; j < r->findings.n && r->f[j].t[0] == r->f[i].t[0]; j++)
            n++;
        sb_adds(sb, k++ ? ", " : "");
        sb_json_sym(sb, sym(p, r->f[i].t[0]));
        sb_addf(sb, ": %zu", n);
    }
    sb_addf(sb,
            "},\n  \"sources\": %zu,\n  \"sources_reaching_a_sink\": %zu,\n  \"sinks\": %zu,\n"
            "  \"sinks_reached\": %zu,\n",
            r->sources.n, r->sources_reaching, r->sinks.n, r->sinks_reached);
    sb_addf(sb,
            "  \"seconds\": {\"walk_and_load\": %.3f, \"evaluation\": %.3f, \"witnesses\": %.3f, "
            "\"output\": %.3f}\n}\n",
            tm->walk, tm->eval, tm->witness, tm->out);
}

/* A URI reference for a file name: unreserved characters and '/' as they are, the rest
 * percent-encoded (RFC 3986). */
static void sb_uri(StrBuf *sb, Sym s) {
    static const char hex[] = "0123456789ABCDEF";
    StrBuf u = SB_INIT;
    for (size_t i = 0; i < s.n; i++) {
        unsigned char c = (unsigned char)s.s[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
            sb_addc(&u, (char)c);
        else {
            sb_addc(&u, '%');
            sb_addc(&u, hex[c >> 4]);
            sb_addc(&u, hex[c & 15]);
        }
    }
    sb_json_strn(sb, u.buf ? u.buf : "", u.len);
    if (u.oom)
        sb->oom = true;
    sb_release(&u);
}

/* A SARIF location object for an instruction, with a message when msg is given. */
static void sarif_location(StrBuf *sb, const Loc *l, const char *msg, size_t msglen) {
    sb_adds(sb, "{");
    if (l->known && l->line > 0) {
        sb_adds(sb, "\"physicalLocation\": {\"artifactLocation\": {\"uri\": ");
        sb_uri(sb, l->file);
        sb_addf(sb, "}, \"region\": {\"startLine\": %lld", (long long)l->line);
        if (l->col > 0)
            sb_addf(sb, ", \"startColumn\": %lld", (long long)l->col);
        sb_adds(sb, "}}, ");
    }
    sb_adds(sb, "\"logicalLocations\": [{\"fullyQualifiedName\": ");
    sb_json_sym(sb, l->fn);
    sb_adds(sb, ", \"kind\": \"function\"}]");
    if (msg) {
        sb_adds(sb, ", \"message\": {\"text\": ");
        sb_json_strn(sb, msg, msglen);
        sb_adds(sb, "}");
    }
    sb_adds(sb, "}");
}

static void sarif_report(StrBuf *sb, const DlProgram *p, const Results *r) {
    sb_adds(sb, "{\n  \"$schema\": "
                "\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
                "sarif-schema-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
                "      \"tool\": {\n        \"driver\": {\n          \"name\": \"irlog\",\n"
                "          \"version\": \"" IRLOG_VERSION "\",\n          \"rules\": [");
    /* one rule per class: those described by taint_class (sorted), then the classes of
     * findings without a description; ruleIndex is the position */
    Vec(DlValue) rules = {0};
    for (size_t i = 0; i < r->classes.n; i++)
        if (!rules.len || rules.v[rules.len - 1] != row(&r->classes, i)[0])
            if (vec_push(&rules, row(&r->classes, i)[0]) != OK)
                sb->oom = true;
    size_t described = rules.len;
    for (size_t i = 0; i < r->findings.n; i++) {
        bool have = false;
        for (size_t k = 0; k < rules.len && !have; k++)
            have = rules.v[k] == r->f[i].t[0];
        if (!have && vec_push(&rules, r->f[i].t[0]) != OK)
            sb->oom = true;
    }
    for (size_t k = 0; k < rules.len; k++) {
        sb_adds(sb, k ? ",\n            {" : "\n            {");
        sb_adds(sb, "\"id\": ");
        sb_json_sym(sb, sym(p, rules.v[k]));
        sb_adds(sb, ", \"shortDescription\": {\"text\": ");
        if (k < described) {
            size_t i = 0;
            while (row(&r->classes, i)[0] != rules.v[k])
                i++;
            sb_json_sym(sb, sym(p, row(&r->classes, i)[1]));
        } else {
            sb_json_sym(sb, sym(p, rules.v[k]));
        }
        sb_adds(sb, "}, \"defaultConfiguration\": {\"level\": \"error\"}}");
    }
    sb_adds(sb, rules.len ? "\n          ]\n" : "]\n");
    sb_adds(sb, "        }\n      },\n      \"results\": [");
    StrBuf msg = SB_INIT;
    for (size_t i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->f[i];
        size_t ri = 0;
        while (ri < rules.len && rules.v[ri] != f->t[0])
            ri++;
        Loc src = loc_of(p, r, f->t[1]), snk = loc_of(p, r, f->t[3]);
        sb_adds(sb, i ? ",\n        {\n" : "\n        {\n");
        sb_adds(sb, "          \"ruleId\": ");
        sb_json_sym(sb, sym(p, f->t[0]));
        sb_addf(sb, ",\n          \"ruleIndex\": %zu,\n          \"level\": \"error\",\n", ri);
        sb_reset(&msg);
        sb_adds(&msg, "Data from ");
        sb_sym(&msg, sym(p, f->t[2]));
        sb_adds(&msg, " (");
        sb_loc(&msg, &src);
        sb_addf(&msg, ") reaches argument %lld of ", (long long)dl_value_number(f->t[4]));
        sb_sym(&msg, sym(p, f->t[5]));
        sb_adds(&msg, ".");
        sb_adds(sb, "          \"message\": {\"text\": ");
        sb_json_strn(sb, msg.buf ? msg.buf : "", msg.len);
        sb_adds(sb, "},\n          \"locations\": [");
        sarif_location(sb, &snk, NULL, 0);
        sb_adds(sb, "],\n          \"codeFlows\": [{\"threadFlows\": [{\"locations\": [");
        for (size_t k = 0; k < f->nsteps; k++) {
            Loc l = loc_of(p, r, f->steps[k].insn);
            sb_reset(&msg);
            sb_what(&msg, p, r, f, &f->steps[k]);
            sb_adds(sb, k ? ",\n            {\"location\": " : "\n            {\"location\": ");
            sarif_location(sb, &l, msg.buf ? msg.buf : "", msg.len);
            sb_adds(sb, "}");
        }
        sb_adds(sb, "\n          ]}]}]\n        }");
    }
    sb_release(&msg);
    vec_release(&rules);
    sb_adds(sb, r->findings.n ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n");
}

/* taint_witness.csv: finding number, step number, id, function, file, line, column,
 * node, what (tab-separated, as the engine writes symbols: no escapes needed for ids) */
static void witness_csv(StrBuf *sb, const DlProgram *p, const Results *r) {
    StrBuf what = SB_INIT;
    for (size_t i = 0; i < r->findings.n; i++) {
        const Finding *f = &r->f[i];
        for (size_t k = 0; k < f->nsteps; k++) {
            Loc l = loc_of(p, r, f->steps[k].insn);
            sb_addf(sb, "%zu\t%zu\t", i + 1, k + 1);
            sb_sym(sb, l.insn);
            sb_addc(sb, '\t');
            sb_sym(sb, l.fn);
            sb_addc(sb, '\t');
            sb_sym(sb, l.file);
            sb_addf(sb, "\t%lld\t%lld\t", (long long)l.line, (long long)l.col);
            sb_sym(sb, sym(p, f->steps[k].node));
            sb_addc(sb, '\t');
            sb_reset(&what);
            sb_what(&what, p, r, f, &f->steps[k]);
            for (size_t c = 0; c < what.len; c++)
                sb_addc(sb, what.buf[c] == '\t' || what.buf[c] == '\n' ? ' ' : what.buf[c]);
            sb_addc(sb, '\n');
        }
    }
    sb_release(&what);
}

/* ---- files ------------------------------------------------------------------------- */

typedef struct OutFile {
    const char *name;
    char *tmp, *final;
    bool written;
} OutFile;

/* mkdir -p: creates dir and its missing parents. */
static int mkdir_p(const char *dir) {
    char *d = mem_strdup(dir);
    if (!d) {
        errno = ENOMEM;
        return -1;
    }
    int rc = 0;
    for (char *s = d + 1; rc == 0 && *s; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(d, 0777) != 0 && errno != EEXIST)
                rc = -1;
            *s = '/';
        }
    if (rc == 0 && mkdir(d, 0777) != 0 && errno != EEXIST)
        rc = -1;
    mem_free(d);
    return rc;
}

static Status write_tmp(const char *dir, OutFile *o, const StrBuf *text) {
    StrBuf path = SB_INIT;
    sb_addf(&path, "%s/%s", dir, o->name);
    o->final = sb_detach(&path, NULL);
    sb_addf(&path, "%s/%s.tmp.%ld", dir, o->name, (long)getpid());
    o->tmp = sb_detach(&path, NULL);
    if (!o->final || !o->tmp)
        return E_NOMEM;
    FILE *f = fopen(o->tmp, "wb");
    if (!f)
        return E_IO;
    o->written = true;
    bool ok = fwrite(text->buf ? text->buf : "", 1, text->len, f) == text->len;
    ok = (fclose(f) == 0) && ok;
    return ok ? OK : E_IO;
}

static void out_release(OutFile *o, bool remove_tmp) {
    if (remove_tmp && o->written && o->tmp)
        unlink(o->tmp);
    mem_free(o->tmp);
    mem_free(o->final);
}

/* ---- the command ------------------------------------------------------------------- */


/* The command's own options (AnalysisOption). */
static int own_option(void *arg, int argc, char **argv, int *i, const char **val, bool *missing) {
    TaintArgs *a = arg;
    if (!strcmp(argv[*i], "--no-default-config")) {
        a->no_default = true;
        return ANALYSIS_OPT_DONE;
    }
    if (!analysis_opt_value(argc, argv, i, NULL, "format", val, missing))
        return ANALYSIS_OPT_NONE;
    if (*val) {
        if (!strcmp(*val, "text"))
            a->format = FMT_TEXT;
        else if (!strcmp(*val, "json"))
            a->format = FMT_JSON;
        else if (!strcmp(*val, "sarif"))
            a->format = FMT_SARIF;
        else {
            cli_error("taint: --format takes text, json or sarif, not '%s'", *val);
            return cli_usage("taint");
        }
    }
    return ANALYSIS_OPT_DONE;
}

static Status read_results(const DlProgram *p, Results *r) {
    static const char *const names[] = {"taint_finding", "taint_source_site", "taint_sink_site",
                                        "taint_edge",    "taint_loc",         "taint_src",
                                        "taint_sink_node", "taint_insn_what", "taint_node_name",
                                        "taint_class", "taint_darg_value"};
    Rows *dst[] = {&r->findings, &r->sources,    &r->sinks, &r->edges, &r->locs,   &r->srcs,
                   &r->sink_nodes, &r->what,     &r->names, &r->classes, &r->dvalue};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Status st = read_rows(p, names[i], dst[i]);
        if (st != OK)
            return st;
    }
    return OK;
}

int cmd_taint(int argc, char **argv) {
    TaintArgs a;
    memset(&a, 0, sizeof a);
    Analysis *b = &a.base;
    int rc = analysis_init(b, &taint_cmd, argc);
    StrBuf text = SB_INIT, report = SB_INIT, sarif = SB_INIT, wcsv = SB_INIT;
    Results res;
    memset(&res, 0, sizeof res);
    Times tm = {0, 0, 0, 0};
    OutFile files[2] = {{"taint_witness.csv", NULL, NULL, false},
                        {"taint.sarif", NULL, NULL, false}};
    bool renamed = false;
    if (rc != EXIT_OK)
        goto out;
    rc = analysis_parse_args(b, argc, argv, own_option, &a);
    if (rc < 0 && a.no_default && !b->user_file) {
        cli_error("taint: --no-default-config needs --config FILE.dl (the sources and sinks to "
                  "use instead)");
        rc = cli_usage("taint");
    }
    if (rc < 0)
        rc = analysis_need_outdir(b);
    if (rc >= 0)
        goto out;
    rc = analysis_start(b);
    if (rc != EXIT_OK)
        goto out;
    rc = build_program(&a, &text);
    if (rc != EXIT_OK)
        goto out;
    const char *defs[] = {"IRLOG_CONTEXT_DEPTH=0", "IRLOG_HEAP_DEPTH=1", NULL};
    rc = analysis_execute(b, &text, defs);
    tm.walk = b->t_walk;
    tm.eval = b->t_eval;
    if (rc != EXIT_OK)
        goto out;
    DlProgram *prog = b->prog;
    Status s = read_results(prog, &res);
    if (s == OK)
        s = find_witnesses(prog, &res);
    if (s != OK) {
        cli_error("taint: %s", s == E_NOMEM ? "out of memory"
                                            : "internal error: a finding without its witness");
        rc = EXIT_INTERNAL;
        goto out;
    }
    double t2 = analysis_now();
    tm.witness = t2 - b->t_end;

    /* the files: ours under temporary names, the engine's, then ours renamed */
    progress_show(true, "writing the results to %s", b->outdir);
    sarif_report(&sarif, prog, &res);
    witness_csv(&wcsv, prog, &res);
    if (sarif.oom || wcsv.oom) {
        cli_error("out of memory");
        rc = EXIT_INTERNAL;
        goto out;
    }
    if (mkdir_p(b->outdir) != 0) {
        cli_error("taint: cannot create '%s': %s", b->outdir, strerror(errno));
        rc = EXIT_OUTPUT;
        goto out;
    }
    for (size_t i = 0; i < 2; i++) {
        s = write_tmp(b->outdir, &files[i], i == 0 ? &wcsv : &sarif);
        if (s != OK) {
            cli_error("taint: cannot write '%s': %s", files[i].tmp ? files[i].tmp : files[i].name,
                      s == E_NOMEM ? "out of memory" : strerror(errno));
            rc = s == E_NOMEM ? EXIT_INTERNAL : EXIT_OUTPUT;
            goto out;
        }
    }
    b->run.output_dir = b->outdir;
    s = dl_write_outputs(prog, &b->run, &b->diags);
    if (s != OK) {
        progress_done();
        analysis_print_diags(b);
        rc = s == E_NOMEM ? EXIT_INTERNAL : EXIT_OUTPUT;
        goto out;
    }
    for (size_t i = 0; i < 2; i++)
        if (rename(files[i].tmp, files[i].final) != 0) {
            progress_done();
            cli_error("taint: cannot rename '%s': %s", files[i].tmp, strerror(errno));
            rc = EXIT_OUTPUT;
            goto out;
        }
    renamed = true;
    progress_done();
    tm.out = analysis_now() - t2;
    if (a.format == FMT_SARIF)
        sb_add(&report, sarif.buf, sarif.len);
    else if (a.format == FMT_JSON)
        json_report(&report, prog, &a, &b->ir, &res, &tm);
    else
        text_report(&report, prog, &a, &b->ir, &res, &tm);
    if (report.oom) {
        cli_error("out of memory");
        rc = EXIT_INTERNAL;
        goto out;
    }
    if (fwrite(report.buf ? report.buf : "", 1, report.len, stdout) != report.len ||
        fflush(stdout) != 0)
        rc = EXIT_OUTPUT;

out:
    for (size_t i = 0; i < 2; i++)
        out_release(&files[i], !renamed);
    results_release(&res);
    sb_release(&text);
    sb_release(&report);
    sb_release(&sarif);
    sb_release(&wcsv);
    analysis_release(b);
    return rc;
}
