/*
 * dl_plan.c — from checked clauses to executable plans.
 *
 * Owns: the dependency graph and its strongly connected components (the strata, in
 * evaluation order); rejecting negation or aggregation inside a cycle (naming the cycle);
 * splitting recursive rules into semi-naive versions (one per recursive body atom, that
 * atom reading the delta); choosing a join order (the written order, the delta atom in
 * its place, with membership tests, filters, negations and aggregates as soon as their
 * variables are bound; or the order a `.plan` pins); and choosing indexes (assign_indexes): every search
 * becomes a signature (the set of bound columns); once all rules are planned, each
 * relation gets the minimum chain cover of its signatures as column orders (Souffle's
 * approach), and every search op is rewritten into the order whose prefix is its
 * signature. Full-tuple searches and scans use order 0.
 * Invariant: every DlOp's slots index the plan's environment (variables, then constants);
 * after planning, an op's cols and key are in its index's column order.
 */
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"

typedef struct Graph {
    uint32_t n;
    Vec(uint32_t) *succ; /* head → body relation (depends on) */
    Vec(uint8_t) *neg;   /* edge is a negation or an aggregate */
    Vec(SrcLoc) *loc;
} Graph;

static Status add_edge(Graph *g, uint32_t from, uint32_t to, bool neg, SrcLoc loc) {
    Status st = OK;
    for (size_t i = 0; i < g->succ[from].len; i++)
        if (g->succ[from].v[i] == to) {
            if (neg && !g->neg[from].v[i]) {
                g->neg[from].v[i] = 1;
                g->loc[from].v[i] = loc;
            }
            return OK;
        }
    TRY(vec_push(&g->succ[from], to));
    TRY(vec_push(&g->neg[from], (uint8_t)neg));
    TRY(vec_push(&g->loc[from], loc));
fail:
    return st;
}

static Status edges_lits(Graph *g, uint32_t head, const DlLit *lits, uint32_t n, bool in_agg);

static Status edges_expr(Graph *g, uint32_t head, const DlExpr *e) {
    Status st = OK;
    if (e->agg) {
        TRY(edges_lits(g, head, e->agg->body, e->agg->nbody, true));
        if (e->agg->target)
            TRY(edges_expr(g, head, e->agg->target));
    }
    for (uint32_t i = 0; i < e->nargs; i++)
        TRY(edges_expr(g, head, e->args[i]));
fail:
    return st;
}

static Status edges_lits(Graph *g, uint32_t head, const DlLit *lits, uint32_t n, bool in_agg) {
    Status st = OK;
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG) {
            TRY(add_edge(g, head, l->atom.rel, in_agg || l->kind == DL_LIT_NEG, l->atom.loc));
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                TRY(edges_expr(g, head, l->atom.args[j]));
        } else if (l->kind == DL_LIT_CMP) {
            TRY(edges_expr(g, head, l->lhs));
            TRY(edges_expr(g, head, l->rhs));
        }
    }
fail:
    return st;
}

/* Tarjan's SCC, iterative. comp[v] = component id; components come out dependencies
 * first (edges point from a relation to what it depends on). */
typedef struct Tarjan {
    const Graph *g;
    uint32_t *index, *low, *comp;
    bool *on;
    Vec(uint32_t) stack;
    uint32_t next, ncomp;
} Tarjan;

static Status tarjan(Tarjan *t, uint32_t root) {
    Status st = OK;
    typedef struct Frame {
        uint32_t v;
        size_t i;
    } Frame;
    Vec(Frame) cs = {0};
    Frame f0 = {root, 0};
    TRY(vec_push(&cs, f0));
    t->index[root] = t->low[root] = ++t->next;
    TRY(vec_push(&t->stack, root));
    t->on[root] = true;
    while (cs.len) {
        Frame *f = &vec_last(&cs);
        uint32_t v = f->v;
        if (f->i < t->g->succ[v].len) {
            uint32_t w = t->g->succ[v].v[f->i++];
            if (!t->index[w]) {
                t->index[w] = t->low[w] = ++t->next;
                TRY(vec_push(&t->stack, w));
                t->on[w] = true;
                Frame fw = {w, 0};
                TRY(vec_push(&cs, fw));
            } else if (t->on[w] && t->index[w] < t->low[v])
                t->low[v] = t->index[w];
            continue;
        }
        if (t->low[v] == t->index[v]) {
            uint32_t w;
            do {
                w = t->stack.v[--t->stack.len];
                t->on[w] = false;
                t->comp[w] = t->ncomp;
            } while (w != v);
            t->ncomp++;
        }
        cs.len--;
        if (cs.len) {
            uint32_t u = vec_last(&cs).v;
            if (t->low[v] < t->low[u])
                t->low[u] = t->low[v];
        }
    }
fail:
    vec_release(&cs);
    return st;
}

