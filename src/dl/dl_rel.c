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
 * leaf with the new one, so ascending inserts (merging a sorted delta, reading sorted
 * facts) fill leaves completely instead of half. Each tree remembers the leaf of its last
 * insert: an insert that falls inside that leaf's range skips the descent.
 * Per tuple and per index: 8 × arity bytes of key, divided by the fill of the leaves
 * (50–100%, about 70% for random inserts), plus about 1/cap of that for inner nodes.
 * Eqrel relations keep the equivalence closure explicitly: inserting (a, b) merges the two
 * classes and adds every missing pair, so reads see a plain binary relation.
 * Every node allocation is accounted in DlMem (atomically: worker threads build their own
 * relations); crossing its limit returns E_LIMIT.
 * Invariant: trees never shrink; a relation is emptied by freeing it.
 */
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

static Status mem_account(DlMem *m, size_t old_bytes, size_t new_bytes) {
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
    if (r->mem && mem_account(r->mem, 0, b) != OK) {
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

void dl_rel_free(DlRel *r) {
    if (!r)
        return;
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
        (void)mem_account(r->mem, bytes, 0);
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
    size_t b = 0;
    for (uint32_t i = 0; i < r->nidx; i++)
        b += tree_bytes(r, r->idx[i].root, r->idx[i].height);
    return b;
}

/* ---- search ---------------------------------------------------------------------- */

/* Lower bound over n keys of `stride` words: the first whose first nk words are >= key.
 * Always inlined into callers that pass constant stride/nk, so the common arities get a
 * specialised, unrolled compare. */
static inline __attribute__((always_inline)) uint32_t
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
static inline __attribute__((always_inline)) uint32_t
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

/* ---- insertion ------------------------------------------------------------------- */

/* Inserts key (already in the tree's order). Returns 1 when added, 0 when present, -1 on
 * error (*st set). */
static int tree_insert(DlRel *r, DlTree *t, const DlValue *key, Status *st) {
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
    if (h && cmpk(key, h->keys, ar) >= 0)
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
    DlNode *path[64];
    uint32_t slot[64];
    DlNode *nd = t->root;
    for (uint32_t lv = t->height; lv > 0; lv--) {
        uint32_t c = inner_upper(r, nd, key);
        path[lv] = nd;
        slot[lv] = c;
        nd = kids(r, nd)[c];
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
        int rc = tree_insert(r, &r->idx[i], key, &st);
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

Status dl_rel_merge_index(DlRel *dst, const DlRel *src, uint32_t i) {
    Status st = OK;
    DlCursor c;
    if (dst->arity == 0 || !dl_rel_first(src, i, &c))
        return OK;
    do {
        if (tree_insert(dst, &dst->idx[i], dl_cursor_tuple(src, &c), &st) < 0)
            return st;
    } while (dl_cursor_next(src, &c));
    return OK;
}

void dl_rel_merge_done(DlRel *dst) {
    if (dst->arity)
        dst->n = dst->idx[0].n;
}

Status dl_rel_merge(DlRel *dst, const DlRel *src) {
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
        TRY(dl_rel_merge_index(dst, src, i));
    dl_rel_merge_done(dst);
fail:
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
