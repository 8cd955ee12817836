/*
 * dl.c — the engine's public API (dl.h): load = lex → parse → check → plan; run =
 * fresh relations → inputs → evaluation → outputs; accessors for the results.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dl_int.h"

static Status load(DlProgram **out, const char *path, const char *name, const char *text,
                   size_t len, const char *const *defines, Diags *d) {
    Status st = OK;
    DlToks toks = {0};
    char *pre = NULL;
    size_t prelen = 0;
    DlProgram *p = mem_calloc(1, sizeof *p);
    if (!p)
        return E_NOMEM;
    intern_init(&p->syms);
    intern_init(&p->names);
    p->rerun_rel = UINT32_MAX;
    *out = p;
    p->symorder = mem_calloc(1, sizeof *p->symorder);
    if (!p->symorder) {
        st = E_NOMEM;
        goto fail;
    }
    if ((defines && defines[0]) || dl_cpp_needed(text, len)) {
        TRY(dl_cpp_run(path, name, text, len, defines, &pre, &prelen, d));
        text = pre;
        len = prelen;
    }
    /* a lexical error still lets the parser report the syntax errors after it */
    Status lst = dl_lex(&p->arena, name, text, len, &toks, d);
    if (lst != OK && lst != E_SYNTAX)
        TRY(lst);
    TRY(dl_parse(p, &toks, d));
    TRY(lst);
    TRY(dl_check(p, d));
    TRY(dl_plan_build(p, d));
    if (p->arena.oom)
        st = E_NOMEM;
fail:
    vec_release(&toks);
    mem_free(pre);
    return st;
}

Status dl_program_load(DlProgram **out, const char *path, const char *const *cpp_defines,
                       Diags *d) {
    char *text = NULL;
    size_t n = 0;
    *out = NULL;
    Status st = sb_read_file(path, &text, &n);
    if (st == E_IO) {
        SrcLoc loc = {path, 0, 0};
        diags_add(d, DIAG_ERROR, loc, "cannot read program: %s", strerror(errno));
        return E_IO;
    }
    if (st != OK)
        return st;
    st = load(out, path, path, text, n, cpp_defines, d);
    mem_free(text);
    return st;
}

Status dl_program_load_string(DlProgram **out, const char *name, const char *text, size_t len,
                              const char *const *cpp_defines, Diags *d) {
    *out = NULL;
    return load(out, NULL, name ? name : "<string>", text, len, cpp_defines, d);
}

static void free_rels(DlProgram *p) {
    if (!p->rels)
        return;
    for (size_t i = 0; i < p->decls.len; i++)
        dl_rel_free(p->rels[i]);
    mem_free(p->rels);
    p->rels = NULL;
}

void dl_program_free(DlProgram *p) {
    if (!p)
        return;
    free_rels(p);
    mem_free(p->sliced);
    mem_free(p->slice_only);
    mem_free(p->sliced_rows);
    mem_free(p->sdep);
    mem_free(p->sdone);
    mem_free(p->srun);
    for (size_t i = 0; i < p->regexes.len; i++)
        dl_regex_free(p->regexes.v[i]);
    vec_release(&p->regexes);
    for (size_t i = 0; i < p->extra.len; i++)
        vec_release(&p->extra.v[i]);
    vec_release(&p->extra);
    dl_relation_clear_text(p);
    vec_release(&p->types);
    vec_release(&p->decls);
    vec_release(&p->clauses);
    vec_release(&p->dirs);
    map_release(&p->decl_by_name);
    map_release(&p->type_by_name);
    intern_release(&p->syms);
    intern_release(&p->names);
    if (p->symorder) {
        mem_free(p->symorder->rank);
        mem_free(p->symorder->byrank);
        mem_free(p->symorder);
    }
    arena_release(&p->arena);
    mem_free(p);
}

void dl_run_options_init(DlRunOptions *o) {
    memset(o, 0, sizeof *o);
    o->fact_dir = ".";
    o->output_dir = ".";
    o->jobs = 1;
    o->read_inputs = true;
    o->write_outputs = true;
}