/* Describes a path inside component c from `from` to `to` (BFS), as "a -> b -> c". */
static void cycle_path(DlProgram *p, const Graph *g, const uint32_t *comp, uint32_t from,
                       uint32_t to, StrBuf *sb) {
    uint32_t n = g->n;
    uint32_t *prev = mem_alloc(sizeof(uint32_t) * n);
    uint32_t *queue = mem_alloc(sizeof(uint32_t) * n);
    if (!prev || !queue) {
        mem_free(prev);
        mem_free(queue);
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        prev[i] = UINT32_MAX;
    size_t qh = 0, qt = 0;
    queue[qt++] = from;
    prev[from] = from;
    while (qh < qt && prev[to] == UINT32_MAX) {
        uint32_t v = queue[qh++];
        for (size_t i = 0; i < g->succ[v].len; i++) {
            uint32_t w = g->succ[v].v[i];
            if (comp[w] == comp[from] && prev[w] == UINT32_MAX) {
                prev[w] = v;
                queue[qt++] = w;
            }
        }
    }
    /* path to → ... → from reversed: print from→to */
    Vec(uint32_t) path = {0};
    for (uint32_t v = to; prev[v] != UINT32_MAX; v = prev[v]) {
        (void)vec_push(&path, v);
        if (v == from)
            break;
    }
    for (size_t i = path.len; i-- > 0;) {
        sb_adds(sb, p->decls.v[path.v[i]].name);
        if (i)
            sb_adds(sb, " -> ");
    }
    vec_release(&path);
    mem_free(prev);
    mem_free(queue);
}

/* ---- plans ----------------------------------------------------------------------- */

typedef Vec(DlAgg *) AggVec;
typedef Vec(DlOp) OpVec;

typedef struct PB {
    DlProgram *p;
    DlClause *cl;
    bool *bound;         /* per slot */
    Vec(DlValue) consts;
    uint32_t nvars;
    Diags *d;
    Status st;
} PB;

static void *palloc(PB *b, size_t n) {
    void *v = arena_calloc(&b->p->arena, n ? n : 1);
    if (!v)
        b->st = E_NOMEM;
    return v;
}

static uint32_t const_slot(PB *b, const DlExpr *e) {
    DlValue v = e->val;
    if (e->kind == DL_X_INT && e->ty == DL_KIND_FLOAT) {
        double f = (double)(int64_t)e->val;
        DL_MEMCPY(&v, &f, sizeof f);
    }
    for (size_t i = 0; i < b->consts.len; i++)
        if (b->consts.v[i] == v)
            return b->nvars + (uint32_t)i;
    if (vec_push(&b->consts, v) != OK)
        b->st = E_NOMEM;
    return b->nvars + (uint32_t)(b->consts.len - 1);
}

static bool is_const(const DlExpr *e) {
    return e->kind == DL_X_INT || e->kind == DL_X_UNS || e->kind == DL_X_FLOAT ||
           e->kind == DL_X_STR;
}

static bool expr_bound(const PB *b, const DlExpr *e) {
    if (e->kind == DL_X_VAR)
        return b->bound[e->var];
    if (e->kind == DL_X_WILD)
        return false;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (!expr_bound(b, e->args[i]))
            return false;
    return true;
}

/* Builds the op for an atom (positive or negated) given the bound slots; binds its vars. */
static bool atom_op(PB *b, const DlLit *l, bool delta, DlOp *op) {
    const DlAtom *a = &l->atom;
    uint32_t ar = a->nargs;
    memset(op, 0, sizeof *op);
    op->rel = a->rel;
    op->arity = ar;
    op->delta = delta;
    op->cols = palloc(b, sizeof(DlCol) * (ar + 1));
    uint32_t *keyslot = palloc(b, sizeof(uint32_t) * (ar + 1));
    if (!op->cols || !keyslot)
        return false;
    uint64_t mask = 0;
    bool *newly = palloc(b, b->nvars + 1);
    if (!newly)
        return false;
    for (uint32_t j = 0; j < ar; j++) {
        const DlExpr *e = a->args[j];
        if (e->kind == DL_X_WILD) {
            op->cols[j].act = DL_COL_SKIP;
        } else if (is_const(e)) {
            mask |= 1ull << j;
            keyslot[j] = const_slot(b, e);
            op->cols[j].act = DL_COL_SKIP;
        } else if (e->kind == DL_X_VAR && b->bound[e->var] && !newly[e->var]) {
            mask |= 1ull << j;
            keyslot[j] = e->var;
            op->cols[j].act = DL_COL_SKIP;
        } else if (e->kind == DL_X_VAR && newly[e->var]) {
            op->cols[j].act = DL_COL_CHECK;
            op->cols[j].slot = e->var;
        } else if (e->kind == DL_X_VAR) {
            op->cols[j].act = DL_COL_BIND;
            op->cols[j].slot = e->var;
            newly[e->var] = true;
        } else {
            b->st = E_INTERNAL; /* complex arguments were normalised away */
            return false;
        }
    }
    if (l->kind == DL_LIT_NEG) {
        for (uint32_t j = 0; j < ar; j++)
            op->cols[j].act = DL_COL_SKIP;
        op->kind = DL_OP_NOT;
    } else if (ar > 0 && mask == (ar >= 64 ? ~0ull : (1ull << ar) - 1)) {
        op->kind = DL_OP_EXISTS;
    } else if (mask == 0) {
        op->kind = DL_OP_SCAN;
    } else {
        op->kind = DL_OP_LOOKUP;
    }
    if (ar == 0) {
        op->kind = l->kind == DL_LIT_NEG ? DL_OP_NOT : DL_OP_EXISTS;
    }
    /* the index and the column order are chosen once every search is known
     * (assign_indexes); until then cols and key are by declared column */
    op->index = -1;
    op->mask = mask;
    op->key = keyslot;
    for (uint32_t j = 0; j < ar; j++)
        if (mask >> j & 1)
            op->nkey++;
    if (l->kind == DL_LIT_ATOM)
        for (uint32_t v = 0; v < b->nvars; v++)
            if (newly[v])
                b->bound[v] = true;
    return true;
}

typedef struct Item {
    int kind;      /* 0 literal, 1 aggregate */
    DlLit *lit;
    DlAgg *agg;
    bool placed;
    uint32_t atom_no; /* 1-based among positive atoms */
} Item;

static void collect_agg_vars(const DlAgg *g, bool *set);

static void collect_lits_vars(const DlLit *lits, uint32_t n, bool *set, const DlAgg *skip) {
    for (uint32_t i = 0; i < n; i++) {
        const DlLit *l = &lits[i];
        const DlExpr *es[2] = {l->lhs, l->rhs};
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG) {
            for (uint32_t j = 0; j < l->atom.nargs; j++) {
                dl_expr_vars(l->atom.args[j], false, set);
                if (l->atom.args[j]->agg && l->atom.args[j]->agg != skip)
                    collect_agg_vars(l->atom.args[j]->agg, set);
            }
        } else if (l->kind == DL_LIT_CMP) {
            for (int k = 0; k < 2; k++) {
                dl_expr_vars(es[k], false, set);
                if (es[k]->agg && es[k]->agg != skip)
                    collect_agg_vars(es[k]->agg, set);
            }
        }
    }
}

static void collect_agg_vars(const DlAgg *g, bool *set) {
    collect_lits_vars(g->body, g->nbody, set, NULL);
    if (g->target)
        dl_expr_vars(g->target, false, set);
}

static Status plan_conj(PB *b, DlLit *lits, uint32_t n, DlAgg **aggs, uint32_t naggs,
                        int delta_lit, const DlPlanOrder *order, const DlExpr *const *outer_vars_ctx,
                        OpVec *out);

static void collect_direct_aggs(DlLit *lits, uint32_t n, AggVec *out) {
    for (uint32_t i = 0; i < n; i++) {
        DlLit *l = &lits[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG) {
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                if (l->atom.args[j]->agg && l->atom.args[j]->kind == DL_X_VAR)
                    (void)vec_push(out, l->atom.args[j]->agg);
        } else if (l->kind == DL_LIT_CMP) {
            if (l->lhs->agg && l->lhs->kind == DL_X_VAR)
                (void)vec_push(out, l->lhs->agg);
            if (l->rhs->agg && l->rhs->kind == DL_X_VAR)
                (void)vec_push(out, l->rhs->agg);
        }
    }
}

static Status plan_agg(PB *b, DlAgg *g, DlOp *op) {
    Status st = OK;
    OpVec sub = {0};
    AggVec inner = {0};
    bool *saved = mem_alloc(b->nvars + 1);
    if (!saved)
        return E_NOMEM;
    DL_MEMCPY(saved, b->bound, b->nvars);
    collect_direct_aggs(g->body, g->nbody, &inner);
    TRY(plan_conj(b, g->body, g->nbody, inner.v, (uint32_t)inner.len, -1, NULL, NULL, &sub));
    DlOp step = {0};
    step.kind = DL_OP_AGG_STEP;
    step.agg = g;
    TRY(vec_push(&sub, step));
    memset(op, 0, sizeof *op);
    op->kind = DL_OP_AGG;
    op->agg = g;
    op->slot = g->var;
    op->sub = palloc(b, sizeof(DlOp) * sub.len);
    if (!op->sub) {
        st = E_NOMEM;
        goto fail;
    }
    DL_MEMCPY(op->sub, sub.v, sizeof(DlOp) * sub.len);
    op->nsub = (uint32_t)sub.len;
    /* local variables of the aggregate are not visible after it */
    DL_MEMCPY(b->bound, saved, b->nvars);
    /* op->delta doubles as "the result slot was already bound: compare, don't bind" */
    op->delta = b->bound[g->var];
    b->bound[g->var] = true;
fail:
    mem_free(saved);
    vec_release(&sub);
    vec_release(&inner);
    return st;
}

