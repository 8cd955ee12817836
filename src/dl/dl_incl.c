/*
 * dl_incl.c — the graph of an inclusion rule, with its cycles collapsed.
 *
 * Owns: the edges of a rule of the shape H(y, o) :- E(x, y), H(x, o) (dl_plan marks it:
 * DlPlanRule.incl), as dl_eval hands them over, and the strongly connected components of
 * that graph. At the fixpoint every member of a component holds the same set in H, so
 * the edges inside a component need not carry anything: each component keeps a star
 * instead (every member to its representative, the representative to every member), 2k
 * edges for k members where a cycle of copies can have k² (Fähndrich et al., PLDI 1998;
 * here found offline each time the edges have doubled, with Tarjan's algorithm). The star
 * and the edges between components have the same transitive closure as E, and the least
 * H closed under a set of inclusion edges depends only on their closure, so H is the same.
 * The representative is the member first seen: components only merge, so it stays the
 * same while its component grows, and only the stars of new members are new. A new star
 * edge must carry what its source already holds (dl_eval does it: dl_incl_pending).
 */
#include "dl_int.h"

typedef Vec(uint32_t) U32Vec;

struct DlIncl {
    Map id;           /* value -> node + 1 */
    Vec(DlValue) val; /* node -> value */
    Vec(U32Vec) adj;  /* node -> targets (no edge inside a component) */
    U32Vec rep;       /* node -> representative (itself when alone) */
    /* members of each component of two or more nodes, by representative: mstart[r] is
     * the first of its members in mlist (UINT32_MAX: r represents no such component) */
    U32Vec mstart, mlen, mlist;
    size_t nedges, at_last; /* edges added; edges at the last collapse */
    Vec(DlValue) pending;   /* pairs (source, target) of new star edges */
    size_t bytes;
};

Status dl_incl_new(DlIncl **out) {
    *out = mem_calloc(1, sizeof(DlIncl));
    return *out ? OK : E_NOMEM;
}

void dl_incl_free(DlIncl *g) {
    if (!g)
        return;
    map_release(&g->id);
    vec_release(&g->val);
    for (size_t i = 0; i < g->adj.len; i++)
        vec_release(&g->adj.v[i]);
    vec_release(&g->adj);
    vec_release(&g->rep);
    vec_release(&g->mstart);
    vec_release(&g->mlen);
    vec_release(&g->mlist);
    vec_release(&g->pending);
    mem_free(g);
}

uint32_t dl_incl_node(const DlIncl *g, DlValue v) {
    uint64_t n;
    return map_get(&g->id, v, &n) ? (uint32_t)(n - 1) : UINT32_MAX;
}

static Status node_of(DlIncl *g, DlValue v, uint32_t *out) {
    uint64_t n;
    if (map_get(&g->id, v, &n)) {
        *out = (uint32_t)(n - 1);
        return OK;
    }
    uint32_t k = (uint32_t)g->val.len;
    U32Vec none = {0};
    Status st = map_put(&g->id, v, (uint64_t)k + 1);
    if (st == OK)
        st = vec_push(&g->val, v);
    if (st == OK)
        st = vec_push(&g->adj, none);
    if (st == OK)
        st = vec_push(&g->rep, k);
    if (st == OK)
        st = vec_push(&g->mstart, UINT32_MAX);
    if (st == OK)
        st = vec_push(&g->mlen, 0);
    *out = k;
    return st;
}

/* Whether nodes a and b are in one component of two or more nodes. */
static inline bool together(const DlIncl *g, uint32_t a, uint32_t b) {
    return g->rep.v[a] == g->rep.v[b] && g->mstart.v[g->rep.v[a]] != UINT32_MAX;
}

Status dl_incl_add(DlIncl *g, DlValue x, DlValue y) {
    uint32_t a, b;
    Status st = node_of(g, x, &a);
    if (st == OK)
        st = node_of(g, y, &b);
    if (st != OK)
        return st;
    g->nedges++;
    if (a == b || together(g, a, b))
        return OK;
    return vec_push(&g->adj.v[a], b);
}

/* Node a's i-th successor in the graph the components are found in: its edges, then its
 * star (to its representative, or from it to the members). UINT32_MAX past the end. */
static uint32_t succ(const DlIncl *g, uint32_t a, size_t i) {
    const U32Vec *e = &g->adj.v[a];
    if (i < e->len)
        return e->v[i];
    i -= e->len;
    uint32_t r = g->rep.v[a];
    if (r != a)
        return i == 0 ? r : UINT32_MAX;
    if (g->mstart.v[a] == UINT32_MAX || i >= g->mlen.v[a])
        return UINT32_MAX;
    return g->mlist.v[g->mstart.v[a] + i];
}

typedef struct Frame {
    uint32_t node;
    size_t next;
} Frame;