static size_t default_limit(void) {
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || psz <= 0)
        return 0;
    return (size_t)pages / 4 * 3 * (size_t)psz;
}

/* IRLOG_DL_MEMSTATS=1 (a debugging aid; stderr): where the memory goes at the end of
 * each phase: the process's peak RSS, the symbol table (bytes of strings, of the Sym →
 * string array, of the hash index), the relations' peak and current bytes, and the
 * relations holding the most, with their orders and the fill of their trees. */
static void mem_report(const DlProgram *p, const char *when) {
    const char *env = getenv("IRLOG_DL_MEMSTATS");
    if (!env || !*env || *env == '0')
        return;
    const Interner *in = &p->syms;
    fprintf(stderr, "memstats %s: peak RSS %.1f MiB; symbols %zu: strings %.1f MiB, array %.1f MiB, "
                    "index %.1f MiB; relations %.1f MiB now, %.1f MiB at peak\n",
            when, (double)mem_peak_rss_kib() / 1024, intern_count(in),
            (double)intern_bytes(in, 0) / 1048576, (double)intern_bytes(in, 1) / 1048576,
            (double)intern_bytes(in, 2) / 1048576, (double)p->mem.used / 1048576,
            (double)p->mem.peak / 1048576);
    if (!p->rels)
        return;
    size_t top[8] = {0}, topb[8] = {0}, ntop = 0;
    for (size_t i = 0; i < p->decls.len; i++) {
        if (!p->rels[i])
            continue;
        size_t b = dl_rel_bytes(p->rels[i]), k = ntop < 8 ? ntop++ : 8;
        while (k > 0 && topb[k - 1] < b) {
            if (k < 8) {
                top[k] = top[k - 1];
                topb[k] = topb[k - 1];
            }
            k--;
        }
        if (k < 8) {
            top[k] = i;
            topb[k] = b;
        }
    }
    for (size_t k = 0; k < ntop && topb[k]; k++) {
        const DlRel *r = p->rels[top[k]];
        double key = (double)r->n * r->arity * sizeof(DlValue) * r->nidx;
        fprintf(stderr, "memstats   %-32s %10zu tuples %u orders %8.1f MiB fill %3.0f%%\n",
                p->decls.v[top[k]].name, r->n, r->nidx, (double)topb[k] / 1048576,
                topb[k] ? 100.0 * key / (double)topb[k] : 0.0);
    }
}

/* A new empty relation i: stored as a set unless the caller reads it or gives it tuples. */
static Status new_rel(DlProgram *p, const DlRunOptions *o, size_t i) {
    const DlDecl *dc = &p->decls.v[i];
    bool set = dc->set_store && !(i < p->extra.len && p->extra.v[i].len) &&
               !(o->keep && o->keep(o->keep_arg, dc->name));
    if (set)
        return dl_rel_new_set(&p->rels[i], dc->arity, &p->relplans[i], &p->keyplans[i],
                              &p->mem);
    return dl_rel_new(&p->rels[i], dc->arity, &p->relplans[i], dc->eqrel, &p->mem);
}

typedef struct DepRead {
    const DlProgram *p;
    bool *dep;
} DepRead;

static void note_dep(void *arg, uint32_t rel, bool neg, bool in_agg) {
    DepRead *dr = arg;
    (void)neg;
    (void)in_agg;
    if (rel == dr->p->rerun_rel || dr->p->sdep[dr->p->decls.v[rel].stratum])
        *dr->dep = true;
}

/* The strata that read the relation rr, directly or through other strata (p->sdep), and
 * none finished yet (p->sdone). */
static Status rerun_deps(DlProgram *p, uint32_t rr) {
    mem_free(p->sdep);
    mem_free(p->sdone);
    mem_free(p->srun);
    p->sdone = p->srun = NULL;
    p->rerun_rel = rr;
    p->sdep = mem_calloc(p->nstrata + 1, sizeof(bool));
    p->sdone = mem_calloc(p->nstrata + 1, sizeof(bool));
    if (!p->sdep || !p->sdone)
        return E_NOMEM;
    /* the strata are in the order they run: each reads only those before it or itself */
    for (uint32_t s = 0; s < p->nstrata; s++)
        for (int pass = 0; pass < 2; pass++) /* a recursive stratum: its own relations too */
            for (size_t i = 0; i < p->clauses.len; i++) {
                const DlClause *cl = &p->clauses.v[i];
                if (p->decls.v[cl->head.rel].stratum != s)
                    continue;
                bool dep = false;
                DepRead dr = {p, &dep};
                dl_clause_reads(cl, note_dep, &dr);
                p->sdep[s] = p->sdep[s] || dep;
            }
    return OK;
}