typedef Vec(Item) ItemVec;

/* A float variable that an unplaced positive atom of the conjunction will bind. `x = e`
 * then waits for that atom and becomes a comparison: floats compare by value (0.0 = -0.0,
 * NaN equals nothing), while a binding through a LET would make the atom search for e's
 * bits (Souffle's float_equality case). */
static bool float_bound_later(const ItemVec *items, const DlExpr *var) {
    if (var->ty != DL_KIND_FLOAT)
        return false;
    for (size_t i = 0; i < items->len; i++) {
        const Item *it = &items->v[i];
        if (it->placed || it->kind != 0 || it->lit->kind != DL_LIT_ATOM)
            continue;
        for (uint32_t j = 0; j < it->lit->atom.nargs; j++) {
            const DlExpr *a = it->lit->atom.args[j];
            if (a->kind == DL_X_VAR && a->var == var->var)
                return true;
        }
    }
    return false;
}

static Status plan_conj(PB *b, DlLit *lits, uint32_t n, DlAgg **aggs, uint32_t naggs,
                        int delta_lit, const DlPlanOrder *order, const DlExpr *const *unused,
                        OpVec *out) {
    (void)unused;
    Status st = OK;
    ItemVec items = {0};
    bool *inside = NULL, *outside = NULL;
    uint32_t natoms = 0;
    for (uint32_t i = 0; i < n; i++) {
        Item it = {0, &lits[i], NULL, false, 0};
        if (lits[i].kind == DL_LIT_ATOM)
            it.atom_no = ++natoms;
        if (lits[i].kind == DL_LIT_BOOL && lits[i].bval)
            it.placed = true;
        TRY(vec_push(&items, it));
    }
    for (uint32_t i = 0; i < naggs; i++) {
        Item it = {1, NULL, aggs[i], false, 0};
        TRY(vec_push(&items, it));
    }
    inside = mem_calloc(b->nvars + 1, 1);
    outside = mem_calloc(b->nvars + 1, 1);
    if (!inside || !outside) {
        st = E_NOMEM;
        goto fail;
    }
    size_t next_order = 0;
    for (;;) {
        bool progress = true;
        while (progress) {
            progress = false;
            for (size_t i = 0; i < items.len; i++) {
                Item *it = &items.v[i];
                if (it->placed)
                    continue;
                DlOp op = {0};
                if (it->kind == 1) {
                    /* ready when every variable it shares with the rest is bound */
                    memset(inside, 0, b->nvars);
                    memset(outside, 0, b->nvars);
                    collect_agg_vars(it->agg, inside);
                    /* outside: the conjunction and the head, not the insides of any
                     * aggregate (each aggregate's other variables are its own) */
                    dl_conj_vars(lits, n, &b->cl->head, false, outside);
                    bool ready = true;
                    for (uint32_t v = 0; v < b->nvars; v++)
                        if (inside[v] && (outside[v] || b->bound[v]) && !b->bound[v] &&
                            v != it->agg->var)
                            ready = false;
                    if (!ready)
                        continue;
                    TRY(plan_agg(b, it->agg, &op));
                } else {
                    DlLit *l = it->lit;
                    if (l->kind == DL_LIT_NEG) {
                        bool ok = true;
                        for (uint32_t j = 0; j < l->atom.nargs; j++)
                            if (l->atom.args[j]->kind != DL_X_WILD &&
                                !expr_bound(b, l->atom.args[j]))
                                ok = false;
                        if (!ok)
                            continue;
                        if (!atom_op(b, l, false, &op))
                            goto fail;
                    } else if (l->kind == DL_LIT_CMP) {
                        bool lb = expr_bound(b, l->lhs), rb = expr_bound(b, l->rhs);
                        if (lb && rb) {
                            op.kind = DL_OP_FILTER;
                            op.cmp = l->cmp;
                            op.lhs = l->lhs;
                            op.rhs = l->rhs;
                        } else if (l->cmp == DL_CMP_EQ && l->lhs->kind == DL_X_VAR && !lb && rb &&
                                   !float_bound_later(&items, l->lhs)) {
                            op.kind = DL_OP_LET;
                            op.slot = l->lhs->var;
                            op.rhs = l->rhs;
                            b->bound[l->lhs->var] = true;
                        } else if (l->cmp == DL_CMP_EQ && l->rhs->kind == DL_X_VAR && !rb && lb &&
                                   !float_bound_later(&items, l->rhs)) {
                            op.kind = DL_OP_LET;
                            op.slot = l->rhs->var;
                            op.rhs = l->lhs;
                            b->bound[l->rhs->var] = true;
                        } else
                            continue;
                    } else if (l->kind == DL_LIT_BOOL) {
                        op.kind = DL_OP_FILTER;
                        op.lhs = op.rhs = NULL; /* constant false */
                    } else
                        continue;
                }
                it->placed = true;
                TRY(vec_push(out, op));
                progress = true;
            }
        }
        /* pick the next atom */
        int best = -1, best_score = -1;
        if (order && next_order < order->n) {
            uint32_t want = order->atoms[next_order++];
            for (size_t i = 0; i < items.len; i++)
                if (!items.v[i].placed && items.v[i].kind == 0 && items.v[i].atom_no == want)
                    best = (int)i;
        }
        bool pinned = best >= 0;
        for (size_t i = 0; !pinned && i < items.len; i++) {
            Item *it = &items.v[i];
            if (it->placed || it->kind != 0 || it->lit->kind != DL_LIT_ATOM)
                continue;
            const DlAtom *a = &it->lit->atom;
            int nb = 0;
            for (uint32_t j = 0; j < a->nargs; j++)
                if (is_const(a->args[j]) ||
                    (a->args[j]->kind == DL_X_VAR && b->bound[a->args[j]->var]))
                    nb++;
            /* membership tests as soon as they can run; otherwise the order written
             * (the delta atom in its place), as Souffle does: the author knows the
             * sizes, and `.plan` changes the order of a version (putting a large delta
             * first, ahead of small relations that bind its key, costs more than it
             * saves) */
            int score, pos = (int)(it->lit - lits);
            if (nb == (int)a->nargs)
                score = 1 << 19;
            else
                score = (1 << 18) - pos;
            if (score > best_score) {
                best_score = score;
                best = (int)i;
            }
        }
        if (best < 0)
            break;
        Item *it = &items.v[best];
        DlOp op;
        if (!atom_op(b, it->lit, (int)(it->lit - lits) == delta_lit, &op))
            goto fail;
        it->placed = true;
        TRY(vec_push(out, op));
    }
    for (size_t i = 0; i < items.len; i++)
        if (!items.v[i].placed) {
            /* the checker guarantees groundedness; this is a broken invariant */
            diags_add(b->d, DIAG_ERROR, items.v[i].lit ? items.v[i].lit->loc : b->cl->loc,
                      "internal error: cannot order this literal (ungrounded variable?)");
            st = E_SEMANTIC;
            goto fail;
        }
fail:
    if (st == OK)
        st = b->st;
    vec_release(&items);
    mem_free(inside);
    mem_free(outside);
    return st;
}

