/*
 * dl_rel.c — indexed relations.
 *
 * Owns: tuple storage. A relation is a set of tuples held in one or more B+trees, one per
 * column order chosen by the planner (dl_plan: the minimum chain cover of the rules'
 * search signatures, as Souffle does). Each tree stores the whole tuple, permuted into its
 * column order, and orders tuples lexicographically as unsigned 64-bit words; a search
 * whose bound columns are a prefix of an order is a descent to the first match plus a walk
 * along the linked leaves. Index 0 deduplicates: an insert goes to index 0 first and to
 * the others only when it was new.
 * Nodes hold up to `cap` tuples (about 1 KiB of keys, so a leaf is a few cache lines of
 * contiguous tuples); a leaf that overflows at its end keeps its tuples and starts a new
 * leaf with the new one, so ascending inserts fill leaves completely instead of half.
 * Searches take a hint (the leaf and slot an op's previous search reached: a search that
 * falls in that leaf or the next gallops from the slot instead of descending) or a finger
 * (a root-to-leaf path, for ascending keys: the next search climbs only as far as its key
 * needs).
 * Bulk paths: derived and input tuples are gathered in a DlBuf (radix-sorted, deduplicated
 * and filtered against the relation in bulk, with a finger); a relation is built from a
 * sorted run bottom-up (full leaves); merging a sorted batch into a tree either inserts
 * along a finger (with threads: each subtree of a level cut out by a thread of its own) or,
 * for a batch of more than 1/64 of the tree, rebuilds the tree in one
 * merged pass (runs of old leaves copied whole; each old leaf, once copied, is reused as
 * a new one). With threads, that pass and the build of a relation from several sorted
 * runs are cut into key ranges (at the batch's leaves, or at quantiles of the largest
 * run), each range made into a chain of leaves by a thread of its own; the chains are then
 * linked and the inner levels built over them.
 * Per tuple and per index: 8 × arity bytes of key, divided by the fill of the leaves
 * (100% when built or rebuilt in bulk, 50–100% after inserts: a split halves a leaf),
 * plus about 1/cap of that for inner nodes.
 * Eqrel relations keep the equivalence closure explicitly: inserting (a, b) merges the two
 * classes and adds every missing pair, so reads see a plain binary relation.
 * Every node allocation is accounted in DlMem (atomically: worker threads build their own
 * relations); crossing its limit returns E_LIMIT.
 * Invariant: trees never shrink; a relation is emptied by freeing it.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"

#define NODE_BYTES 1024

struct DlNode {
    uint32_t n;       /* keys (inner: separators; children = n + 1) */
    uint32_t leaf;    /* 1 for leaves */
    DlNode *next;     /* leaves: the next leaf in order */
    DlValue keys[];   /* (cap + 1) × arity; inner nodes: then cap + 2 child pointers */
};

static inline DlNode **kids(const DlRel *r, DlNode *nd) {
    return (DlNode **)(void *)(nd->keys + (size_t)(r->cap + 1) * r->arity);
}

static inline DlValue *key_at(const DlRel *r, const DlNode *nd, uint32_t i) {
    return (DlValue *)nd->keys + (size_t)i * r->arity;
}