/* Whether this run can keep what the last one derived (DlRunOptions.rerun_input): then
 * empties the relations of the strata it evaluates again (p->srun) and adds the rerun
 * relation's new tuples. */
static Status rerun_start(DlProgram *p, const DlRunOptions *o, bool *again) {
    *again = false;
    size_t rr;
    if (!o->rerun_input)
        p->rerun_rel = UINT32_MAX;
    if (!o->rerun_input || !dl_relation_find(p, o->rerun_input, &rr) ||
        !p->decls.v[rr].is_input || p->decls.v[rr].has_rules)
        return OK;
    if (!p->rels || p->rerun_rel != rr || !p->sdone || p->phase == DL_PHASE_INPUT ||
        p->rels[rr]->set)
        return rerun_deps(p, (uint32_t)rr);
    bool *run = mem_calloc(p->nstrata + 1, sizeof(bool));
    if (!run)
        return E_NOMEM;
    for (uint32_t s = 0; s < p->nstrata; s++)
        run[s] = p->sdep[s] || !p->sdone[s];
    for (size_t i = 0; i < p->decls.len; i++) /* facts given to a relation run again */
        if (run[p->decls.v[i].stratum] && p->decls.v[i].is_input && i != rr) {
            mem_free(run);
            return rerun_deps(p, (uint32_t)rr);
        }
    mem_free(p->srun);
    p->srun = run;
    *again = true;
    Status st = OK;
    for (size_t i = 0; i < p->decls.len; i++)
        if (run[p->decls.v[i].stratum] && i != rr) {
            dl_rel_free(p->rels[i]);
            p->rels[i] = NULL;
            TRY(new_rel(p, o, i));
        }
    uint32_t ar = p->decls.v[rr].arity;
    size_t step = ar ? ar : 1;
    if (rr < p->extra.len) {
        for (size_t k = p->rerun_extra; k + step <= p->extra.v[rr].len; k += step)
            TRY(dl_rel_insert(p->rels[rr], p->extra.v[rr].v + k, NULL));
        p->rerun_extra = p->extra.v[rr].len;
    }
fail:
    return st;
}

Status dl_run(DlProgram *p, const DlRunOptions *o, Diags *d) {
    Status st = OK;
    DlRunOptions dflt;
    if (!o) {
        dl_run_options_init(&dflt);
        o = &dflt;
    }
    bool again;
    TRY(rerun_start(p, o, &again));
    p->timed_out = false;
    p->stopped = false;
    if (again) {
        p->phase = DL_PHASE_EVAL;
        goto eval;
    }
    mem_free(p->srun);
    p->srun = NULL;
    free_rels(p);
    memset(&p->mem, 0, sizeof p->mem);
    p->mem.limit = o->max_memory == 0 ? default_limit()
                   : o->max_memory == SIZE_MAX ? 0
                                               : o->max_memory;
    p->rels = mem_calloc(p->decls.len + 1, sizeof(DlRel *));
    if (!p->rels)
        return E_NOMEM;
    for (size_t i = 0; i < p->decls.len; i++)
        TRY(new_rel(p, o, i));
    p->phase = DL_PHASE_INPUT;
    if (o->read_inputs)
        TRY(dl_io_read_inputs(p, o, d));
    for (size_t i = 0; i < p->extra.len; i++) {
        uint32_t ar = p->decls.v[i].arity;
        size_t step = ar ? ar : 1;
        for (size_t k = 0; k + step <= p->extra.v[i].len; k += step)
            TRY(dl_rel_insert(p->rels[i], p->extra.v[i].v + k, NULL));
    }
    if (p->rerun_rel != UINT32_MAX)
        p->rerun_extra = p->rerun_rel < p->extra.len ? p->extra.v[p->rerun_rel].len : 0;
    mem_report(p, "after input");
    p->phase = DL_PHASE_EVAL;
eval:
    TRY(dl_eval(p, o, d));
    mem_report(p, "after evaluation");
    p->phase = DL_PHASE_OUTPUT;
    if (o->write_outputs)
        TRY(dl_io_write_outputs(p, o, d));
    mem_report(p, "after output");
fail:
    if (st == E_LIMIT && o->interrupt && *o->interrupt) {
        SrcLoc nl = {0};
        diags_add(d, DIAG_ERROR, nl, "interrupted");
    } else if (st == E_LIMIT && !p->timed_out && !p->stopped) { /* a time-out has its own
                                                                  error, a stop none */
        SrcLoc nl = {0};
        diags_add(d, DIAG_ERROR, nl,
                  "memory limit exceeded: relations hold %zu MiB, the limit is %zu MiB "
                  "(raise it with --max-memory)",
                  p->mem.peak >> 20, p->mem.limit >> 20);
    }
    return st;
}