/* Replaces complex atom arguments (functors) by fresh variables plus `v = expr`. */
static Status normalise_lits(DlProgram *p, DlClause *cl, DlLit **lits, uint32_t *n) {
    Status st = OK;
    Vec(DlLit) extra = {0};
    for (uint32_t i = 0; i < *n; i++) {
        DlLit *l = &(*lits)[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG) {
            for (uint32_t j = 0; j < l->atom.nargs; j++) {
                DlExpr *e = l->atom.args[j];
                if (e->kind == DL_X_FUN || (e->kind == DL_X_VAR && e->agg)) {
                    if (e->kind == DL_X_VAR && l->kind == DL_LIT_ATOM)
                        continue; /* an aggregate's variable: fine as it is */
                    DlExpr *v = arena_calloc(&p->arena, sizeof *v);
                    if (!v) {
                        st = E_NOMEM;
                        goto fail;
                    }
                    v->kind = DL_X_VAR;
                    v->ty = e->ty;
                    v->loc = e->loc;
                    v->text = "<arg>";
                    v->var = cl->nvars++;
                    DlLit eq = {0};
                    eq.kind = DL_LIT_CMP;
                    eq.cmp = DL_CMP_EQ;
                    eq.loc = e->loc;
                    eq.lhs = v;
                    eq.rhs = e;
                    l->atom.args[j] = v;
                    TRY(vec_push(&extra, eq));
                }
            }
        }
        if (l->kind == DL_LIT_CMP) {
            const DlExpr *es[2] = {l->lhs, l->rhs};
            for (int k = 0; k < 2; k++)
                if (es[k]->agg)
                    TRY(normalise_lits(p, cl, &es[k]->agg->body, &es[k]->agg->nbody));
        }
    }
    if (extra.len) {
        DlLit *nl = arena_alloc(&p->arena, sizeof(DlLit) * (*n + extra.len));
        if (!nl) {
            st = E_NOMEM;
            goto fail;
        }
        DL_MEMCPY(nl, *lits, sizeof(DlLit) * *n);
        DL_MEMCPY(nl + *n, extra.v, sizeof(DlLit) * extra.len);
        *lits = nl;
        *n += (uint32_t)extra.len;
    }
fail:
    vec_release(&extra);
    return st;
}

static Status build_rule(DlProgram *p, uint32_t ci, int delta_lit, uint64_t version,
                         DlPlanRule *out, bool *skip, Diags *d) {
    Status st = OK;
    DlClause *cl = &p->clauses.v[ci];
    PB b = {0};
    b.p = p;
    b.cl = cl;
    b.nvars = cl->nvars;
    b.d = d;
    OpVec ops = {0};
    *skip = false;
    for (uint32_t i = 0; i < cl->nbody; i++)
        if (cl->body[i].kind == DL_LIT_BOOL && !cl->body[i].bval)
            *skip = true;
    if (*skip)
        return OK;
    b.bound = mem_calloc(b.nvars + 1, 1);
    if (!b.bound)
        return E_NOMEM;
    const DlPlanOrder *order = NULL;
    for (uint32_t i = 0; i < cl->nplan; i++)
        if (cl->plan[i].version == version)
            order = &cl->plan[i];
    TRY(plan_conj(&b, cl->body, cl->nbody, cl->aggs, cl->naggs, delta_lit, order, NULL, &ops));
    DlOp emit = {0};
    emit.kind = DL_OP_EMIT;
    emit.rel = cl->head.rel;
    emit.arity = cl->head.nargs;
    emit.head = cl->head.args;
    TRY(vec_push(&ops, emit));
    out->clause = ci;
    out->delta_lit = delta_lit;
    out->head_rel = cl->head.rel;
    out->version = version;
    out->nops = (uint32_t)ops.len;
    out->ops = arena_alloc(&p->arena, sizeof(DlOp) * ops.len);
    out->nenv = b.nvars + (uint32_t)b.consts.len;
    out->init = arena_calloc(&p->arena, sizeof(DlValue) * (out->nenv + 1));
    if (!out->ops || !out->init) {
        st = E_NOMEM;
        goto fail;
    }
    DL_MEMCPY(out->ops, ops.v, sizeof(DlOp) * ops.len);
    DL_MEMCPY(out->init + b.nvars, b.consts.v, sizeof(DlValue) * b.consts.len);
fail:
    if (st == OK)
        st = b.st;
    mem_free(b.bound);
    vec_release(&b.consts);
    vec_release(&ops);
    return st;
}

static Status check_plan_orders(DlProgram *p, Diags *d) {
    for (size_t i = 0; i < p->clauses.len; i++) {
        const DlClause *cl = &p->clauses.v[i];
        uint32_t natoms = 0;
        for (uint32_t j = 0; j < cl->nbody; j++)
            if (cl->body[j].kind == DL_LIT_ATOM)
                natoms++;
        for (uint32_t k = 0; k < cl->nplan; k++) {
            const DlPlanOrder *o = &cl->plan[k];
            bool ok = o->n == natoms;
            for (uint32_t a = 0; ok && a < o->n; a++) {
                if (o->atoms[a] < 1 || o->atoms[a] > natoms)
                    ok = false;
                for (uint32_t b = 0; ok && b < a; b++)
                    if (o->atoms[b] == o->atoms[a])
                        ok = false;
            }
            if (!ok)
                diags_add(d, DIAG_ERROR, o->loc,
                          ".plan order for version %u must be a permutation of 1..%u (the "
                          "rule's atoms)",
                          o->version, natoms);
        }
    }
    return OK;
}

/* ---- indexes --------------------------------------------------------------------- */

typedef void (*OpVisit)(DlProgram *p, DlOp *op, void *ctx);

static void visit_ops(DlProgram *p, DlOp *ops, uint32_t n, OpVisit f, void *ctx) {
    for (uint32_t i = 0; i < n; i++) {
        DlOp *op = &ops[i];
        if (op->kind == DL_OP_AGG)
            visit_ops(p, op->sub, op->nsub, f, ctx);
        if (op->kind == DL_OP_SCAN || op->kind == DL_OP_LOOKUP || op->kind == DL_OP_EXISTS ||
            op->kind == DL_OP_NOT)
            f(p, op, ctx);
    }
}