static inline int cmpk(const DlValue *a, const DlValue *b, uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

Status dl_mem_account(DlMem *m, size_t old_bytes, size_t new_bytes) {
    size_t used;
    if (new_bytes >= old_bytes)
        used = __atomic_add_fetch(&m->used, new_bytes - old_bytes, __ATOMIC_RELAXED);
    else
        used = __atomic_sub_fetch(&m->used, old_bytes - new_bytes, __ATOMIC_RELAXED);
    size_t peak = __atomic_load_n(&m->peak, __ATOMIC_RELAXED);
    while (used > peak &&
           !__atomic_compare_exchange_n(&m->peak, &peak, used, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
        ;
    if (m->limit && used > m->limit)
        return E_LIMIT;
    return OK;
}

static size_t node_bytes(const DlRel *r, bool leaf) {
    size_t b = sizeof(DlNode) + (size_t)(r->cap + 1) * r->arity * sizeof(DlValue);
    if (!leaf)
        b += (size_t)(r->cap + 2) * sizeof(DlNode *);
    return b;
}

static DlNode *node_new(DlRel *r, bool leaf, Status *st) {
    size_t b = node_bytes(r, leaf);
    DlNode *nd = mem_alloc(b);
    if (!nd) {
        *st = E_NOMEM;
        return NULL;
    }
    nd->n = 0;
    nd->leaf = leaf;
    nd->next = NULL;
    if (r->mem && dl_mem_account(r->mem, 0, b) != OK) {
        /* keep the node (it is linked by the caller) but report the limit */
        *st = E_LIMIT;
    }
    return nd;
}

static size_t node_free(DlRel *r, DlNode *nd, uint32_t height) {
    if (!nd)
        return 0;
    size_t b = node_bytes(r, height == 0);
    if (height > 0)
        for (uint32_t i = 0; i <= nd->n; i++)
            b += node_free(r, kids(r, nd)[i], height - 1);
    mem_free(nd);
    return b;
}

static void node_drop(DlRel *r, DlNode *nd, bool leaf);
static void drop_leaves(DlRel *r, DlNode *leaf);
static inline void copy_tuple(DlValue *d, const DlValue *s, uint32_t ar);
static Status build_inner(DlRel *r, DlTree *t, DlNode **lvl, const DlValue **mins, size_t m,
                          DlNode **inner, size_t *ninner, Status *lim);

Status dl_rel_new(DlRel **out, uint32_t arity, const DlRelPlan *plan, bool eqrel, DlMem *mem) {
    DlRel *r = mem_calloc(1, sizeof *r);
    if (!r)
        return E_NOMEM;
    r->arity = arity;
    r->eqrel = eqrel;
    r->mem = mem;
    uint32_t cap = arity ? NODE_BYTES / (8 * arity) : 4;
    r->cap = cap < 4 ? 4 : cap;
    if (arity && plan && plan->nidx) {
        r->idx = mem_calloc(plan->nidx, sizeof(DlTree));
        r->pos0 = mem_calloc(arity, sizeof(uint32_t));
        if (!r->idx || !r->pos0) {
            mem_free(r->idx);
            mem_free(r->pos0);
            mem_free(r);
            return E_NOMEM;
        }
        r->nidx = plan->nidx;
        for (uint32_t i = 0; i < plan->nidx; i++)
            r->idx[i].order = plan->idx[i].cols; /* owned by the program arena */
        for (uint32_t k = 0; k < arity; k++)
            r->pos0[plan->idx[0].cols[k]] = k;
    }
    *out = r;
    return OK;
}

Status dl_rel_new_set(DlRel **out, uint32_t arity, const DlRelPlan *plan,
                      const DlRelPlan *keyplan, DlMem *mem) {
    DlRel *r;
    Status st = dl_rel_new(&r, arity, plan, false, mem);
    if (st != OK)
        return st;
    r->keyplan = keyplan;
    st = dl_setmap_new(&r->set, arity - 1, mem);
    if (st == OK)
        st = dl_rel_new(&r->keys, arity - 1, keyplan, false, mem);
    if (st != OK) {
        dl_rel_free(r);
        return st;
    }
    *out = r;
    return OK;
}

void dl_rel_free(DlRel *r) {
    if (!r)
        return;
    dl_setmap_free(r->set);
    dl_rel_free(r->keys);
    size_t bytes = 0;
    for (uint32_t i = 0; i < r->nidx; i++)
        bytes += node_free(r, r->idx[i].root, r->idx[i].height);
    mem_free(r->idx);
    mem_free(r->pos0);
    map_release(&r->eq_class);
    for (size_t i = 0; i < r->eq_members.len; i++)
        vec_release(&r->eq_members.v[i]);
    vec_release(&r->eq_members);
    if (r->mem)
        (void)dl_mem_account(r->mem, bytes, 0);
    mem_free(r);
}

static size_t tree_bytes(const DlRel *r, const DlNode *nd, uint32_t height) {
    if (!nd)
        return 0;
    size_t b = node_bytes(r, height == 0);
    if (height > 0)
        for (uint32_t i = 0; i <= nd->n; i++)
            b += tree_bytes(r, kids(r, (DlNode *)nd)[i], height - 1);
    return b;
}

size_t dl_rel_bytes(const DlRel *r) {
    size_t b = r->set ? r->set->bytes + dl_rel_bytes(r->keys) : 0;
    for (uint32_t i = 0; i < r->nidx; i++)
        b += tree_bytes(r, r->idx[i].root, r->idx[i].height);
    return b;
}

/* ---- search ---------------------------------------------------------------------- */

/* Lower bound over n keys of `stride` words: the first whose first nk words are >= key.
 * Always inlined into callers that pass constant stride/nk, so the common arities get a
 * specialised, unrolled compare. */
static IRLOG_ALWAYS_INLINE uint32_t
lower_k(const DlValue *keys, uint32_t n, const DlValue *key, uint32_t nk, uint32_t stride) {
    uint32_t lo = 0, len = n;
    while (len > 0) {
        uint32_t half = len / 2;
        const DlValue *a = keys + (size_t)(lo + half) * stride;
        bool less = false;
        for (uint32_t i = 0; i < nk; i++) {
            if (a[i] != key[i]) {
                less = a[i] < key[i];
                break;
            }
        }
        if (less) {
            lo += half + 1;
            len -= half + 1;
        } else
            len = half;
    }
    return lo;
}

/* First slot among n keys whose first nk words are >= key (or > key when upper). */
static uint32_t node_lower(const DlRel *r, const DlNode *nd, const DlValue *key, uint32_t nk) {
    const DlValue *k = nd->keys;
    uint32_t n = nd->n;
    /* a binary search touches lines in a dependent chain: fetch the node's lines in
     * parallel first (one memory latency instead of five) */
    const char *b = (const char *)k, *e = (const char *)(k + (size_t)n * r->arity);
    for (; b < e; b += 64)
        __builtin_prefetch(b);
    switch (r->arity * 8 + nk) {
    case 1 * 8 + 1: return lower_k(k, n, key, 1, 1);
    case 2 * 8 + 1: return lower_k(k, n, key, 1, 2);
    case 2 * 8 + 2: return lower_k(k, n, key, 2, 2);
    case 3 * 8 + 1: return lower_k(k, n, key, 1, 3);
    case 3 * 8 + 2: return lower_k(k, n, key, 2, 3);
    case 3 * 8 + 3: return lower_k(k, n, key, 3, 3);
    case 4 * 8 + 4: return lower_k(k, n, key, 4, 4);
    default: return lower_k(k, n, key, nk, r->arity);
    }
}

static inline uint32_t leaf_lower(const DlRel *r, const DlNode *nd, const DlValue *key,
                                  uint32_t nk) {
    return node_lower(r, nd, key, nk);
}

/* Lower bound in a leaf that is already in cache (a hinted search), starting from `start`,
 * the slot the previous search of the same op found: successive searches mostly ascend,
 * so a short gallop forward from there beats a binary search over the whole leaf. */
static IRLOG_ALWAYS_INLINE uint32_t
lower_from_k(const DlValue *keys, uint32_t n, const DlValue *key, uint32_t nk, uint32_t stride,
             uint32_t start) {
    if (start >= n)
        start = n - 1;
    const DlValue *a = keys + (size_t)start * stride;
    if (cmpk(a, key, nk) >= 0) {
        if (start == 0 || cmpk(a - stride, key, nk) < 0)
            return start;
        return lower_k(keys, start, key, nk, stride);
    }
    uint32_t lo = start + 1, step = 1;
    while (lo + step <= n && cmpk(keys + (size_t)(lo + step - 1) * stride, key, nk) < 0) {
        lo += step;
        step <<= 1;
    }
    uint32_t hi = lo + step - 1 < n ? lo + step - 1 : n;
    return lo + lower_k(keys + (size_t)lo * stride, hi - lo, key, nk, stride);
}

static uint32_t leaf_lower_from(const DlRel *r, const DlNode *nd, const DlValue *key,
                                uint32_t nk, uint32_t start) {
    const DlValue *k = nd->keys;
    uint32_t n = nd->n;
    switch (r->arity * 8 + nk) {
    case 1 * 8 + 1: return lower_from_k(k, n, key, 1, 1, start);
    case 2 * 8 + 1: return lower_from_k(k, n, key, 1, 2, start);
    case 2 * 8 + 2: return lower_from_k(k, n, key, 2, 2, start);
    case 3 * 8 + 1: return lower_from_k(k, n, key, 1, 3, start);
    case 3 * 8 + 2: return lower_from_k(k, n, key, 2, 3, start);
    case 3 * 8 + 3: return lower_from_k(k, n, key, 3, 3, start);
    case 4 * 8 + 4: return lower_from_k(k, n, key, 4, 4, start);
    default: return lower_from_k(k, n, key, nk, r->arity, start);
    }
}

/* Child of an inner node to descend into for a full key: separators <= key. */
static inline uint32_t inner_upper(const DlRel *r, const DlNode *nd, const DlValue *key) {
    uint32_t i = node_lower(r, nd, key, r->arity);
    if (i < nd->n && cmpk(key_at(r, nd, i), key, r->arity) == 0)
        i++;
    return i;
}

bool dl_rel_contains_ix(const DlRel *r, uint32_t i, const DlValue *key, DlCursor *hint) {
    const DlTree *t = &r->idx[i];
    uint32_t ar = r->arity;
    const DlNode *nd = hint ? hint->leaf : NULL;
    if (nd && nd->n && cmpk(key, nd->keys, ar) >= 0) {
        if (cmpk(key, key_at(r, nd, nd->n - 1), ar) > 0) {
            /* past the hint leaf: ascending searches usually land in the next one, or
             * between the two (absent) */
            const DlNode *nx = nd->next;
            if (!nx || cmpk(key, nx->keys, ar) < 0)
                return false;
            if (cmpk(key, key_at(r, nx, nx->n - 1), ar) <= 0) {
                hint->leaf = nd = nx;
                uint32_t pos = leaf_lower_from(r, nd, key, ar, 0);
                hint->pos = pos;
                return cmpk(key_at(r, nd, pos), key, ar) == 0;
            }
        } else {
            uint32_t pos = leaf_lower_from(r, nd, key, ar, hint->pos);
            hint->pos = pos;
            return cmpk(key_at(r, nd, pos), key, ar) == 0;
        }
    }
    nd = t->root;
    if (!nd)
        return false;
    for (uint32_t h = t->height; h > 0; h--)
        nd = kids(r, (DlNode *)nd)[inner_upper(r, nd, key)];
    uint32_t pos = leaf_lower(r, nd, key, ar);
    if (hint) {
        hint->leaf = nd;
        hint->pos = pos;
    }
    return pos < nd->n && cmpk(key_at(r, nd, pos), key, ar) == 0;
}

bool dl_rel_contains(const DlRel *r, const DlValue *t) {
    if (r->arity == 0)
        return r->n > 0;
    DlValue key[64];
    const uint32_t *ord = r->idx[0].order;
    for (uint32_t k = 0; k < r->arity; k++)
        key[k] = t[ord[k]];
    return dl_rel_contains_ix(r, 0, key, NULL);
}

bool dl_rel_seek(const DlRel *r, uint32_t i, const DlValue *key, uint32_t nkey, DlCursor *c,
                 DlCursor *hint) {
    const DlTree *t = &r->idx[i];
    const DlNode *nd = hint ? hint->leaf : NULL;
    uint32_t pos;
    /* the hint leaf holds the first match when its first key is below the prefix and its
     * last key is not */
    if (nd && nd->n && cmpk(nd->keys, key, nkey) < 0 &&
        cmpk(key_at(r, nd, nd->n - 1), key, nkey) >= 0) {
        pos = leaf_lower_from(r, nd, key, nkey, hint->pos);
        hint->pos = pos;
    } else {
        nd = t->root;
        if (!nd)
            return false;
        for (uint32_t h = t->height; h > 0; h--)
            nd = kids(r, (DlNode *)nd)[node_lower(r, nd, key, nkey)];
        pos = leaf_lower(r, nd, key, nkey);
        if (hint) {
            hint->leaf = nd;
            hint->pos = pos;
        }
    }
    if (pos == nd->n) {
        nd = nd->next;
        pos = 0;
        if (!nd)
            return false;
    }
    if (cmpk(key_at(r, nd, pos), key, nkey) != 0)
        return false;
    c->leaf = nd;
    c->pos = pos;
    return true;
}

bool dl_rel_first(const DlRel *r, uint32_t i, DlCursor *c) {
    const DlTree *t = &r->idx[i];
    DlNode *nd = t->root;
    if (!nd || !t->n)
        return false;
    for (uint32_t h = t->height; h > 0; h--)
        nd = kids(r, nd)[0];
    c->leaf = nd;
    c->pos = 0;
    return nd->n > 0;
}

const DlValue *dl_cursor_tuple(const DlRel *r, const DlCursor *c) {
    return key_at(r, c->leaf, c->pos);
}

bool dl_cursor_next(const DlRel *r, DlCursor *c) {
    (void)r;
    if (++c->pos < c->leaf->n)
        return true;
    c->leaf = c->leaf->next;
    c->pos = 0;
    return c->leaf != NULL;
}

size_t dl_cursor_skip(DlCursor *c, size_t at_least) {
    size_t got = 0;
    while (c->leaf && got < at_least) {
        got += c->leaf->n - c->pos;
        c->leaf = c->leaf->next;
        c->pos = 0;
    }
    return got;
}

/* A root-to-leaf path kept between searches for ascending keys (a finger): the next
 * search climbs only as far as the key's node range needs, so a sorted batch of n keys
 * into a tree of N tuples costs about n log(N/n) instead of n log N node visits. */
typedef struct Finger {
    DlNode *node[64];        /* node[lv]: the node at height lv on the path (0: the leaf) */
    uint32_t slot[64];       /* slot[lv]: the child of node[lv] taken (lv > 0) */
    const DlValue *hi[64];   /* exclusive upper bound of node[lv]'s keys; NULL: none */
    uint32_t pos;            /* the leaf slot the last search found */
    bool valid;              /* false: start from the root */
} Finger;

/* The leaf of tree t (not empty) whose range holds key; keys must ascend between calls
 * with f. *fresh: the leaf was just reached by a descent (not in cache). */
static DlNode *finger_leaf(const DlRel *r, const DlTree *t, const DlValue *key, Finger *f,
                           bool *fresh) {
    uint32_t ar = r->arity, lv;
    if (f->valid) {
        lv = 0;
        while (lv < t->height && f->hi[lv] && cmpk(key, f->hi[lv], ar) >= 0)
            lv++;
    } else {
        lv = t->height;
        f->node[lv] = t->root;
        f->hi[lv] = NULL;
        f->valid = true;
    }
    *fresh = lv > 0;
    for (; lv > 0; lv--) {
        DlNode *nd = f->node[lv];
        uint32_t c = inner_upper(r, nd, key);
        f->slot[lv] = c;
        f->node[lv - 1] = kids(r, nd)[c];
        f->hi[lv - 1] = c < nd->n ? key_at(r, nd, c) : f->hi[lv];
    }
    return f->node[0];
}

/* Membership of key (index 0's order) in r; keys must ascend between calls with f. */
static bool finger_contains(const DlRel *r, const DlValue *key, Finger *f) {
    const DlTree *t = &r->idx[0];
    uint32_t ar = r->arity;
    if (!t->root)
        return false;
    bool fresh;
    const DlNode *leaf = finger_leaf(r, t, key, f, &fresh);
    uint32_t pos = fresh ? leaf_lower(r, leaf, key, ar) : leaf_lower_from(r, leaf, key, ar, f->pos);
    f->pos = pos < leaf->n ? pos : leaf->n - 1;
    return pos < leaf->n && cmpk(key_at(r, leaf, pos), key, ar) == 0;
}

/* ---- insertion ------------------------------------------------------------------- */

/* Inserts key (already in the tree's order). Returns 1 when added, 0 when present, -1 on
 * error (*st set). */
static int tree_insert(DlRel *r, DlTree *t, const DlValue *key, Status *st, Finger *f) {
    uint32_t ar = r->arity, cap = r->cap;
    size_t kb = (size_t)ar * sizeof(DlValue);
    if (!t->root) {
        DlNode *leaf = node_new(r, true, st);
        if (!leaf)
            return -1;
        memcpy(leaf->keys, key, kb);
        leaf->n = 1;
        t->root = t->hint = leaf;
        t->n = 1;
        return *st == OK ? 1 : -1;
    }
    /* fast path: the key falls inside the last leaf written */
    DlNode *h = t->hint;
    bool here = false;
    if (h && !f && cmpk(key, h->keys, ar) >= 0)
        for (int step = 0; step < 2; step++) {
            if (cmpk(key, key_at(r, h, h->n - 1), ar) <= 0 || !h->next ||
                cmpk(key, h->next->keys, ar) < 0) {
                here = true;
                break;
            }
            h = h->next; /* ascending inserts move on to the next leaf */
        }
    if (here && h->n < cap) {
        t->hint = h;
        uint32_t pos = leaf_lower(r, h, key, ar);
        if (pos < h->n && cmpk(key_at(r, h, pos), key, ar) == 0)
            return 0;
        memmove(key_at(r, h, pos + 1), key_at(r, h, pos), (size_t)(h->n - pos) * kb);
        memcpy(key_at(r, h, pos), key, kb);
        h->n++;
        t->n++;
        return 1;
    }
    DlNode *pathbuf[64], **path = pathbuf, *nd;
    uint32_t slotbuf[64], *slot = slotbuf;
    if (f) {
        /* sorted inserts: the finger's path (re-descended only below the level whose
         * range still holds the key) */
        bool fresh;
        nd = finger_leaf(r, t, key, f, &fresh);
        path = f->node;
        slot = f->slot;
    } else {
        nd = t->root;
        for (uint32_t lv = t->height; lv > 0; lv--) {
            uint32_t c = inner_upper(r, nd, key);
            path[lv] = nd;
            slot[lv] = c;
            nd = kids(r, nd)[c];
        }
    }
    uint32_t pos = leaf_lower(r, nd, key, ar);
    if (pos < nd->n && cmpk(key_at(r, nd, pos), key, ar) == 0)
        return 0;
    memmove(key_at(r, nd, pos + 1), key_at(r, nd, pos), (size_t)(nd->n - pos) * kb);
    memcpy(key_at(r, nd, pos), key, kb);
    nd->n++;
    t->n++;
    t->hint = nd;
    if (nd->n <= cap)
        return 1;
    if (f)
        f->valid = false; /* the split changes the path */
    /* split the leaf: at the end when the key went last (ascending inserts), else halves */
    DlNode *right = node_new(r, true, st);
    if (!right)
        return -1;
    uint32_t keep = pos == nd->n - 1 ? cap : nd->n / 2;
    right->n = nd->n - keep;
    memcpy(right->keys, key_at(r, nd, keep), (size_t)right->n * kb);
    nd->n = keep;
    right->next = nd->next;
    nd->next = right;
    if (pos >= keep)
        t->hint = right;
    const DlValue *sep = right->keys;
    DlNode *child = right;
    DlValue sepbuf[64];
    for (uint32_t lv = 1;; lv++) {
        if (lv > t->height) {
            DlNode *root = node_new(r, false, st);
            if (!root)
                return -1;
            memcpy(root->keys, sep, kb);
            root->n = 1;
            kids(r, root)[0] = t->root;
            kids(r, root)[1] = child;
            t->root = root;
            t->height++;
            break;
        }
        DlNode *p = path[lv];
        uint32_t c = slot[lv];
        DlNode **pk = kids(r, p);
        memmove(key_at(r, p, c + 1), key_at(r, p, c), (size_t)(p->n - c) * kb);
        memcpy(key_at(r, p, c), sep, kb);
        memmove(pk + c + 2, pk + c + 1, (size_t)(p->n - c) * sizeof(DlNode *));
        pk[c + 1] = child;
        p->n++;
        if (p->n <= cap)
            break;
        /* split the inner node: keys [0, mid) stay, key mid goes up, (mid, n) move */
        DlNode *pr = node_new(r, false, st);
        if (!pr)
            return -1;
        uint32_t mid = c + 1 == p->n ? cap - 1 : p->n / 2;
        pr->n = p->n - mid - 1;
        memcpy(pr->keys, key_at(r, p, mid + 1), (size_t)pr->n * kb);
        memcpy(kids(r, pr), pk + mid + 1, (size_t)(pr->n + 1) * sizeof(DlNode *));
        memcpy(sepbuf, key_at(r, p, mid), kb);
        p->n = mid;
        sep = sepbuf;
        child = pr;
    }
    return *st == OK ? 1 : -1;
}

static Status insert_plain(DlRel *r, const DlValue *t, bool *added) {
    Status st = OK;
    if (added)
        *added = false;
    if (r->arity == 0) {
        if (!r->n) {
            r->n = 1;
            if (added)
                *added = true;
            if (r->log)
                return insert_plain(r->log, t, NULL);
        }
        return OK;
    }
    DlValue key[64];
    for (uint32_t i = 0; i < r->nidx; i++) {
        const uint32_t *ord = r->idx[i].order;
        for (uint32_t k = 0; k < r->arity; k++)
            key[k] = t[ord[k]];
        int rc = tree_insert(r, &r->idx[i], key, &st, NULL);
        if (rc < 0)
            return st;
        if (rc == 0) {
            if (i == 0)
                return OK;
            continue;
        }
        if (i == 0)
            r->n++;
    }
    if (added)
        *added = true;
    if (r->log)
        return insert_plain(r->log, t, NULL);
    return st;
}

/* Frees the inner nodes of a tree, not its leaves. */
static void free_inner(DlRel *r, DlNode *nd, uint32_t height) {
    if (!nd || height == 0)
        return;
    for (uint32_t k = 0; k <= nd->n; k++)
        free_inner(r, kids(r, nd)[k], height - 1);
    node_drop(r, nd, false);
}

/* ---- bulk rebuilds, cut into key ranges that threads build in parallel ------------- */

/* Runs fn(arg, k) for k in [0, ntasks) on up to nthreads threads (the caller is one of
 * them); tasks are taken in order from a shared counter. Every task runs even when
 * threads cannot be started (the caller then runs them all). */
typedef struct ParFor {
    void (*fn)(void *arg, size_t k);
    void *arg;
    size_t ntasks;
    size_t next; /* atomic */
} ParFor;

static void *par_main(void *arg) {
    ParFor *pf = arg;
    size_t k;
    while ((k = __atomic_fetch_add(&pf->next, 1, __ATOMIC_RELAXED)) < pf->ntasks)
        pf->fn(pf->arg, k);
    return NULL;
}

static void par_for(unsigned nthreads, size_t ntasks, void (*fn)(void *, size_t), void *arg) {
    ParFor pf = {fn, arg, ntasks, 0};
    pthread_t th[64];
    unsigned started = 0;
    if (nthreads > 64)
        nthreads = 64;
    for (unsigned i = 1; i < nthreads && i < ntasks; i++) {
        if (pthread_create(&th[started], NULL, par_main, &pf) != 0)
            break;
        started++;
    }
    par_main(&pf);
    for (unsigned i = 0; i < started; i++)
        pthread_join(th[i], NULL);
}

/* A chain of new leaves made by one key range (in order), as build_inner wants them. */
typedef struct LeafRun {
    DlNode **lvl;
    const DlValue **mins;
    size_t n, cap;
    DlNode *cur;   /* the leaf being filled (the last of lvl) */
    DlNode *spare; /* old leaves this range consumed whole: reused as new ones */
    size_t tuples;
    Status st;     /* E_NOMEM */
    Status lim;    /* E_LIMIT (the build goes on) */
} LeafRun;

static bool run_new_leaf(DlRel *r, LeafRun *lr) {
    DlNode *nw = lr->spare;
    if (nw) {
        lr->spare = nw->next;
        nw->n = 0;
        nw->next = NULL;
    } else {
        Status st = OK;
        if (!(nw = node_new(r, true, &st))) {
            lr->st = E_NOMEM;
            return false;
        }
        if (st == E_LIMIT)
            lr->lim = st;
    }
    if (lr->n == lr->cap) {
        size_t nc = lr->cap ? lr->cap * 2 : 64;
        DlNode **l = mem_realloc(lr->lvl, nc * sizeof *l);
        if (l)
            lr->lvl = l;
        const DlValue **m = l ? mem_realloc(lr->mins, nc * sizeof *m) : NULL;
        if (!m) {
            node_drop(r, nw, true);
            lr->st = E_NOMEM;
            return false;
        }
        lr->mins = m;
        lr->cap = nc;
    }
    if (lr->cur)
        lr->cur->next = nw;
    lr->lvl[lr->n] = lr->cur = nw;
    lr->mins[lr->n] = nw->keys;
    lr->n++;
    return true;
}

/* Appends k tuples (tree order) to the run, filling its leaves completely. */
static bool run_append(DlRel *r, LeafRun *lr, const DlValue *v, size_t k) {
    uint32_t ar = r->arity, cap = r->cap;
    while (k > 0) {
        if ((!lr->cur || lr->cur->n == cap) && !run_new_leaf(r, lr))
            return false;
        DlNode *out = lr->cur;
        size_t m = cap - out->n < k ? cap - out->n : k;
        memcpy(key_at(r, out, out->n), v, m * ar * sizeof(DlValue));
        out->n += (uint32_t)m;
        v += m * ar;
        k -= m;
        lr->tuples += m;
    }
    return true;
}

static void run_drop(DlRel *r, LeafRun *lr) {
    for (size_t k = 0; k < lr->n; k++)
        node_drop(r, lr->lvl[k], true);
    drop_leaves(r, lr->spare);
    mem_free(lr->lvl);
    mem_free(lr->mins);
    memset(lr, 0, sizeof *lr);
}

/* Empties tree t's fields (its nodes already freed or owned elsewhere). */
static void tree_reset(DlTree *t) {
    t->root = NULL;
    t->hint = NULL;
    t->height = 0;
    t->n = 0;
}

/* Makes tree t (its old nodes already dealt with) from the runs of nr key ranges, in
 * order: links their leaves, builds the inner levels; frees the runs' spare leaves. The
 * runs are released. Returns E_NOMEM (t left empty, every leaf freed) or the first E_LIMIT. */
static Status runs_to_tree(DlRel *r, DlTree *t, LeafRun *runs, size_t nr) {
    Status st = OK, lim = OK;
    size_t nl = 0, n = 0, ninner = 0;
    for (size_t k = 0; k < nr; k++) {
        drop_leaves(r, runs[k].spare);
        runs[k].spare = NULL;
        if (runs[k].st != OK)
            st = runs[k].st;
        if (runs[k].lim != OK)
            lim = runs[k].lim;
        nl += runs[k].n;
        n += runs[k].tuples;
    }
    DlNode **lvl = NULL, **inner = NULL;
    const DlValue **mins = NULL;
    if (st == OK && nl) {
        lvl = mem_alloc(nl * sizeof *lvl);
        inner = mem_alloc((nl + 1) * sizeof *inner);
        mins = mem_alloc(nl * sizeof *mins);
        if (!lvl || !inner || !mins)
            st = E_NOMEM;
    }
    tree_reset(t);
    if (st == OK && nl) {
        size_t m = 0;
        DlNode *prev = NULL;
        for (size_t k = 0; k < nr; k++)
            for (size_t j = 0; j < runs[k].n; j++) {
                if (prev)
                    prev->next = runs[k].lvl[j];
                prev = lvl[m] = runs[k].lvl[j];
                mins[m++] = runs[k].mins[j];
            }
        prev->next = NULL;
        if (build_inner(r, t, lvl, mins, nl, inner, &ninner, &lim) != OK) {
            st = E_NOMEM;
            for (size_t k = 0; k < ninner; k++)
                node_drop(r, inner[k], false);
            tree_reset(t);
        } else
            t->n = n;
    }
    for (size_t k = 0; k < nr; k++) {
        if (st == OK) {
            mem_free(runs[k].lvl);
            mem_free(runs[k].mins);
            memset(&runs[k], 0, sizeof runs[k]);
        } else
            run_drop(r, &runs[k]);
    }
    mem_free(lvl);
    mem_free(inner);
    mem_free(mins);
    return st != OK ? st : lim;
}

/* The first position of tree t (not empty) whose tuple is >= key; leaf NULL at the end. */
static DlCursor tree_lower(const DlRel *r, const DlTree *t, const DlValue *key) {
    const DlNode *nd = t->root;
    for (uint32_t h = t->height; h > 0; h--)
        nd = kids(r, (DlNode *)nd)[inner_upper(r, nd, key)];
    DlCursor c = {nd, leaf_lower(r, nd, key, r->arity)};
    if (c.pos == nd->n) {
        c.leaf = nd->next;
        c.pos = 0;
    }
    return c;
}

/* Appends to lvl and mins the nodes at height h below nd (of height nh), in order, with the
 * first key of each one's subtree. */
static void nodes_at(const DlRel *r, DlNode *nd, uint32_t nh, uint32_t h, DlNode **lvl,
                     const DlValue **mins, size_t *m) {
    if (nh == h) {
        const DlNode *l = nd;
        for (uint32_t k = h; k > 0; k--)
            l = kids(r, (DlNode *)l)[0];
        lvl[*m] = nd;
        mins[(*m)++] = l->keys;
        return;
    }
    for (uint32_t k = 0; k <= nd->n; k++)
        nodes_at(r, kids(r, nd)[k], nh - 1, h, lvl, mins, m);
}

/* Counts the nodes at height h below nd (of height nh). */
static size_t count_at(const DlRel *r, DlNode *nd, uint32_t nh, uint32_t h) {
    if (nh == h)
        return 1;
    size_t c = 0;
    for (uint32_t k = 0; k <= nd->n; k++)
        c += count_at(r, kids(r, nd)[k], nh - 1, h);
    return c;
}

/* The highest level of tree t (not empty) with at least want nodes, or the leaves: its
 * height in *h; returns its number of nodes. */
static size_t level_of(const DlRel *r, const DlTree *t, size_t want, uint32_t *h) {
    uint32_t lh = t->height;
    size_t m = 1;
    while (lh > 0 && m < want) {
        lh--;
        m = count_at(r, t->root, t->height, lh);
    }
    *h = lh;
    return m;
}

/* The m nodes of tree t at height h, in order, and the first key of each one's subtree
 * (mem_free both). */
static Status level_nodes(const DlRel *r, const DlTree *t, uint32_t h, size_t m,
                          DlNode ***lvl, const DlValue ***mins) {
    *lvl = mem_alloc(m * sizeof **lvl);
    *mins = mem_alloc(m * sizeof **mins);
    if (!*lvl || !*mins) {
        mem_free(*lvl);
        mem_free(*mins);
        *lvl = NULL;
        *mins = NULL;
        return E_NOMEM;
    }
    size_t at = 0;
    nodes_at(r, t->root, t->height, h, *lvl, *mins, &at);
    return OK;
}

/* Frees the subtree under nd (of height h), accounted. */
static void subtree_drop(DlRel *r, DlNode *nd, uint32_t h) {
    size_t b = node_free(r, nd, h);
    if (r->mem)
        (void)dl_mem_account(r->mem, b, 0);
}

/* Frees the inner nodes of a tree above height h (the nodes at h and below stay). */
static void free_above(DlRel *r, DlNode *nd, uint32_t nh, uint32_t h) {
    if (nh <= h)
        return;
    for (uint32_t k = 0; k <= nd->n; k++)
        free_above(r, kids(r, nd)[k], nh - 1, h);
    node_drop(r, nd, false);
}

/* One key range of a rebuilding merge: the old tuples from a up to end (end.leaf NULL:
 * to the last) merged with nb tuples of src from b. */
typedef struct RebuildPart {
    DlCursor a, end;
    bool shared;  /* a.leaf starts before this range: the previous range reads it too */
    DlCursor b;
    size_t nb;
    const DlValue *bhi; /* cut at the old tree's nodes: nb is src's tuples from b below bhi
                         * (NULL: to the end), counted by the part itself */
    bool count;
    LeafRun out;
} RebuildPart;

typedef struct Rebuild {
    DlRel *r;
    const DlRel *src;
    RebuildPart *parts;
} Rebuild;

static void rebuild_part(void *arg, size_t k) {
    Rebuild *rb = arg;
    DlRel *r = rb->r;
    const DlRel *src = rb->src;
    RebuildPart *pt = &rb->parts[k];
    LeafRun *out = &pt->out;
    uint32_t ar = r->arity;
    DlNode *a = (DlNode *)pt->a.leaf;
    uint32_t ap = pt->a.pos;
    bool own = !pt->shared; /* a may be reused once consumed */
    DlCursor b = pt->b;
    if (pt->count) {
        DlCursor c = b;
        pt->nb = 0;
        for (; c.leaf; dl_cursor_next(src, &c)) {
            if (pt->bhi && cmpk(dl_cursor_tuple(src, &c), pt->bhi, ar) >= 0)
                break;
            pt->nb++;
        }
    }
    size_t nb = pt->nb;
    for (;;) {
        bool a_done = !a || (a == pt->end.leaf && ap == pt->end.pos);
        if (a_done && !nb)
            break;
        if (a_done) {
            if (!run_append(r, out, dl_cursor_tuple(src, &b), 1))
                goto fail;
            nb--;
            if (nb)
                dl_cursor_next(src, &b);
            continue;
        }
        uint32_t lim = a == pt->end.leaf ? pt->end.pos : a->n, e = lim;
        if (nb) {
            const DlValue *y = dl_cursor_tuple(src, &b);
            e = leaf_lower_from(r, a, y, ar, ap);
            if (e > lim)
                e = lim;
            if (e == ap) {
                /* y comes first, or equals a's tuple (then a's copy is kept) */
                if (cmpk(key_at(r, a, ap), y, ar) != 0 && !run_append(r, out, y, 1))
                    goto fail;
                nb--;
                if (nb)
                    dl_cursor_next(src, &b);
                continue;
            }
        }
        if (!run_append(r, out, key_at(r, a, ap), e - ap))
            goto fail;
        ap = e;
        if (ap == a->n) {
            DlNode *nx = a->next;
            if (own) {
                a->next = out->spare;
                out->spare = a;
            }
            own = true;
            a = nx;
            ap = 0;
        }
    }
    return;
fail:
    /* free the old leaves this range would have consumed whole */
    if (a && a != pt->end.leaf) {
        DlNode *nx = a->next;
        if (own)
            node_drop(r, a, true);
        while (nx && nx != pt->end.leaf) {
            DlNode *x = nx->next;
            node_drop(r, nx, true);
            nx = x;
        }
    }
}

/* Index i of r ∪= index i of src, rebuilding the tree from the merged sequence with full
 * leaves: one sequential pass instead of a descent per tuple, for large batches. The
 * sequence is cut into key ranges at src's leaves (up to 4 per thread), each merged by a
 * thread into leaves of its own; old leaves consumed whole are reused, so the peak is
 * about one tree. On E_NOMEM the index is left empty (the run fails). */
static Status merge_rebuild(DlRel *r, uint32_t i, const DlRel *src, unsigned nthreads,
                            size_t par_min) {
    DlTree *t = &r->idx[i];
    const DlTree *st_ = &src->idx[i];
    size_t nleaves = st_->n / src->cap + 1;
    size_t nparts = nthreads > 1 && st_->n >= par_min ? (size_t)nthreads * 4 : 1;
    if (nparts > nleaves)
        nparts = nleaves;
    RebuildPart *parts = mem_calloc(nparts, sizeof *parts);
    DlNode **orphans = mem_calloc(nparts + 1, sizeof *orphans);
    if (!parts || !orphans) {
        mem_free(parts);
        mem_free(orphans);
        return E_NOMEM;
    }
    DlCursor b;
    dl_rel_first(src, i, &b);
    size_t left = st_->n, norph = 0;
    /* the old tree is far larger than src and takes the time: cut it into nparts ranges of
     * the nodes of its highest level with at least 4 per part (about equal subtrees); each
     * range takes the src tuples of its key span */
    uint32_t lh = 0;
    size_t m = nparts > 1 ? level_of(r, t, nparts * 4, &lh) : 1;
    DlNode **lvl = NULL;
    const DlValue **mins = NULL;
    DlValue *bounds = NULL; /* copies: the parts rewrite the old leaves the keys are in */
    if (nparts > 1 && m >= nparts * 4) {
        bounds = mem_alloc(nparts * r->arity * sizeof *bounds);
        if (!bounds || level_nodes(r, t, lh, m, &lvl, &mins) != OK) {
            mem_free(bounds);
            mem_free(parts);
            mem_free(orphans);
            return E_NOMEM;
        }
        for (size_t k = 0; k < nparts; k++) {
            RebuildPart *pt = &parts[k];
            size_t first = m * k / nparts, next = m * (k + 1) / nparts;
            const DlNode *a = lvl[first];
            for (uint32_t h = lh; h > 0; h--)
                a = kids(r, (DlNode *)a)[0];
            pt->a.leaf = a;
            if (k)
                parts[k - 1].end = pt->a;
            pt->b = k ? tree_lower(src, st_, mins[first]) : b;
            if (next < m) {
                copy_tuple(bounds + k * r->arity, mins[next], r->arity);
                pt->bhi = bounds + k * r->arity;
            }
            pt->count = true;
        }
        mem_free(lvl);
        mem_free(mins);
        goto cut;
    }
    /* cut src into nparts runs of whole leaves; each old range starts at the first old
     * tuple >= its run's first tuple (the first range: at the old tree's start) */
    for (size_t k = 0; k < nparts; k++) {
        RebuildPart *pt = &parts[k];
        pt->b = b;
        if (k + 1 == nparts)
            pt->nb = left;
        else {
            pt->nb = dl_cursor_skip(&b, left / (nparts - k));
            left -= pt->nb;
        }
        if (k == 0) {
            DlNode *a = t->root;
            for (uint32_t h = t->height; h > 0; h--)
                a = kids(r, a)[0];
            pt->a.leaf = a;
        } else {
            pt->a = tree_lower(r, t, dl_cursor_tuple(src, &pt->b));
            pt->shared = pt->a.pos > 0;
            parts[k - 1].end = pt->a;
            if (pt->shared && (!norph || orphans[norph - 1] != pt->a.leaf))
                orphans[norph++] = (DlNode *)pt->a.leaf;
        }
        if (!b.leaf && k + 1 < nparts) { /* src ran out: fewer parts */
            nparts = k + 1;
            pt->end.leaf = NULL;
        }
    }
cut:
    free_inner(r, t->root, t->height);
    par_for(nthreads, nparts, rebuild_part, &(Rebuild){r, src, parts});
    for (size_t k = 0; k < norph; k++)
        node_drop(r, orphans[k], true);
    LeafRun *runs = mem_alloc(nparts * sizeof *runs);
    Status st = runs ? OK : E_NOMEM;
    for (size_t k = 0; k < nparts; k++) {
        if (runs)
            runs[k] = parts[k].out;
        else
            run_drop(r, &parts[k].out);
    }
    if (runs)
        st = runs_to_tree(r, t, runs, nparts);
    else
        tree_reset(t);
    mem_free(runs);
    mem_free(parts);
    mem_free(orphans);
    mem_free(bounds);
    return st;
}

/* A batch of more than 1/64 of a tree is merged into it by a rebuild (merge_index). */
static inline bool rebuilds(size_t tree, size_t batch) {
    return tree && batch >= tree / 64;
}

static Status merge_index(DlRel *dst, const DlRel *src, uint32_t i, unsigned nthreads,
                          size_t par_min);

/* One subtree of a parallel insertion: the src tuples in [lo, hi) (NULL: unbounded) go
 * into the tree rooted at one node of the level the tree is cut at. */
typedef struct InsPart {
    DlTree sub;          /* root: the node; height: the level's; n: tuples added */
    const DlValue *lo, *hi;
    Status st;
} InsPart;

typedef struct InsPar {
    DlRel *r;
    const DlRel *src;
    uint32_t idx;
    InsPart *parts;
} InsPar;

static void insert_part(void *arg, size_t k) {
    InsPar *ip = arg;
    InsPart *pt = &ip->parts[k];
    DlRel *r = ip->r;
    const DlRel *src = ip->src;
    const DlTree *s = &src->idx[ip->idx];
    uint32_t ar = r->arity;
    DlCursor c;
    if (pt->lo)
        c = tree_lower(src, s, pt->lo);
    else if (!dl_rel_first(src, ip->idx, &c))
        return;
    Finger f;
    f.valid = false;
    size_t before = pt->sub.n;
    for (; c.leaf; dl_cursor_next(src, &c)) {
        const DlValue *key = dl_cursor_tuple(src, &c);
        if (pt->hi && cmpk(key, pt->hi, ar) >= 0)
            break;
        if (tree_insert(r, &pt->sub, key, &pt->st, &f) < 0)
            break;
    }
    pt->sub.n -= before; /* the tuples added */
}

/* Index i of r ∪= index i of src by descents, on threads: the tree is cut at the highest
 * level with at least 8 nodes per thread; each node's subtree takes the src tuples of its
 * key range, its own splits (a subtree's leaves link to the next one's first leaf, which
 * stays first), then the levels above are built again over the subtrees' top nodes.
 * Returns E_NOMEM before any change when it cannot start. */
static Status merge_insert_par(DlRel *r, uint32_t i, const DlRel *src, unsigned nthreads) {
    DlTree *t = &r->idx[i];
    uint32_t h = 0;
    size_t m = level_of(r, t, (size_t)nthreads * 8, &h);
    if (m < 2)
        return merge_index(r, src, i, 1, 0);
    DlNode **lvl = NULL;
    const DlValue **mins = NULL;
    InsPart *parts = mem_calloc(m, sizeof *parts);
    if (!parts || level_nodes(r, t, h, m, &lvl, &mins) != OK) {
        mem_free(parts);
        return E_NOMEM;
    }
    for (size_t k = 0; k < m; k++) {
        parts[k].sub.root = lvl[k];
        parts[k].sub.height = h;
        parts[k].lo = k ? mins[k] : NULL;
        parts[k].hi = k + 1 < m ? mins[k + 1] : NULL;
    }
    par_for(nthreads, m, insert_part, &(InsPar){r, src, i, parts});
    /* the subtrees may have grown: their nodes at height h, in order, under new levels */
    size_t nn = 0, added = 0;
    Status st = OK, lim = OK;
    for (size_t k = 0; k < m; k++) {
        nn += count_at(r, parts[k].sub.root, parts[k].sub.height, h);
        added += parts[k].sub.n;
        if (parts[k].st == E_NOMEM)
            st = E_NOMEM;
        else if (parts[k].st != OK)
            lim = parts[k].st;
    }
    free_above(r, t->root, t->height, h);
    DlNode **nl = mem_alloc(nn * sizeof *nl), **inner = mem_alloc((nn + 1) * sizeof *inner);
    const DlValue **nm = mem_alloc(nn * sizeof *nm);
    size_t ninner = 0;
    bool built = false;
    if (nl && inner && nm) {
        size_t at = 0;
        for (size_t k = 0; k < m; k++) {
            DlTree *sb = &parts[k].sub;
            nodes_at(r, sb->root, sb->height, h, nl, nm, &at);
            free_above(r, sb->root, sb->height, h);
        }
        if (build_inner(r, t, nl, nm, nn, inner, &ninner, &lim) == OK)
            built = true;
        else {
            for (size_t k = 0; k < ninner; k++)
                node_drop(r, inner[k], false);
            for (size_t k = 0; k < nn; k++)
                subtree_drop(r, nl[k], h);
        }
    } else
        for (size_t k = 0; k < m; k++)
            subtree_drop(r, parts[k].sub.root, parts[k].sub.height);
    if (built) {
        /* kept even after a part's E_NOMEM (a leaf may hold cap + 1 keys, which its
         * allocation has room for): the run fails, the relation is freed whole */
        t->height += h;
        t->n += added;
    } else {
        st = E_NOMEM;
        tree_reset(t);
    }
    t->hint = NULL;
    mem_free(nl);
    mem_free(inner);
    mem_free(nm);
    mem_free(lvl);
    mem_free(mins);
    mem_free(parts);
    return st != OK ? st : lim;
}

/* Index i of dst ∪= index i of src (dst->n is set by the caller). */
static Status merge_index(DlRel *dst, const DlRel *src, uint32_t i, unsigned nthreads,
                          size_t par_min) {
    Status st = OK;
    DlCursor c;
    if (dst->arity == 0 || !dl_rel_first(src, i, &c))
        return OK;
    /* a batch of more than 1/64 of the tree: one merged pass (runs of the old leaves copied
     * whole) beats a descent per tuple, and leaves the tree with full leaves. Below that,
     * T threads share the descents, as they share the pass above it. (tc over 50k edges,
     * -j 2: 1.90 s from 1/64, 2.05 s from 1/128; from 1/32 more half-full leaves, lua's
     * points-to 626 -> 680 MB; from 1/64: 640 MB) */
    unsigned par = nthreads > 1 && src->idx[i].n >= par_min ? nthreads : 1;
    if (rebuilds(dst->idx[i].n, src->idx[i].n))
        return merge_rebuild(dst, i, src, nthreads, par_min);
    if (par > 1 && dst->idx[i].height > 0)
        return merge_insert_par(dst, i, src, par);
    Finger f;
    f.valid = false;
    do {
        if (tree_insert(dst, &dst->idx[i], dl_cursor_tuple(src, &c), &st, &f) < 0)
            return st;
    } while (dl_cursor_next(src, &c));
    return OK;
}

Status dl_rel_merge(DlRel *dst, const DlRel *src) {
    return dl_rel_merge_par(dst, src, 1, 0);
}

Status dl_rel_merge_par(DlRel *dst, const DlRel *src, unsigned nthreads, size_t par_min) {
    Status st = OK;
    if (dst->arity == 0) {
        if (src->n)
            return insert_plain(dst, NULL, NULL);
        return OK;
    }
    if (dst->eqrel || dst->log) {
        DlCursor c;
        DlValue t[64];
        if (!dl_rel_first(src, 0, &c))
            return OK;
        do {
            const DlValue *k = dl_cursor_tuple(src, &c);
            for (uint32_t j = 0; j < src->arity; j++)
                t[j] = k[src->pos0[j]];
            TRY(dl_rel_insert(dst, t, NULL));
        } while (dl_cursor_next(src, &c));
        return OK;
    }
    for (uint32_t i = 0; i < dst->nidx; i++)
        TRY(merge_index(dst, src, i, nthreads, par_min));
    dst->n = dst->idx[0].n;
fail:
    return st;
}

/* ---- merges of several relations at once --------------------------------------- */

typedef struct MergeJob {
    DlRel *dst;
    const DlRel *src;
    size_t weight; /* about the work: the batch, and R when the batch rebuilds it */
    Status st;
} MergeJob;

/* The status to report of st and a later s: the first error, E_NOMEM before others. */
static Status first_error(Status st, Status s) {
    return s != OK && (st == OK || s == E_NOMEM) ? s : st;
}

static int job_heavier(const void *a, const void *b) {
    const MergeJob *x = a, *y = b;
    return x->weight > y->weight ? -1 : x->weight < y->weight;
}

static void merge_job(void *arg, size_t k) {
    MergeJob *j = &((MergeJob *)arg)[k];
    j->st = dl_rel_merge_par(j->dst, j->src, 1, 0);
}

Status dl_rel_merge_many(DlRel **dst, DlRel *const *src, size_t n, unsigned nthreads,
                         size_t par_min) {
    Status st = OK;
    size_t total = 0;
    MergeJob *jobs = nthreads > 1 && n > 1 ? mem_calloc(n, sizeof *jobs) : NULL;
    if (!jobs) { /* one at a time, each on the threads */
        for (size_t k = 0; k < n; k++)
            st = first_error(st, dl_rel_merge_par(dst[k], src[k], nthreads, par_min));
        return st;
    }
    for (size_t k = 0; k < n; k++) {
        const DlRel *r = dst[k], *b = src[k];
        jobs[k] = (MergeJob){dst[k], src[k], b->n, OK};
        if (rebuilds(r->n, b->n))
            jobs[k].weight += r->n;
        total += jobs[k].weight;
    }
    qsort(jobs, n, sizeof *jobs, job_heavier);
    /* a relation with half the work or more: alone, on every thread; the rest side by
     * side, one thread each (heaviest first, so the last to finish is a light one) */
    size_t first = 0;
    while (first < n && (jobs[first].weight * 2 >= total || total < par_min)) {
        total -= jobs[first].weight;
        jobs[first].st = dl_rel_merge_par(jobs[first].dst, jobs[first].src, nthreads, par_min);
        first++;
    }
    if (first < n)
        par_for(nthreads, n - first, merge_job, jobs + first);
    for (size_t k = 0; k < n; k++)
        st = first_error(st, jobs[k].st);
    mem_free(jobs);
    return st;
}

typedef DlValVec ValVec;

static Status eq_class_of(DlRel *r, DlValue v, uint64_t *cls, bool *added) {
    Status st = OK;
    if (map_get(&r->eq_class, v, cls))
        return OK;
    ValVec m = {0};
    TRY(vec_push(&m, v));
    if (vec_push(&r->eq_members, m) != OK) {
        vec_release(&m);
        return E_NOMEM;
    }
    *cls = r->eq_members.len - 1;
    TRY(map_put(&r->eq_class, v, *cls));
    DlValue t[2] = {v, v};
    bool a;
    TRY(insert_plain(r, t, &a));
    *added |= a;
fail:
    return st;
}

static Status eqrel_insert(DlRel *r, const DlValue *t, bool *added) {
    Status st = OK;
    bool any = false;
    uint64_t ca, cb;
    TRY(eq_class_of(r, t[0], &ca, &any));
    TRY(eq_class_of(r, t[1], &cb, &any));
    if (ca != cb) {
        ValVec *A = &r->eq_members.v[ca], *B = &r->eq_members.v[cb];
        if (A->len < B->len) {
            uint64_t tmp = ca;
            ca = cb;
            cb = tmp;
        }
        /* merge class cb (smaller) into ca */
        size_t na = r->eq_members.v[ca].len, nb = r->eq_members.v[cb].len;
        for (size_t i = 0; i < nb; i++)
            for (size_t j = 0; j < na; j++) {
                DlValue x = r->eq_members.v[cb].v[i], y = r->eq_members.v[ca].v[j];
                DlValue p1[2] = {x, y}, p2[2] = {y, x};
                bool a;
                TRY(insert_plain(r, p1, &a));
                TRY(insert_plain(r, p2, &a));
            }
        for (size_t i = 0; i < nb; i++) {
            DlValue x = r->eq_members.v[cb].v[i];
            TRY(vec_push(&r->eq_members.v[ca], x));
            TRY(map_put(&r->eq_class, x, ca));
        }
        vec_release(&r->eq_members.v[cb]);
        any = true;
    }
    if (added)
        *added = any;
fail:
    return st;
}

Status dl_rel_insert(DlRel *r, const DlValue *t, bool *added) {
    if (r->eqrel)
        return eqrel_insert(r, t, added);
    return insert_plain(r, t, added);
}

/* ---- buffers of derived tuples ---------------------------------------------------- */

#define BUF_CHUNK ((size_t)1 << 15) /* tuples gathered before the first compaction */
/* A large array read from its end while another is filled (a merge, a tree built) is cut
 * down behind the reading each SHRINK_STEP tuples. */
#define SHRINK_STEP ((size_t)1 << 20)

static Status buf_account(DlBuf *b, size_t bytes) {
    Status st = OK;
    if (b->mem)
        st = dl_mem_account(b->mem, b->bytes, bytes);
    b->bytes = bytes;
    return st;
}

void dl_buf_init(DlBuf *b, uint32_t arity, DlMem *mem) {
    memset(b, 0, sizeof *b);
    b->arity = arity;
    b->mem = mem;
    b->limit = BUF_CHUNK;
}

void dl_buf_release(DlBuf *b) {
    mem_free(b->v);
    mem_free(b->tmp);
    (void)buf_account(b, 0);
    uint32_t ar = b->arity;
    DlMem *mem = b->mem;
    dl_buf_init(b, ar, mem);
}

static inline void copy_tuple(DlValue *d, const DlValue *s, uint32_t ar) {
    switch (ar) {
    case 1: d[0] = s[0]; break;
    case 2: d[0] = s[0], d[1] = s[1]; break;
    case 3: d[0] = s[0], d[1] = s[1], d[2] = s[2]; break;
    default: memcpy(d, s, (size_t)ar * sizeof(DlValue));
    }
}

/* Sorts n tuples of ar words lexicographically: LSD radix sort over the bits that differ
 * between the tuples only (symbol ids and small numbers vary in the low 20-odd bits of a
 * word), in digits of at most 11 bits, so a column of ids below 2^22 takes two passes; one
 * sweep counts every digit. tmp holds n tuples. Returns the array holding the result (v
 * or tmp), NULL when out of memory. */
#define RADIX_BITS 11
static DlValue *radix_sort(DlValue *v, DlValue *tmp, size_t n, uint32_t ar) {
    if (n < 2)
        return v;
    if (n <= 32) {
        for (size_t i = 1; i < n; i++) {
            DlValue x[64];
            copy_tuple(x, v + i * ar, ar);
            size_t j = i;
            while (j > 0 && cmpk(v + (j - 1) * ar, x, ar) > 0) {
                copy_tuple(v + j * ar, v + (j - 1) * ar, ar);
                j--;
            }
            copy_tuple(v + j * ar, x, ar);
        }
        return v;
    }
    DlValue diff[64] = {0};
    for (size_t i = 1; i < n; i++)
        for (uint32_t w = 0; w < ar; w++)
            diff[w] |= v[i * ar + w] ^ v[w];
    /* the digits, least significant first: (word, shift, width) */
    enum { MAXD = 64 * 6 };
    uint32_t dw[MAXD], dsh[MAXD], nd = 0;
    DlValue dmask[MAXD];
    for (uint32_t w = ar; w-- > 0;) {
        if (!diff[w])
            continue;
        unsigned lo = (unsigned)__builtin_ctzll(diff[w]), hi = 64 - (unsigned)__builtin_clzll(diff[w]);
        unsigned bits = hi - lo, nds = (bits + RADIX_BITS - 1) / RADIX_BITS;
        unsigned width = (bits + nds - 1) / nds;
        for (unsigned k = 0; k < nds; k++) {
            unsigned sh = lo + k * width, wd = sh + width > hi ? hi - sh : width;
            dw[nd] = w;
            dsh[nd] = sh;
            dmask[nd] = ((DlValue)1 << wd) - 1;
            nd++;
        }
    }
    if (nd == 0)
        return v; /* all equal */
    size_t *cnt = mem_calloc((size_t)nd << RADIX_BITS, sizeof(size_t));
    if (!cnt)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        const DlValue *t = v + i * ar;
        for (uint32_t d = 0; d < nd; d++)
            cnt[((size_t)d << RADIX_BITS) + ((t[dw[d]] >> dsh[d]) & dmask[d])]++;
    }
    DlValue *src = v, *dst = tmp;
    for (uint32_t d = 0; d < nd; d++) {
        size_t *c = cnt + ((size_t)d << RADIX_BITS), sum = 0;
        for (size_t k = 0; k <= dmask[d]; k++) {
            size_t x = c[k];
            c[k] = sum;
            sum += x;
        }
        uint32_t w = dw[d], sh = dsh[d];
        DlValue m = dmask[d];
        for (size_t i = 0; i < n; i++) {
            const DlValue *s = src + i * ar;
            copy_tuple(dst + c[(s[w] >> sh) & m]++ * ar, s, ar);
        }
        DlValue *t = src;
        src = dst;
        dst = t;
    }
    mem_free(cnt);
    return src;
}

static Status buf_reserve(DlValue **v, size_t *cap, size_t want, uint32_t ar) {
    if (*cap >= want)
        return OK;
    size_t nc = *cap ? *cap : 64;
    while (nc < want)
        nc *= 2;
    if (nc > SIZE_MAX / sizeof(DlValue) / ar)
        return E_NOMEM;
    DlValue *nv = mem_realloc(*v, nc * ar * sizeof(DlValue));
    if (!nv)
        return E_NOMEM;
    *v = nv;
    *cap = nc;
    return OK;
}

/* Frees b's sort scratch (needed again only by a later compaction). */
static void buf_drop_scratch(DlBuf *b) {
    mem_free(b->tmp);
    b->tmp = NULL;
    b->tcap = 0;
    (void)buf_account(b, b->cap * b->arity * sizeof(DlValue));
}

/* Cuts b's array down to its first keep tuples (0 < keep), all of them sorted and
 * distinct, for one read from its end: the array, which may have moved, or NULL when
 * realloc failed (b unchanged: that only keeps the memory longer). */
static DlValue *buf_cut(DlBuf *b, size_t keep) {
    DlValue *nv = mem_realloc(b->v, keep * b->arity * sizeof(DlValue));
    if (!nv)
        return NULL;
    b->v = nv;
    b->cap = b->n = b->sorted = keep;
    (void)buf_account(b, (b->cap + b->tcap) * b->arity * sizeof(DlValue));
    return nv;
}

/* Merges the sorted, distinct run K[0..k) into b's sorted, distinct prefix [0, S) (b->v has
 * room for S + k tuples), from the back, dropping repeats; b then holds the union. With
 * shrink (whose array is K), that array is cut down behind the merge each SHRINK_STEP
 * tuples (a failure to shrink only keeps the memory longer). */
static void merge_back(DlBuf *b, size_t S, const DlValue *K, size_t k, DlBuf *shrink) {
    uint32_t ar = b->arity;
    DlValue *v = b->v;
    size_t i = S, j = k, o = S + k, kept = k;
    while (j > 0) {
        if (i > 0) {
            int c = cmpk(v + (i - 1) * ar, K + (j - 1) * ar, ar);
            if (c > 0) {
                o--;
                copy_tuple(v + o * ar, v + (i - 1) * ar, ar);
                i--;
                continue;
            }
            if (c == 0)
                i--;
        }
        o--;
        copy_tuple(v + o * ar, K + (j - 1) * ar, ar);
        j--;
        if (shrink && j && kept - j >= SHRINK_STEP) {
            const DlValue *nk = buf_cut(shrink, j);
            if (nk)
                K = nk, kept = j;
        }
    }
    size_t gap = o - i;
    if (gap)
        memmove(v + i * ar, v + o * ar, (S + k - o) * ar * sizeof(DlValue));
    b->n = b->sorted = S + k - gap;
}

Status dl_buf_compact(DlBuf *b, const DlRel *filter) {
    Status st = OK;
    uint32_t ar = b->arity;
    size_t S = b->sorted, tail = b->n - S;
    if (!tail)
        return OK;
    TRY(buf_reserve(&b->tmp, &b->tcap, tail, ar));
    TRY(buf_account(b, (b->cap + b->tcap) * ar * sizeof(DlValue)));
    DlValue *res = radix_sort(b->v + S * ar, b->tmp, tail, ar);
    if (!res)
        return E_NOMEM;
    /* drop repeats and tuples the filter relation holds (sorted probes along a finger) */
    Finger fg;
    fg.valid = false;
    fg.pos = 0;
    bool probe = filter && filter->n && filter->nidx && !filter->set;
    bool sprobe = filter && filter->n && filter->set;
    DlSetProbe spr;
    spr.valid = false;
    size_t k = 0;
    for (size_t i = 0; i < tail; i++) {
        const DlValue *cur = res + i * ar;
        if (i && cmpk(cur, res + (i - 1) * ar, ar) == 0)
            continue;
        if (probe && finger_contains(filter, cur, &fg))
            continue;
        if (sprobe && dl_rel_set_contains0(filter, cur, &spr))
            continue;
        if (k != i)
            copy_tuple(res + k * ar, cur, ar);
        k++;
    }
    /* merge the kept run K into the sorted prefix P from the back, dropping repeats */
    if (res != b->tmp) {
        if (S == 0) {
            b->n = b->sorted = k;
            return OK;
        }
        DL_MEMCPY(b->tmp, res, k * ar * sizeof(DlValue));
    }
    merge_back(b, S, b->tmp, k, NULL);
    if (b->tcap >= SHRINK_STEP)
        buf_drop_scratch(b); /* (not kept: other buffers are filled meanwhile) */
fail:
    return st;
}

Status dl_buf_push(DlBuf *b, const DlValue *key, const DlRel *filter) {
    Status st = OK;
    uint32_t ar = b->arity;
    if (b->n == b->limit) {
        TRY(dl_buf_compact(b, filter));
        size_t more = b->sorted / 2 > BUF_CHUNK ? b->sorted / 2 : BUF_CHUNK;
        b->limit = b->sorted + more;
    }
    if (b->n == b->cap) {
        size_t want = b->cap ? b->cap * 2 : 64;
        if (want > b->limit)
            want = b->limit;
        TRY(buf_reserve(&b->v, &b->cap, want, ar));
        TRY(buf_account(b, (b->cap + b->tcap) * ar * sizeof(DlValue)));
    }
    copy_tuple(b->v + b->n * ar, key, ar);
    b->n++;
fail:
    return st;
}

Status dl_buf_merge(DlBuf *dst, DlBuf *src) {
    Status st = OK;
    uint32_t ar = dst->arity;
    if (!src->n) {
        dl_buf_release(src);
        return OK;
    }
    TRY(dl_buf_compact(dst, NULL));
    TRY(dl_buf_compact(src, NULL));
    /* both sorted and distinct: src is merged into dst from the back, without a scratch
     * array, and cut down behind the merge (realloc), so that the two are not held twice */
    buf_drop_scratch(dst);
    buf_drop_scratch(src);
    size_t S = dst->n, k = src->n;
    TRY(buf_reserve(&dst->v, &dst->cap, S + k, ar));
    TRY(buf_account(dst, dst->cap * ar * sizeof(DlValue)));
    merge_back(dst, S, src->v, k, src);
fail:
    dl_buf_release(src);
    return st;
}

/* Drops a chain of leaves linked by `next`. */
static void drop_leaves(DlRel *r, DlNode *leaf) {
    while (leaf) {
        DlNode *nx = leaf->next;
        node_drop(r, leaf, true);
        leaf = nx;
    }
}

static void node_drop(DlRel *r, DlNode *nd, bool leaf) {
    if (r->mem)
        (void)dl_mem_account(r->mem, node_bytes(r, leaf), 0);
    mem_free(nd);
}

/* Builds the inner levels over m nodes lvl[] (the leaves, in order; mins[k]: lvl[k]'s
 * smallest key) and sets t's root and height. Each inner node made is recorded in
 * inner[*ninner] (for the caller's cleanup); E_LIMIT goes to *lim; E_NOMEM is returned. */
static Status build_inner(DlRel *r, DlTree *t, DlNode **lvl, const DlValue **mins, size_t m,
                          DlNode **inner, size_t *ninner, Status *lim) {
    Status st = OK;
    uint32_t ar = r->arity, cap = r->cap, height = 0;
    while (m > 1) {
        size_t np = (m + cap) / (cap + 1);
        for (size_t P = 0; P < np; P++) {
            size_t lo = m * P / np, hi = m * (P + 1) / np;
            DlNode *in = node_new(r, false, &st);
            if (!in)
                return E_NOMEM;
            if (st == E_LIMIT)
                *lim = st, st = OK;
            inner[(*ninner)++] = in;
            in->n = (uint32_t)(hi - lo - 1);
            DlNode **kd = kids(r, in);
            for (size_t c = lo; c < hi; c++) {
                kd[c - lo] = lvl[c];
                if (c > lo)
                    memcpy(key_at(r, in, (uint32_t)(c - lo - 1)), mins[c],
                           ar * sizeof(DlValue));
            }
            const DlValue *mn = mins[lo];
            lvl[P] = in;
            mins[P] = mn;
        }
        m = np;
        height++;
    }
    t->root = lvl[0];
    t->height = height;
    t->hint = NULL;
    return OK;
}

static Status build_orders(DlRel *r, DlBuf *b);

/* Builds tree t (empty) from n sorted, distinct tuples in its order: full leaves (the
 * tuples spread evenly), then each inner level over the one below. With shrink (whose
 * array is v), the leaves are filled from the last and the array is cut down behind them
 * (realloc, each SHRINK_STEP tuples): a large relation is not held twice while its tree
 * is built. E_LIMIT leaves a complete tree; E_NOMEM frees what was built. */
static Status tree_build(DlRel *r, DlTree *t, const DlValue *v, size_t n, DlBuf *shrink) {
    Status st = OK, lim = OK;
    uint32_t ar = r->arity, cap = r->cap;
    if (!n)
        return OK;
    size_t nleaves = (n + cap - 1) / cap, ninner = 0;
    DlNode **lvl = mem_alloc(nleaves * sizeof *lvl);
    DlNode **inner = mem_alloc((nleaves + 1) * sizeof *inner);
    const DlValue **mins = mem_alloc(nleaves * sizeof *mins);
    DlNode *first = NULL;
    size_t kept = n; /* shrink: the tuples its array still holds */
    if (!lvl || !inner || !mins) {
        st = E_NOMEM;
        goto fail;
    }
    for (size_t L = nleaves; L-- > 0;) {
        size_t lo = n * L / nleaves, hi = n * (L + 1) / nleaves;
        DlNode *leaf = node_new(r, true, &st);
        if (!leaf)
            goto fail;
        if (st == E_LIMIT)
            lim = st, st = OK;
        leaf->n = (uint32_t)(hi - lo);
        memcpy(leaf->keys, v + lo * ar, (hi - lo) * ar * sizeof(DlValue));
        leaf->next = first;
        first = leaf;
        lvl[L] = leaf;
        mins[L] = leaf->keys;
        if (shrink && lo && kept - lo >= SHRINK_STEP) {
            const DlValue *nv = buf_cut(shrink, lo);
            if (nv)
                v = nv, kept = lo;
        }
    }
    if (build_inner(r, t, lvl, mins, nleaves, inner, &ninner, &lim) != OK) {
        st = E_NOMEM;
        goto fail;
    }
    t->n = n;
    mem_free(lvl);
    mem_free(inner);
    mem_free(mins);
    return lim;
fail:
    drop_leaves(r, first);
    for (size_t i = 0; i < ninner; i++)
        node_drop(r, inner[i], false);
    mem_free(lvl);
    mem_free(inner);
    mem_free(mins);
    return st;
}

Status dl_rel_from_buf(DlRel *r, DlBuf *b) {
    Status st = OK, lim = OK;
    size_t n = b->n;
    assert(!r->n && !r->eqrel && r->arity == b->arity && b->sorted == n);
    if (!n) {
        dl_buf_release(b);
        return OK;
    }
    if (r->nidx == 1) {
        /* no other order to sort: drop the scratch and the spare capacity before the tree
         * is built */
        buf_drop_scratch(b);
        if (b->cap > n)
            (void)buf_cut(b, n);
    }
    st = tree_build(r, &r->idx[0], b->v, n, r->nidx == 1 ? b : NULL);
    if (st == E_LIMIT)
        lim = st, st = OK;
    if (st != OK) {
        dl_buf_release(b);
        return st;
    }
    r->n = n;
    st = build_orders(r, b);
    return st != OK ? st : lim;
}

/* Builds r's orders after the first from its index 0 (built): each its permutation of index
 * 0's tuples, radix-sorted; b (released, also on error) lends its arrays as scratch. */
static Status build_orders(DlRel *r, DlBuf *b) {
    Status st = OK, lim = OK;
    uint32_t ar = r->arity;
    size_t n = r->n;
    if (r->nidx > 1) {
        TRY(buf_reserve(&b->v, &b->cap, n, ar));
        TRY(buf_reserve(&b->tmp, &b->tcap, n, ar));
        (void)buf_account(b, (b->cap + b->tcap) * ar * sizeof(DlValue));
    }
    for (uint32_t i = 1; i < r->nidx; i++) {
        uint32_t map[64];
        for (uint32_t k = 0; k < ar; k++)
            map[k] = r->pos0[r->idx[i].order[k]];
        DlCursor c;
        size_t j = 0;
        if (dl_rel_first(r, 0, &c))
            do {
                const DlValue *t = dl_cursor_tuple(r, &c);
                for (uint32_t k = 0; k < ar; k++)
                    b->tmp[j * ar + k] = t[map[k]];
                j++;
            } while (dl_cursor_next(r, &c));
        DlValue *res = radix_sort(b->tmp, b->v, n, ar);
        if (!res) {
            st = E_NOMEM;
            goto fail;
        }
        st = tree_build(r, &r->idx[i], res, n, NULL);
        if (st == E_LIMIT)
            lim = st, st = OK;
        TRY(st);
    }
fail:
    dl_buf_release(b);
    return st != OK ? st : lim;
}

/* Lower bound of key in n sorted tuples. */
static size_t array_lower(const DlValue *v, size_t n, const DlValue *key, uint32_t ar) {
    size_t lo = 0;
    while (n > 0) {
        size_t half = n / 2;
        if (cmpk(v + (lo + half) * ar, key, ar) < 0) {
            lo += half + 1;
            n -= half + 1;
        } else
            n = half;
    }
    return lo;
}

/* One key range of dl_rel_from_bufs: [lo[j], hi[j]) of each buffer j. */
typedef struct FromBufs {
    DlRel *r;
    DlBuf *bufs;
    unsigned nb;
    size_t *cut; /* (nparts + 1) × nb: cut[k * nb + j], where range k starts in buffer j */
    LeafRun *runs;
} FromBufs;

static void from_bufs_part(void *arg, size_t k) {
    FromBufs *fb = arg;
    DlRel *r = fb->r;
    uint32_t ar = r->arity;
    unsigned nb = fb->nb;
    size_t pos[64], end[64];
    for (unsigned j = 0; j < nb; j++) {
        pos[j] = fb->cut[k * nb + j];
        end[j] = fb->cut[(k + 1) * nb + j];
    }
    LeafRun *out = &fb->runs[k];
    const DlValue *last = NULL;
    for (;;) {
        const DlValue *best = NULL;
        unsigned bj = 0;
        for (unsigned j = 0; j < nb; j++) {
            if (pos[j] == end[j])
                continue;
            const DlValue *t = fb->bufs[j].v + pos[j] * ar;
            if (!best || cmpk(t, best, ar) < 0) {
                best = t;
                bj = j;
            }
        }
        if (!best)
            return;
        pos[bj]++;
        if (last && cmpk(last, best, ar) == 0)
            continue;
        if (!run_append(r, out, best, 1))
            return;
        last = best;
    }
}

Status dl_rel_from_bufs(DlRel *r, DlBuf *bufs, unsigned nb, unsigned nthreads,
                        size_t par_min) {
    Status st = OK;
    uint32_t ar = r->arity;
    unsigned big = 0, nonempty = 0;
    size_t total = 0;
    for (unsigned j = 0; j < nb; j++) {
        if (bufs[j].sorted != bufs[j].n && st == OK)
            st = dl_buf_compact(&bufs[j], NULL);
        buf_drop_scratch(&bufs[j]); /* (the merge needs no scratch) */
        total += bufs[j].n;
        if (bufs[j].n)
            nonempty++;
        if (bufs[j].n > bufs[big].n)
            big = j;
    }
    if (nonempty <= 1 || nb > 64) {
        /* one run (or too many to merge here): merge the buffers, build from the one */
        for (unsigned j = 0; j < nb; j++)
            if (j != big && st == OK)
                st = dl_buf_merge(&bufs[big], &bufs[j]);
        for (unsigned j = 0; j < nb; j++)
            if (j != big)
                dl_buf_release(&bufs[j]);
        if (st != OK) {
            dl_buf_release(&bufs[big]);
            return st;
        }
        return dl_rel_from_buf(r, &bufs[big]);
    }
    size_t nparts = nthreads > 1 && total >= par_min ? (size_t)nthreads * 4 : 1;
    if (nparts > total)
        nparts = total;
    size_t *cut = NULL;
    LeafRun *runs = NULL;
    if (st == OK && (r->n || r->eqrel))
        st = E_INTERNAL;
    if (st != OK)
        goto fail;
    cut = mem_calloc((nparts + 1) * nb, sizeof *cut);
    runs = mem_calloc(nparts, sizeof *runs);
    if (!cut || !runs) {
        st = E_NOMEM;
        goto fail;
    }
    /* splitters: nparts quantiles of the largest run */
    for (size_t k = 0; k <= nparts; k++)
        for (unsigned j = 0; j < nb; j++) {
            if (k == 0)
                cut[j] = 0;
            else if (k == nparts)
                cut[k * nb + j] = bufs[j].n;
            else {
                const DlValue *key = bufs[big].v + (bufs[big].n * k / nparts) * ar;
                cut[k * nb + j] = array_lower(bufs[j].v, bufs[j].n, key, ar);
            }
        }
    par_for(nthreads, nparts, from_bufs_part, &(FromBufs){r, bufs, nb, cut, runs});
    st = runs_to_tree(r, &r->idx[0], runs, nparts);
    if (st != OK && st != E_LIMIT)
        goto fail;
    r->n = r->idx[0].n;
    mem_free(cut);
    mem_free(runs);
    for (unsigned j = 1; j < nb; j++)
        dl_buf_release(&bufs[j]);
    Status st2 = build_orders(r, &bufs[0]); /* bufs[0]'s arrays: the sort's scratch */
    return st2 != OK ? st2 : st;
fail:
    mem_free(cut);
    mem_free(runs);
    for (unsigned j = 0; j < nb; j++)
        dl_buf_release(&bufs[j]);
    return st;
}

Status dl_rel_add_buf(DlRel *r, DlBuf *b, const DlRelPlan *plan) {
    Status st = OK;
    DlRel *tmp = NULL;
    if (!b->n) {
        dl_buf_release(b);
        return OK;
    }
    st = dl_buf_compact(b, r);
    if (st == OK && !r->n && !r->eqrel && !r->log)
        return dl_rel_from_buf(r, b);
    if (st == OK)
        st = dl_rel_new(&tmp, r->arity, plan, false, r->mem);
    if (st != OK) {
        dl_buf_release(b);
        return st;
    }
    TRY(dl_rel_from_buf(tmp, b));
    TRY(dl_rel_merge(r, tmp));
fail:
    dl_rel_free(tmp);
    return st;
}

/* ---- relations stored as sets ------------------------------------------------------ */

bool dl_rel_set_contains0(const DlRel *r, const DlValue *t, DlSetProbe *pr) {
    DlValue d[64];
    for (uint32_t k = 0; k < r->arity; k++)
        d[k] = t[r->pos0[k]];
    return dl_setmap_has_memo(r->set, d, pr);
}

typedef struct SetAdd {
    DlRel *r;
    DlBuf kb;       /* the new keys, in the keys' index 0 order */
    DlSetCursor c;
} SetAdd;

/* Adds one tuple (index 0's order). */
static Status set_put(SetAdd *a, const DlValue *t) {
    DlRel *r = a->r;
    uint32_t kl = r->arity - 1;
    DlValue d[64];
    for (uint32_t k = 0; k < r->arity; k++)
        d[k] = t[r->pos0[k]];
    bool added;
    Status st = dl_setmap_put(r->set, d, &a->c, &added);
    if (st != OK)
        return st;
    r->n += added;
    if (!a->c.new_key)
        return OK;
    const uint32_t *kord = r->keyplan->idx[0].cols;
    DlValue kt[64];
    for (uint32_t k = 0; k < kl; k++)
        kt[k] = d[kord[k]];
    return dl_buf_push(&a->kb, kt, NULL);
}

/* The new keys go to the keys' trees (kb released). */
static Status set_end(SetAdd *a, Status st) {
    if (st != OK) {
        dl_buf_release(&a->kb);
        return st;
    }
    return dl_rel_add_buf(a->r->keys, &a->kb, a->r->keyplan);
}

Status dl_rel_set_add(DlRel *r, const DlValue *rows, size_t n) {
    Status st = OK;
    SetAdd a = {r, {0}, {0}};
    dl_buf_init(&a.kb, r->arity - 1, r->mem);
    for (size_t i = 0; i < n && st == OK; i++)
        st = set_put(&a, rows + i * r->arity);
    return set_end(&a, st);
}

Status dl_rel_set_add_rel(DlRel *r, const DlRel *src) {
    Status st = OK;
    SetAdd a = {r, {0}, {0}};
    dl_buf_init(&a.kb, r->arity - 1, r->mem);
    DlCursor c;
    if (src && dl_rel_first(src, 0, &c))
        do
            st = set_put(&a, dl_cursor_tuple(src, &c));
        while (st == OK && dl_cursor_next(src, &c));
    return set_end(&a, st);
}

Status dl_rel_set_materialize(DlRel *r) {
    Status st = OK;
    uint32_t ar = r->arity, kl = ar - 1;
    const uint32_t *ord = r->idx[0].order;
    DlBuf b;
    dl_buf_init(&b, ar, r->mem);
    DlValue d[64], t[64];
    for (uint32_t e = 0; e < r->set->n; e++) {
        const DlBits *s = &r->set->sets[e];
        DL_MEMCPY(d, r->set->keys + (size_t)e * kl, sizeof(DlValue) * kl);
        DlBitsIter it = {s, 0, 0, 0};
        while (dl_bits_next(&it, &d[kl])) {
            for (uint32_t k = 0; k < ar; k++)
                t[k] = d[ord[k]];
            TRY(dl_buf_push(&b, t, NULL));
        }
    }
    dl_setmap_free(r->set);
    dl_rel_free(r->keys);
    r->set = NULL;
    r->keys = NULL;
    r->n = 0;
    TRY(dl_buf_compact(&b, NULL));
    return dl_rel_from_buf(r, &b);
fail:
    dl_buf_release(&b);
    return st;
}