Status dl_write_outputs(DlProgram *p, const DlRunOptions *o, Diags *d) {
    p->phase = DL_PHASE_OUTPUT;
    return dl_io_write_outputs(p, o, d);
}

bool dl_run_timed_out(const DlProgram *p) {
    return p->timed_out;
}

bool dl_run_stopped(const DlProgram *p) {
    return p->stopped;
}

DlPhase dl_run_phase(const DlProgram *p) {
    return p->phase;
}

size_t dl_run_peak_bytes(const DlProgram *p) {
    return p->mem.peak;
}

size_t dl_relation_count(const DlProgram *p) {
    return p->decls.len;
}

bool dl_relation_find(const DlProgram *p, const char *name, size_t *rel) {
    Sym s;
    uint64_t v;
    if (!intern_lookup(&p->names, name, strlen(name), &s) || !map_get(&p->decl_by_name, s, &v))
        return false;
    *rel = (size_t)v;
    return true;
}

const char *dl_relation_name(const DlProgram *p, size_t rel) {
    return p->decls.v[rel].name;
}
size_t dl_relation_arity(const DlProgram *p, size_t rel) {
    return p->decls.v[rel].arity;
}
const char *dl_relation_attr_name(const DlProgram *p, size_t rel, size_t col) {
    return p->decls.v[rel].attr_names[col];
}
const char *dl_relation_attr_type(const DlProgram *p, size_t rel, size_t col) {
    return p->decls.v[rel].attr_types[col];
}
DlKind dl_relation_attr_kind(const DlProgram *p, size_t rel, size_t col) {
    return dl_decl_kind(&p->decls.v[rel], (uint32_t)col);
}
bool dl_relation_is_output(const DlProgram *p, size_t rel) {
    return p->decls.v[rel].is_output;
}
bool dl_relation_is_input(const DlProgram *p, size_t rel) {
    return p->decls.v[rel].is_input;
}
size_t dl_relation_size(const DlProgram *p, size_t rel) {
    if (p->sliced && p->sliced[rel]) /* made and written by the writer, a slice at a time */
        return p->sliced_rows[rel];
    return p->rels && p->rels[rel] ? p->rels[rel]->n : 0;
}

Status dl_relation_insert(DlProgram *p, size_t rel, const char *const *cols, Diags *d) {
    Status st = OK;
    const DlDecl *dc = &p->decls.v[rel];
    while (p->extra.len < p->decls.len) {
        DlValVec e = {0};
        TRY(vec_push(&p->extra, e));
    }
    DlValue t[64];
    for (uint32_t k = 0; k < dc->arity; k++) {
        Status vst;
        const char *msg = dl_io_parse_value(p, dl_decl_kind(dc, k), cols[k], strlen(cols[k]),
                                            &t[k], &vst);
        TRY(vst);
        if (msg) {
            diags_add(d, DIAG_ERROR, dc->loc, "relation '%s', column %u: %s, found '%s'",
                      dc->name, k + 1, msg, cols[k]);
            return E_SYNTAX;
        }
    }
    if (dc->arity == 0)
        t[0] = 0;
    for (uint32_t k = 0; k < (dc->arity ? dc->arity : 1); k++)
        TRY(vec_push(&p->extra.v[rel], t[k]));
fail:
    return st;
}