static void visit_all(DlProgram *p, OpVisit f, void *ctx) {
    for (uint32_t s = 0; s < p->nstrata; s++) {
        DlStratum *sv = &p->strata[s];
        for (uint32_t i = 0; i < sv->nbase; i++)
            visit_ops(p, sv->base[i].ops, sv->base[i].nops, f, ctx);
        for (uint32_t i = 0; i < sv->nrec; i++)
            visit_ops(p, sv->rec[i].ops, sv->rec[i].nops, f, ctx);
    }
}

typedef Vec(uint64_t) SigVec;

typedef struct Sigs {
    SigVec *per_rel; /* distinct partial signatures per relation */
    Status st;
} Sigs;

static uint64_t full_mask(uint32_t ar) {
    return ar >= 64 ? ~0ull : (1ull << ar) - 1;
}

static void collect_sig(DlProgram *p, DlOp *op, void *ctx) {
    Sigs *sg = ctx;
    uint64_t m = op->mask;
    if (m == 0 || m == full_mask(p->decls.v[op->rel].arity))
        return;
    SigVec *v = &sg->per_rel[op->rel];
    for (size_t i = 0; i < v->len; i++)
        if (v->v[i] == m)
            return;
    if (vec_push(v, m) != OK)
        sg->st = E_NOMEM;
}

/* Kuhn's augmenting path for the chain cover matching: u -> v when sig u ⊂ sig v. */
static bool augment(const uint64_t *sig, uint32_t n, uint32_t u, int32_t *match_to,
                    bool *seen) {
    for (uint32_t v = 0; v < n; v++) {
        if (v == u || seen[v] || (sig[u] & ~sig[v]) || sig[u] == sig[v])
            continue;
        seen[v] = true;
        if (match_to[v] < 0 || augment(sig, n, (uint32_t)match_to[v], match_to, seen)) {
            match_to[v] = (int32_t)u;
            return true;
        }
    }
    return false;
}

/* Orders for one relation: the minimum chain cover of its signatures under inclusion
 * (Dilworth: signatures minus a maximum matching of the strict-subset graph), each chain
 * S1 ⊂ S2 ⊂ ... giving the order S1, S2 \ S1, ..., then the remaining columns. */
static Status rel_orders(DlProgram *p, uint32_t rel, const uint64_t *sig, uint32_t n) {
    uint32_t ar = p->decls.v[rel].arity;
    DlRelPlan *rp = &p->relplans[rel];
    int32_t match_to[64], next[64];
    bool seen[64], has_prev[64];
    if (n > 64)
        n = 64; /* more distinct signatures than that: the rest reuse a prefix (below) */
    for (uint32_t i = 0; i < n; i++) {
        match_to[i] = -1;
        next[i] = -1;
        has_prev[i] = false;
    }
    for (uint32_t u = 0; u < n; u++) {
        memset(seen, 0, sizeof seen);
        (void)augment(sig, n, u, match_to, seen);
    }
    for (uint32_t v = 0; v < n; v++)
        if (match_to[v] >= 0) {
            next[match_to[v]] = (int32_t)v;
            has_prev[v] = true;
        }
    uint32_t nchains = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!has_prev[i])
            nchains++;
    if (nchains == 0)
        nchains = 1;
    rp->idx = arena_calloc(&p->arena, sizeof(DlIndexSpec) * nchains);
    if (!rp->idx)
        return E_NOMEM;
    rp->nidx = 0;
    for (uint32_t i = 0; i < n || rp->nidx == 0; i++) {
        if (i < n && has_prev[i])
            continue;
        uint32_t *cols = arena_alloc(&p->arena, sizeof(uint32_t) * (ar ? ar : 1));
        if (!cols)
            return E_NOMEM;
        uint32_t k = 0;
        uint64_t done = 0;
        for (int32_t c = i < n ? (int32_t)i : -1; c >= 0; c = next[c]) {
            for (uint32_t j = 0; j < ar; j++)
                if ((sig[c] >> j & 1) && !(done >> j & 1))
                    cols[k++] = j;
            done |= sig[c];
        }
        for (uint32_t j = 0; j < ar; j++)
            if (!(done >> j & 1))
                cols[k++] = j;
        rp->idx[rp->nidx++].cols = cols;
        if (i >= n)
            break;
    }
    return OK;
}

/* The index whose order starts with exactly the columns of mask (0 for scans and
 * full-tuple searches). */
static int32_t index_with_prefix(const DlProgram *p, uint32_t rel, uint64_t mask) {
    const DlRelPlan *rp = &p->relplans[rel];
    uint32_t ar = p->decls.v[rel].arity;
    if (mask == 0 || mask == full_mask(ar))
        return 0;
    uint32_t nk = (uint32_t)__builtin_popcountll(mask);
    for (uint32_t i = 0; i < rp->nidx; i++) {
        uint64_t pre = 0;
        for (uint32_t k = 0; k < nk; k++)
            pre |= 1ull << rp->idx[i].cols[k];
        if (pre == mask)
            return (int32_t)i;
    }
    return -1;
}

/* Rewrites an op's cols and key from declared order into its index's order. */
static void fix_op(DlProgram *p, DlOp *op, void *ctx) {
    Sigs *sg = ctx;
    uint32_t ar = p->decls.v[op->rel].arity;
    int32_t ix = index_with_prefix(p, op->rel, op->mask);
    if (ix < 0) {
        sg->st = E_INTERNAL;
        return;
    }
    op->index = ix;
    if (ar == 0)
        return;
    const uint32_t *ord = p->relplans[op->rel].idx[ix].cols;
    DlCol *cols = arena_alloc(&p->arena, sizeof(DlCol) * ar);
    uint32_t *key = arena_alloc(&p->arena, sizeof(uint32_t) * ar);
    if (!cols || !key) {
        sg->st = E_NOMEM;
        return;
    }
    for (uint32_t k = 0; k < ar; k++) {
        cols[k] = op->cols[ord[k]];
        key[k] = op->key[ord[k]];
    }
    /* A variable repeated inside the atom (r(a, _, a)) binds at its first position in
     * the index's order and is checked at the later ones; in declared order the first
     * occurrence may come later than in the index's, where a check would read the slot
     * before it is bound. */
    for (uint32_t k = 0; k < ar; k++) {
        if (cols[k].act != DL_COL_BIND && cols[k].act != DL_COL_CHECK)
            continue;
        cols[k].act = DL_COL_BIND;
        for (uint32_t q = 0; q < k; q++)
            if ((cols[q].act == DL_COL_BIND || cols[q].act == DL_COL_CHECK) &&
                cols[q].slot == cols[k].slot)
                cols[k].act = DL_COL_CHECK;
    }
    op->cols = cols;
    op->key = key;
}