/* Tarjan's algorithm, iterative: comp[v] = its component's number. */
static Status tarjan(const DlIncl *g, uint32_t *comp, uint32_t *ncomp) {
    size_t n = g->val.len;
    uint32_t *index = mem_alloc(sizeof(uint32_t) * (n + 1));
    uint32_t *low = mem_alloc(sizeof(uint32_t) * (n + 1));
    bool *on = mem_calloc(n + 1, 1);
    U32Vec stack = {0};
    Vec(Frame) call = {0};
    Status st = OK;
    uint32_t counter = 0, nc = 0;
    if (!index || !low || !on) {
        st = E_NOMEM;
        goto done;
    }
    for (size_t v = 0; v < n; v++)
        index[v] = UINT32_MAX;
    for (uint32_t root = 0; root < n; root++) {
        if (index[root] != UINT32_MAX)
            continue;
        Frame f0 = {root, 0};
        if ((st = vec_push(&call, f0)) != OK)
            goto done;
        index[root] = low[root] = counter++;
        if ((st = vec_push(&stack, root)) != OK)
            goto done;
        on[root] = true;
        while (call.len) {
            Frame *f = &vec_last(&call);
            uint32_t v = f->node;
            uint32_t w = succ(g, v, f->next);
            if (w != UINT32_MAX) {
                f->next++;
                if (index[w] == UINT32_MAX) {
                    index[w] = low[w] = counter++;
                    if ((st = vec_push(&stack, w)) != OK)
                        goto done;
                    on[w] = true;
                    Frame fw = {w, 0};
                    if ((st = vec_push(&call, fw)) != OK)
                        goto done;
                } else if (on[w] && index[w] < low[v])
                    low[v] = index[w];
                continue;
            }
            if (low[v] == index[v]) {
                uint32_t x;
                do {
                    x = stack.v[--stack.len];
                    on[x] = false;
                    comp[x] = nc;
                } while (x != v);
                nc++;
            }
            call.len--;
            if (call.len) {
                uint32_t u = vec_last(&call).node;
                if (low[v] < low[u])
                    low[u] = low[v];
            }
        }
    }
    *ncomp = nc;
done:
    mem_free(index);
    mem_free(low);
    mem_free(on);
    vec_release(&stack);
    vec_release(&call);
    return st;
}

/* Finds the components again, gives each new member its star (the new star edges go to
 * pending) and drops the edges that fall inside a component. */
static Status collapse(DlIncl *g) {
    size_t n = g->val.len;
    uint32_t ncomp = 0;
    uint32_t *comp = mem_alloc(sizeof(uint32_t) * (n + 1));
    uint32_t *first = NULL, *size = NULL;
    Status st = OK;
    if (!comp)
        return E_NOMEM;
    TRY(tarjan(g, comp, &ncomp));
    first = mem_alloc(sizeof(uint32_t) * ((size_t)ncomp + 1));
    size = mem_calloc((size_t)ncomp + 1, sizeof(uint32_t));
    if (!first || !size) {
        st = E_NOMEM;
        goto fail;
    }
    for (uint32_t c = 0; c < ncomp; c++)
        first[c] = UINT32_MAX;
    for (uint32_t v = 0; v < n; v++) { /* the member first seen: the lowest node */
        if (first[comp[v]] == UINT32_MAX)
            first[comp[v]] = v;
        size[comp[v]]++;
    }
    /* members, grouped by representative */
    g->mlist.len = 0;
    for (uint32_t v = 0; v < n; v++) {
        g->mstart.v[v] = UINT32_MAX;
        g->mlen.v[v] = 0;
    }
    uint32_t *fill = comp; /* reused below: comp[v] is read before fill[v] is written */
    size_t total = 0;
    for (uint32_t c = 0; c < ncomp; c++)
        if (size[c] > 1) {
            g->mstart.v[first[c]] = (uint32_t)total;
            total += size[c];
        }
    TRY(vec_reserve(&g->mlist, total));
    g->mlist.len = total;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t c = comp[v], r = first[c];
        uint32_t old = g->rep.v[v];
        if (size[c] > 1) {
            g->mlist.v[g->mstart.v[r] + g->mlen.v[r]++] = v;
            if (old != r && v != r) { /* a new member: its star is new */
                TRY(vec_push(&g->pending, g->val.v[v]));
                TRY(vec_push(&g->pending, g->val.v[r]));
                TRY(vec_push(&g->pending, g->val.v[r]));
                TRY(vec_push(&g->pending, g->val.v[v]));
            }
        }
        fill[v] = r; /* comp[v] no longer needed */
    }
    for (uint32_t v = 0; v < n; v++)
        g->rep.v[v] = fill[v];
    /* the edges inside a component are carried by its star */
    for (uint32_t v = 0; v < n; v++) {
        U32Vec *e = &g->adj.v[v];
        size_t k = 0;
        for (size_t i = 0; i < e->len; i++)
            if (!together(g, v, e->v[i]))
                e->v[k++] = e->v[i];
        e->len = k;
    }
    g->at_last = g->nedges;
fail:
    mem_free(comp);
    mem_free(first);
    mem_free(size);
    return st;
}

Status dl_incl_settle(DlIncl *g) {
    /* each time the edges have doubled: the cost of all collapses is linear in the edges
     * in all, times the logarithm of their number */
    if (g->nedges < 2 * g->at_last || g->nedges == g->at_last)
        return OK;
    return collapse(g);
}

uint32_t dl_incl_targets(const DlIncl *g, uint32_t node, size_t i) {
    return succ(g, node, i);
}

DlValue dl_incl_value(const DlIncl *g, uint32_t node) {
    return g->val.v[node];
}

const DlValue *dl_incl_pending(const DlIncl *g, size_t *npairs) {
    *npairs = g->pending.len / 2;
    return g->pending.v;
}

void dl_incl_clear_pending(DlIncl *g) {
    g->pending.len = 0;
}