Status dl_iter_init(DlIter *it, const DlProgram *p, size_t rel) {
    memset(it, 0, sizeof *it);
    it->p = p;
    it->rel = rel;
    if (!p->rels || !p->rels[rel])
        return OK;
    it->n = p->rels[rel]->n;
    return dl_io_sorted(p, (uint32_t)rel, &it->order);
}

const DlValue *dl_iter_next(DlIter *it) {
    if (it->pos >= it->n)
        return NULL;
    const DlRel *r = it->p->rels[it->rel];
    if (!r->arity) {
        it->pos++;
        it->buf[0] = 0;
        return it->buf;
    }
    const DlValue *t = it->order[it->pos++];
    for (uint32_t k = 0; k < r->arity; k++)
        it->buf[k] = dl_rel_col0(r, t, k);
    return it->buf;
}

void dl_iter_release(DlIter *it) {
    mem_free(it->order);
    it->order = NULL;
    it->n = it->pos = 0;
}

const char *dl_value_symbol(const DlProgram *p, DlValue v, size_t *len) {
    if (len)
        *len = intern_len(&p->syms, (Sym)v);
    return intern_str(&p->syms, (Sym)v);
}

bool dl_relation_needed(const DlProgram *p, size_t rel) {
    if (rel >= p->decls.len)
        return false;
    const DlDecl *dc = &p->decls.v[rel];
    return dc->is_input && (dc->used || dc->is_output || dc->is_printsize);
}

Status dl_relation_add_text(DlProgram *p, size_t rel, const char *text, size_t len) {
    if (rel >= p->decls.len)
        return E_INTERNAL;
    if (!p->text) {
        p->text = mem_calloc(p->decls.len, sizeof *p->text);
        p->has_text = mem_calloc(p->decls.len, sizeof *p->has_text);
        if (!p->text || !p->has_text) {
            mem_free(p->text);
            mem_free(p->has_text);
            p->text = NULL;
            p->has_text = NULL;
            return E_NOMEM;
        }
        for (size_t i = 0; i < p->decls.len; i++)
            sb_init(&p->text[i]);
    }
    p->has_text[rel] = true;
    sb_add(&p->text[rel], text, len);
    return p->text[rel].oom ? E_NOMEM : OK;
}

bool dl_relation_take_text(DlProgram *dst, DlProgram *src, Status *st) {
    *st = OK;
    for (size_t r = 0; r < dst->decls.len; r++) {
        size_t k;
        bool given = dst->has_text && dst->has_text[r];
        if (dl_relation_needed(dst, r) && !given &&
            !(src->has_text && dl_relation_find(src, dl_relation_name(dst, r), &k) && src->has_text[k]))
            return false;
    }
    for (size_t r = 0; r < dst->decls.len && *st == OK; r++) {
        size_t k;
        if (!dl_relation_needed(dst, r) || !src->has_text ||
            !dl_relation_find(src, dl_relation_name(dst, r), &k) || !src->has_text[k])
            continue;
        *st = dl_relation_add_text(dst, r, "", 0);
        if (*st == OK && dst->text[r].len == 0) { /* moved, not copied */
            sb_release(&dst->text[r]);
            dst->text[r] = src->text[k];
            sb_init(&src->text[k]);
        } else if (*st == OK) {
            *st = dl_relation_add_text(dst, r, src->text[k].buf, src->text[k].len);
        }
    }
    dl_relation_clear_text(src);
    return true;
}

void dl_relation_clear_text(DlProgram *p) {
    if (!p->text)
        return;
    for (size_t i = 0; i < p->decls.len; i++)
        sb_release(&p->text[i]);
    mem_free(p->text);
    mem_free(p->has_text);
    p->text = NULL;
    p->has_text = NULL;
}