static Status assign_indexes(DlProgram *p) {
    Status st = OK;
    uint32_t n = (uint32_t)p->decls.len;
    Sigs sg = {mem_calloc(n + 1, sizeof *sg.per_rel), OK};
    if (!sg.per_rel)
        return E_NOMEM;
    visit_all(p, collect_sig, &sg);
    TRY(sg.st);
    for (uint32_t r = 0; r < n; r++) {
        /* more than 64 signatures (never in practice): keep the 64 first; the others get
         * an order of their own below */
        TRY(rel_orders(p, r, sg.per_rel[r].v, (uint32_t)sg.per_rel[r].len));
        for (size_t i = 64; i < sg.per_rel[r].len; i++) {
            DlRelPlan *rp = &p->relplans[r];
            if (index_with_prefix(p, r, sg.per_rel[r].v[i]) >= 0)
                continue;
            uint32_t ar = p->decls.v[r].arity, k = 0;
            DlIndexSpec *ni = arena_alloc(&p->arena, sizeof(DlIndexSpec) * (rp->nidx + 1));
            uint32_t *cols = arena_alloc(&p->arena, sizeof(uint32_t) * ar);
            if (!ni || !cols) {
                st = E_NOMEM;
                goto fail;
            }
            for (uint32_t j = 0; j < ar; j++)
                if (sg.per_rel[r].v[i] >> j & 1)
                    cols[k++] = j;
            for (uint32_t j = 0; j < ar; j++)
                if (!(sg.per_rel[r].v[i] >> j & 1))
                    cols[k++] = j;
            DL_MEMCPY(ni, rp->idx, sizeof(DlIndexSpec) * rp->nidx);
            ni[rp->nidx].cols = cols;
            rp->idx = ni;
            rp->nidx++;
        }
    }
    visit_all(p, fix_op, &sg);
    st = sg.st;
fail:
    for (uint32_t r = 0; r < n; r++)
        vec_release(&sg.per_rel[r]);
    mem_free(sg.per_rel);
    return st;
}

/* ---- set at a time ----------------------------------------------------------------- */

/* Occurrences of variable v in e (an aggregate's result counts its body's too). */
static uint32_t var_uses(const DlExpr *e, uint32_t v, bool *scratch, uint32_t nvars) {
    uint32_t n = 0;
    if (e->kind == DL_X_VAR && e->var == v)
        n++;
    if (e->agg) {
        memset(scratch, 0, nvars + 1);
        dl_agg_vars(e->agg, scratch);
        n += scratch[v];
    }
    for (uint32_t i = 0; i < e->nargs; i++)
        n += var_uses(e->args[i], v, scratch, nvars);
    return n;
}

/* Whether a relation can be stored as sets (DlRel.set): every order ends with the last
 * column (so every search binds a prefix of the others first, and finds their keys in the
 * keys' trees) and nothing but the rules reads or fills it (not an input, an output, a
 * .printsize or an eqrel). */
static bool set_candidate(const DlProgram *p, uint32_t rel) {
    const DlDecl *dc = &p->decls.v[rel];
    const DlRelPlan *rp = &p->relplans[rel];
    uint32_t ar = dc->arity;
    if (ar < 2 || dc->eqrel || dc->is_input || dc->is_output || dc->is_printsize || !rp->nidx)
        return false;
    for (uint32_t i = 0; i < rp->nidx; i++)
        if (rp->idx[i].cols[ar - 1] != ar - 1)
            return false;
    return true;
}

/* Makes a recursive version set at a time when it can (DlOp.keys_only): the head can be
 * stored as sets (its own sets then filter the unions: a head kept as trees would need a
 * copy of itself as sets, which costs more than it saves on small sets); its last column
 * is a variable v, which no other head column uses, and which the body has once only, in
 * the last column of a positive atom whose op is a top-level scan or lookup of an order
 * that ends with that column, not of an eqrel. The rule's matches then differ only in v
 * for each prefix of that atom, so one visit per distinct prefix and a union of sets give
 * the same tuples. */
static Status set_at_a_time(DlProgram *p, DlPlanRule *r) {
    const DlClause *cl = &p->clauses.v[r->clause];
    const DlAtom *h = &cl->head;
    DlOp *emit = &r->ops[r->nops - 1];
    if (!h->nargs || emit->kind != DL_OP_EMIT || !set_candidate(p, h->rel))
        return OK;
    const DlExpr *last = h->args[h->nargs - 1];
    if (last->kind != DL_X_VAR || last->agg)
        return OK;
    uint32_t v = last->var, nv = cl->nvars;
    bool *scratch = mem_calloc(nv + 1, 1);
    if (!scratch)
        return E_NOMEM;
    uint32_t uses = 0;
    for (uint32_t j = 0; j < h->nargs; j++)
        uses += var_uses(h->args[j], v, scratch, nv);
    uint32_t body_uses = 0;
    for (uint32_t i = 0; i < cl->nbody; i++) {
        const DlLit *l = &cl->body[i];
        if (l->kind == DL_LIT_ATOM || l->kind == DL_LIT_NEG)
            for (uint32_t j = 0; j < l->atom.nargs; j++)
                body_uses += var_uses(l->atom.args[j], v, scratch, nv);
        else if (l->kind == DL_LIT_CMP)
            body_uses += var_uses(l->lhs, v, scratch, nv) + var_uses(l->rhs, v, scratch, nv);
    }
    for (uint32_t i = 0; i < cl->naggs; i++) {
        memset(scratch, 0, nv + 1);
        dl_agg_vars(cl->aggs[i], scratch);
        body_uses += scratch[v];
    }
    mem_free(scratch);
    if (uses != 1 || body_uses != 1)
        return OK;
    for (uint32_t k = 0; k + 1 < r->nops; k++) {
        DlOp *op = &r->ops[k];
        if ((op->kind != DL_OP_SCAN && op->kind != DL_OP_LOOKUP) || !op->arity)
            continue;
        uint32_t ar = op->arity;
        const uint32_t *ord = p->relplans[op->rel].idx[op->index].cols;
        if (op->cols[ar - 1].act != DL_COL_BIND || op->cols[ar - 1].slot != v)
            continue;
        if (ord[ar - 1] != ar - 1 || p->decls.v[op->rel].eqrel)
            return OK;
        op->keys_only = true;
        op->cols[ar - 1].act = DL_COL_SKIP;
        emit->set_union = true;
        emit->set_delta = op->delta;
        emit->set_rel = op->rel;
        return OK;
    }
    return OK;
}

/* Marks an inclusion rule's version that reads the head's delta (DlPlanRule.incl): the
 * clause is H(y, o) :- E(x, y), H(x, o) with x, y and o three variables, nothing else, E
 * binary and not H, and the version runs set at a time from H's delta. Then o only passes
 * from x to y, so H's sets are closed under the edges of E, and any edges with the same
 * transitive closure give the same H (dl_incl.c). */
static void mark_incl(DlProgram *p, DlPlanRule *r) {
    const DlClause *cl = &p->clauses.v[r->clause];
    const DlOp *emit = &r->ops[r->nops - 1];
    const DlAtom *h = &cl->head;
    if (emit->kind != DL_OP_EMIT || !emit->set_union || !emit->set_delta ||
        emit->set_rel != r->head_rel || cl->nbody != 2 || cl->naggs || h->nargs != 2 ||
        r->delta_lit < 0)
        return;
    uint32_t hi = (uint32_t)r->delta_lit, ei = 1 - hi;
    if (hi > 1 || cl->body[0].kind != DL_LIT_ATOM || cl->body[1].kind != DL_LIT_ATOM)
        return;
    const DlAtom *ha = &cl->body[hi].atom, *ea = &cl->body[ei].atom;
    if (ha->rel != h->rel || ea->rel == h->rel || ea->nargs != 2 ||
        p->decls.v[ea->rel].eqrel)
        return;
    const DlExpr *e[6] = {h->args[0], h->args[1], ha->args[0], ha->args[1], ea->args[0],
                          ea->args[1]};
    for (int k = 0; k < 6; k++)
        if (e[k]->kind != DL_X_VAR || e[k]->agg)
            return;
    uint32_t y = e[0]->var, o = e[1]->var, x = e[2]->var;
    if (x == y || x == o || y == o || e[3]->var != o || e[4]->var != x || e[5]->var != y)
        return;
    r->incl = true;
    r->incl_edge = ea->rel;
}

/* Relations stored as sets (DlRel.set): those a set-at-a-time rule derives (each a
 * set_candidate). */
static Status set_stores(DlProgram *p) {
    uint32_t n = (uint32_t)p->decls.len;
    p->keyplans = arena_calloc(&p->arena, sizeof(DlRelPlan) * (n + 1));
    if (!p->keyplans)
        return E_NOMEM;
    for (uint32_t c = 0; c < p->nstrata; c++)
        for (uint32_t i = 0; i < p->strata[c].nrec; i++) {
            const DlPlanRule *r = &p->strata[c].rec[i];
            if (r->ops[r->nops - 1].set_union)
                p->decls.v[r->head_rel].set_store = true;
        }
    for (uint32_t rel = 0; rel < n; rel++) {
        const DlRelPlan *rp = &p->relplans[rel];
        if (!p->decls.v[rel].set_store)
            continue;
        DlRelPlan *kp = &p->keyplans[rel];
        kp->nidx = rp->nidx;
        kp->idx = arena_calloc(&p->arena, sizeof(DlIndexSpec) * rp->nidx);
        if (!kp->idx)
            return E_NOMEM;
        for (uint32_t i = 0; i < rp->nidx; i++)
            kp->idx[i].cols = rp->idx[i].cols; /* its first ar - 1 entries */
    }
    return OK;
}

Status dl_plan_build(DlProgram *p, Diags *d) {
    Status st = OK;
    size_t e0 = d->nerrors;
    uint32_t n = (uint32_t)p->decls.len;
    Graph g = {n, NULL, NULL, NULL};
    Tarjan t = {0};
    Vec(DlPlanRule) base = {0}, rec = {0};
    uint32_t **members = NULL;
    uint32_t *nmem = NULL;
    g.succ = mem_calloc(n + 1, sizeof *g.succ);
    g.neg = mem_calloc(n + 1, sizeof *g.neg);
    g.loc = mem_calloc(n + 1, sizeof *g.loc);
    p->relplans = arena_calloc(&p->arena, sizeof(DlRelPlan) * (n + 1));
    if (!g.succ || !g.neg || !g.loc || !p->relplans) {
        st = E_NOMEM;
        goto fail;
    }
    TRY(check_plan_orders(p, d));
    for (size_t i = 0; i < p->clauses.len; i++) {
        DlClause *cl = &p->clauses.v[i];
        TRY(normalise_lits(p, cl, &cl->body, &cl->nbody));
        TRY(edges_lits(&g, cl->head.rel, cl->body, cl->nbody, false));
        for (uint32_t j = 0; j < cl->head.nargs; j++)
            TRY(edges_expr(&g, cl->head.rel, cl->head.args[j]));
    }
    t.g = &g;
    t.index = mem_calloc(n + 1, sizeof(uint32_t));
    t.low = mem_calloc(n + 1, sizeof(uint32_t));
    t.comp = mem_calloc(n + 1, sizeof(uint32_t));
    t.on = mem_calloc(n + 1, 1);
    if (!t.index || !t.low || !t.comp || !t.on) {
        st = E_NOMEM;
        goto fail;
    }
    for (uint32_t v = 0; v < n; v++)
        if (!t.index[v])
            TRY(tarjan(&t, v));
    /* negation / aggregation inside a component */
    for (uint32_t v = 0; v < n; v++)
        for (size_t i = 0; i < g.succ[v].len; i++) {
            uint32_t w = g.succ[v].v[i];
            if (!g.neg[v].v[i] || t.comp[w] != t.comp[v])
                continue;
            StrBuf sb = SB_INIT;
            sb_adds(&sb, p->decls.v[v].name);
            sb_adds(&sb, " -> ");
            cycle_path(p, &g, t.comp, w, v, &sb);
            diags_add(d, DIAG_ERROR, g.loc[v].v[i],
                      "cannot stratify: '%s' depends on '%s' through negation or aggregation "
                      "inside a cycle: %s",
                      p->decls.v[v].name, p->decls.v[w].name, sb.buf);
            sb_release(&sb);
        }
    /* .plan versions: one per recursive atom of the rule (Souffle: "only versions 0..N-1
     * permitted"; version 0 for a rule that is not recursive) */
    for (size_t i = 0; i < p->clauses.len; i++) {
        const DlClause *cl = &p->clauses.v[i];
        if (!cl->nplan)
            continue;
        uint32_t nrec = 0;
        for (uint32_t j = 0; j < cl->nbody; j++)
            if (cl->body[j].kind == DL_LIT_ATOM &&
                t.comp[cl->body[j].atom.rel] == t.comp[cl->head.rel])
                nrec++;
        for (uint32_t k = 0; k < cl->nplan; k++)
            if (cl->plan[k].version >= (nrec ? nrec : 1))
                diags_add(d, DIAG_ERROR, cl->plan[k].loc,
                          ".plan version %u does not exist: only versions 0..%u (one per "
                          "recursive atom of the rule)",
                          cl->plan[k].version, nrec ? nrec - 1 : 0);
    }
    /* inline relations that depend on each other in a cycle (Souffle cannot inline them) */
    {
        uint8_t *color = mem_calloc(n + 1, 1);
        uint32_t *stack = mem_calloc(n + 1, sizeof(uint32_t));
        size_t *pos = mem_calloc(n + 1, sizeof(size_t));
        if (!color || !stack || !pos) {
            mem_free(color), mem_free(stack), mem_free(pos);
            st = E_NOMEM;
            goto fail;
        }
        for (uint32_t r = 0; r < n; r++) {
            if (!p->decls.v[r].is_inline || color[r])
                continue;
            /* iterative DFS over edges between inline relations */
            size_t sp = 0;
            stack[sp] = r;
            pos[sp] = 0;
            color[r] = 1;
            sp++;
            while (sp) {
                uint32_t v = stack[sp - 1];
                if (pos[sp - 1] >= g.succ[v].len) {
                    color[v] = 2;
                    sp--;
                    continue;
                }
                uint32_t w = g.succ[v].v[pos[sp - 1]++];
                if (!p->decls.v[w].is_inline)
                    continue;
                if (color[w] == 1) {
                    diags_add(d, DIAG_ERROR, p->decls.v[w].loc,
                              "inline relation '%s' depends on itself through inline relations "
                              "('%s' -> ... -> '%s'): cyclic inline relations cannot be inlined "
                              "(Souffle refuses them)",
                              p->decls.v[w].name, p->decls.v[v].name, p->decls.v[w].name);
                    continue;
                }
                if (color[w] == 0) {
                    color[w] = 1;
                    stack[sp] = w;
                    pos[sp] = 0;
                    sp++;
                }
            }
        }
        mem_free(color), mem_free(stack), mem_free(pos);
    }
    if (d->nerrors > e0) {
        st = E_SEMANTIC;
        goto fail;
    }
    /* strata in evaluation order */
    p->nstrata = t.ncomp;
    p->strata = arena_calloc(&p->arena, sizeof(DlStratum) * (t.ncomp + 1));
    members = mem_calloc(t.ncomp + 1, sizeof *members);
    nmem = mem_calloc(t.ncomp + 1, sizeof *nmem);
    if (!p->strata || !members || !nmem) {
        st = E_NOMEM;
        goto fail;
    }
    for (uint32_t v = 0; v < n; v++)
        nmem[t.comp[v]]++;
    for (uint32_t c = 0; c < t.ncomp; c++) {
        p->strata[c].rels = arena_alloc(&p->arena, sizeof(uint32_t) * (nmem[c] + 1));
        if (!p->strata[c].rels) {
            st = E_NOMEM;
            goto fail;
        }
    }
    for (uint32_t v = 0; v < n; v++) {
        DlStratum *s = &p->strata[t.comp[v]];
        s->rels[s->nrels++] = v;
        p->decls.v[v].stratum = t.comp[v];
        for (size_t i = 0; i < g.succ[v].len; i++)
            if (g.succ[v].v[i] == v)
                s->recursive = true;
    }
    for (uint32_t c = 0; c < t.ncomp; c++)
        if (p->strata[c].nrels > 1)
            p->strata[c].recursive = true;
    /* rules per stratum */
    for (uint32_t c = 0; c < t.ncomp; c++) {
        DlStratum *s = &p->strata[c];
        base.len = rec.len = 0;
        for (size_t i = 0; i < p->clauses.len; i++) {
            DlClause *cl = &p->clauses.v[i];
            if (t.comp[cl->head.rel] != c)
                continue;
            uint64_t version = 0;
            bool recursive = false;
            for (uint32_t j = 0; j < cl->nbody; j++) {
                const DlLit *l = &cl->body[j];
                if (l->kind != DL_LIT_ATOM || t.comp[l->atom.rel] != c || !s->recursive)
                    continue;
                recursive = true;
                DlPlanRule r = {0};
                bool skip;
                TRY(build_rule(p, (uint32_t)i, (int)j, version++, &r, &skip, d));
                if (!skip)
                    TRY(vec_push(&rec, r));
            }
            if (!recursive) {
                DlPlanRule r = {0};
                bool skip;
                TRY(build_rule(p, (uint32_t)i, -1, 0, &r, &skip, d));
                if (!skip)
                    TRY(vec_push(&base, r));
            }
        }
        s->base = arena_alloc(&p->arena, sizeof(DlPlanRule) * (base.len + 1));
        s->rec = arena_alloc(&p->arena, sizeof(DlPlanRule) * (rec.len + 1));
        if (!s->base || !s->rec) {
            st = E_NOMEM;
            goto fail;
        }
        DL_MEMCPY(s->base, base.v, sizeof(DlPlanRule) * base.len);
        DL_MEMCPY(s->rec, rec.v, sizeof(DlPlanRule) * rec.len);
        s->nbase = (uint32_t)base.len;
        s->nrec = (uint32_t)rec.len;
    }
    TRY(assign_indexes(p));
    if (!getenv("IRLOG_DL_NO_SETS")) {
        for (uint32_t c = 0; c < p->nstrata; c++)
            for (uint32_t i = 0; i < p->strata[c].nrec; i++)
                TRY(set_at_a_time(p, &p->strata[c].rec[i]));
        TRY(set_stores(p));
        if (!getenv("IRLOG_DL_NO_INCL"))
            for (uint32_t c = 0; c < p->nstrata; c++)
                for (uint32_t i = 0; i < p->strata[c].nrec; i++)
                    mark_incl(p, &p->strata[c].rec[i]);
    }
    /* a search outside aggregates that binds nothing only needs one match (the rest of
     * the rule would run again with the same values; inside an aggregate every match
     * counts) */
    for (uint32_t c = 0; c < p->nstrata; c++) {
        DlStratum *sv = &p->strata[c];
        for (int pass = 0; pass < 2; pass++) {
            DlPlanRule *rs = pass ? sv->rec : sv->base;
            uint32_t nr = pass ? sv->nrec : sv->nbase;
            for (uint32_t i = 0; i < nr; i++)
                for (uint32_t k = 0; k < rs[i].nops; k++) {
                    DlOp *op = &rs[i].ops[k];
                    if (op->kind != DL_OP_SCAN && op->kind != DL_OP_LOOKUP)
                        continue;
                    bool binds = false;
                    for (uint32_t j = 0; j < op->arity; j++)
                        if (op->cols && op->cols[j].act == DL_COL_BIND)
                            binds = true;
                    /* a keys-only op visits every distinct prefix, unless its key
                     * fixes the prefix */
                    op->once = op->cols && !binds &&
                               (!op->keys_only || op->nkey + 1 >= op->arity);
                    /* trailing wildcards: one row per distinct prefix before them */
                    uint32_t lo = op->nkey;
                    for (uint32_t j = 0; op->cols && j < op->arity; j++)
                        if (op->cols[j].act != DL_COL_SKIP && j + 1 > lo)
                            lo = j + 1;
                    if (op->keys_only)
                        op->dprefix = op->arity - 1;
                    else if (!op->once && op->cols && lo < op->arity)
                        op->dprefix = lo;
                    /* wildcards between the key and a used last column */
                    op->dmember = !op->keys_only && !op->once && !op->dprefix && op->cols &&
                                  op->nkey + 1 < op->arity;
                    for (uint32_t j = op->nkey; op->dmember && j + 1 < op->arity; j++)
                        if (op->cols[j].act != DL_COL_SKIP)
                            op->dmember = false;
                }
        }
    }
    if (d->nerrors > e0)
        st = E_SEMANTIC;
fail:
    for (uint32_t v = 0; v < n; v++) {
        if (g.succ)
            vec_release(&g.succ[v]);
        if (g.neg)
            vec_release(&g.neg[v]);
        if (g.loc)
            vec_release(&g.loc[v]);
    }
    mem_free(g.succ);
    mem_free(g.neg);
    mem_free(g.loc);
    mem_free(t.index);
    mem_free(t.low);
    mem_free(t.comp);
    mem_free(t.on);
    vec_release(&t.stack);
    mem_free(members);
    mem_free(nmem);
    vec_release(&base);
    vec_release(&rec);
    return st;
}
