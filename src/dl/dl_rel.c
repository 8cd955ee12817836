/*
 * dl_rel.c — indexed relations.
 *
 * Owns: tuple storage and the hash indexes over it. A relation is a row store (n rows of
 * `arity` values, in insertion order, never deleted) plus
 *   - the primary set: open addressing over row ids, for deduplication and membership;
 *   - one secondary index per search signature chosen by the planner: open addressing
 *     over distinct keys, each slot the newest row with that key, the other rows chained
 *     through next[] (newest first, so a walk sees rows in decreasing row id and can stop
 *     below a delta range).
 * Slots are 8 bytes: the high 32 bits of the hash (a tag that avoids most row compares)
 * and row + 1 (0 = empty). Why not the base Map: its 24-byte entries and per-probe
 * callback would triple the largest structure of the engine; tuple tables need tag+row
 * slots, compared against the row store. Row ids are 32-bit: a relation holds at most
 * 2^32 - 2 tuples (E_LIMIT beyond).
 * Eqrel relations keep the equivalence closure explicitly: inserting (a, b) merges the two
 * classes and adds every missing pair, so reads see a plain binary relation.
 * Every allocation is accounted in DlMem; crossing its limit returns E_LIMIT.
 * Invariant: rows are append-only, so "the rows added since X" is a row-id range; the
 * evaluator uses that for semi-naive deltas.
 */
#include <string.h>

#include "dl_int.h"

#define MAX_ROWS 0xfffffffeu

static inline uint64_t mix(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

static inline uint64_t hash_vals(const DlValue *v, uint32_t n) {
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ v[i]) * 0xbf58476d1ce4e5b9ULL + (h >> 29);
    return mix(h);
}

static Status mem_account(DlMem *m, size_t old_bytes, size_t new_bytes) {
    m->used = m->used - old_bytes + new_bytes;
    if (m->used > m->peak)
        m->peak = m->used;
    if (m->limit && m->used > m->limit)
        return E_LIMIT;
    return OK;
}

/* Reallocates *p from old to new bytes, with accounting. */
static Status grow_buf(DlMem *m, void **p, size_t old_bytes, size_t new_bytes) {
    if (m->limit && m->used - old_bytes + new_bytes > m->limit)
        return E_LIMIT;
    void *np = mem_realloc(*p, new_bytes);
    if (!np)
        return E_NOMEM;
    *p = np;
    return mem_account(m, old_bytes, new_bytes);
}

static Status alloc_slots(DlMem *m, uint64_t **slots, size_t cap) {
    if (m->limit && m->used + cap * 8 > m->limit)
        return E_LIMIT;
    *slots = mem_calloc(cap, sizeof(uint64_t));
    if (!*slots)
        return E_NOMEM;
    return mem_account(m, 0, cap * 8);
}

static void free_slots(DlMem *m, uint64_t *slots, size_t cap) {
    mem_free(slots);
    if (slots)
        (void)mem_account(m, cap * 8, 0);
}

Status dl_rel_new(DlRel **out, uint32_t arity, const DlRelPlan *plan, bool eqrel, DlMem *mem) {
    DlRel *r = mem_calloc(1, sizeof *r);
    if (!r)
        return E_NOMEM;
    r->arity = arity;
    r->eqrel = eqrel;
    r->mem = mem;
    if (plan && plan->nidx) {
        r->idx = mem_calloc(plan->nidx, sizeof(DlIndex));
        if (!r->idx) {
            mem_free(r);
            return E_NOMEM;
        }
        r->nidx = plan->nidx;
        for (uint32_t i = 0; i < plan->nidx; i++) {
            r->idx[i].nkey = plan->idx[i].nkey;
            r->idx[i].cols = plan->idx[i].cols; /* owned by the program arena */
        }
    }
    *out = r;
    return OK;
}

void dl_rel_free(DlRel *r) {
    if (!r)
        return;
    DlMem *m = r->mem;
    size_t bytes = dl_rel_bytes(r);
    mem_free(r->rows);
    mem_free(r->pslots);
    for (uint32_t i = 0; i < r->nidx; i++) {
        mem_free(r->idx[i].slots);
        mem_free(r->idx[i].next);
    }
    mem_free(r->idx);
    map_release(&r->eq_class);
    for (size_t i = 0; i < r->eq_members.len; i++)
        vec_release(&r->eq_members.v[i]);
    vec_release(&r->eq_members);
    if (m)
        (void)mem_account(m, bytes, 0);
    mem_free(r);
}

size_t dl_rel_bytes(const DlRel *r) {
    size_t b = r->cap * r->arity * sizeof(DlValue) + r->pcap * 8;
    for (uint32_t i = 0; i < r->nidx; i++)
        b += r->idx[i].cap * 8 + (r->idx[i].next ? r->cap * sizeof(uint32_t) : 0);
    return b;
}

static inline bool key_eq(const DlRel *r, const DlIndex *ix, size_t row, const DlValue *key) {
    const DlValue *t = dl_rel_row(r, row);
    for (uint32_t k = 0; k < ix->nkey; k++)
        if (t[ix->cols[k]] != key[k])
            return false;
    return true;
}

static inline uint64_t row_key_hash(const DlRel *r, const DlIndex *ix, size_t row) {
    DlValue key[64];
    const DlValue *t = dl_rel_row(r, row);
    for (uint32_t k = 0; k < ix->nkey; k++)
        key[k] = t[ix->cols[k]];
    return hash_vals(key, ix->nkey);
}

static Status index_grow(DlRel *r, DlIndex *ix) {
    Status st = OK;
    size_t ncap = ix->cap ? ix->cap * 2 : 16;
    uint64_t *ns;
    TRY(alloc_slots(r->mem, &ns, ncap));
    for (size_t i = 0; i < ix->cap; i++) {
        uint64_t s = ix->slots[i];
        if (!s)
            continue;
        size_t j = (size_t)(s >> 32) & (ncap - 1);
        while (ns[j])
            j = (j + 1) & (ncap - 1);
        ns[j] = s;
    }
    free_slots(r->mem, ix->slots, ix->cap);
    ix->slots = ns;
    ix->cap = ncap;
fail:
    return st;
}

static Status index_add(DlRel *r, DlIndex *ix, size_t row) {
    Status st = OK;
    if ((ix->nkeys + 1) * 8 > ix->cap * 5)
        TRY(index_grow(r, ix));
    uint64_t h = row_key_hash(r, ix, row);
    uint32_t tag = (uint32_t)(h >> 32);
    DlValue key[64];
    const DlValue *t = dl_rel_row(r, row);
    for (uint32_t k = 0; k < ix->nkey; k++)
        key[k] = t[ix->cols[k]];
    size_t mask = ix->cap - 1;
    for (size_t j = tag & mask;; j = (j + 1) & mask) {
        uint64_t s = ix->slots[j];
        if (!s) {
            ix->slots[j] = ((uint64_t)tag << 32) | (uint64_t)(row + 1);
            ix->next[row] = 0;
            ix->nkeys++;
            return OK;
        }
        if ((uint32_t)(s >> 32) == tag && key_eq(r, ix, (uint32_t)s - 1, key)) {
            ix->next[row] = (uint32_t)s;
            ix->slots[j] = ((uint64_t)tag << 32) | (uint64_t)(row + 1);
            return OK;
        }
    }
fail:
    return st;
}

uint32_t dl_rel_lookup(const DlRel *r, uint32_t i, const DlValue *key) {
    const DlIndex *ix = &r->idx[i];
    if (!ix->cap)
        return 0;
    uint64_t h = hash_vals(key, ix->nkey);
    uint32_t tag = (uint32_t)(h >> 32);
    size_t mask = ix->cap - 1;
    for (size_t j = tag & mask;; j = (j + 1) & mask) {
        uint64_t s = ix->slots[j];
        if (!s)
            return 0;
        if ((uint32_t)(s >> 32) == tag && key_eq(r, ix, (uint32_t)s - 1, key))
            return (uint32_t)s;
    }
}

static inline bool row_eq(const DlRel *r, size_t row, const DlValue *t) {
    const DlValue *a = dl_rel_row(r, row);
    for (uint32_t k = 0; k < r->arity; k++)
        if (a[k] != t[k])
            return false;
    return true;
}

/* Row + 1 of t, or 0. */
static uint32_t primary_find(const DlRel *r, const DlValue *t, uint64_t h) {
    if (!r->pcap)
        return 0;
    uint32_t tag = (uint32_t)(h >> 32);
    size_t mask = r->pcap - 1;
    for (size_t j = tag & mask;; j = (j + 1) & mask) {
        uint64_t s = r->pslots[j];
        if (!s)
            return 0;
        if ((uint32_t)(s >> 32) == tag && row_eq(r, (uint32_t)s - 1, t))
            return (uint32_t)s;
    }
}

bool dl_rel_contains(const DlRel *r, const DlValue *t) {
    if (r->arity == 0)
        return r->n > 0;
    return primary_find(r, t, hash_vals(t, r->arity)) != 0;
}

uint32_t dl_rel_find_row(const DlRel *r, const DlValue *t) {
    if (r->arity == 0)
        return r->n ? 1 : 0;
    return primary_find(r, t, hash_vals(t, r->arity));
}

static Status primary_grow(DlRel *r) {
    Status st = OK;
    size_t ncap = r->pcap ? r->pcap * 2 : 16;
    uint64_t *ns;
    TRY(alloc_slots(r->mem, &ns, ncap));
    for (size_t i = 0; i < r->pcap; i++) {
        uint64_t s = r->pslots[i];
        if (!s)
            continue;
        size_t j = (size_t)(s >> 32) & (ncap - 1);
        while (ns[j])
            j = (j + 1) & (ncap - 1);
        ns[j] = s;
    }
    free_slots(r->mem, r->pslots, r->pcap);
    r->pslots = ns;
    r->pcap = ncap;
fail:
    return st;
}

static Status rows_grow(DlRel *r) {
    Status st = OK;
    if (r->cap >= MAX_ROWS)
        return E_LIMIT;
    size_t ncap = r->cap ? r->cap * 2 : 8;
    if (ncap > MAX_ROWS)
        ncap = MAX_ROWS;
    TRY(grow_buf(r->mem, (void **)&r->rows, r->cap * r->arity * sizeof(DlValue),
                 ncap * r->arity * sizeof(DlValue)));
    for (uint32_t i = 0; i < r->nidx; i++)
        TRY(grow_buf(r->mem, (void **)&r->idx[i].next, r->cap * sizeof(uint32_t),
                     ncap * sizeof(uint32_t)));
    r->cap = ncap;
fail:
    return st;
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
        }
        return OK;
    }
    uint64_t h = hash_vals(t, r->arity);
    if ((r->n + 1) * 8 > r->pcap * 5)
        TRY(primary_grow(r));
    uint32_t tag = (uint32_t)(h >> 32);
    size_t mask = r->pcap - 1, j;
    for (j = tag & mask;; j = (j + 1) & mask) {
        uint64_t s = r->pslots[j];
        if (!s)
            break;
        if ((uint32_t)(s >> 32) == tag && row_eq(r, (uint32_t)s - 1, t))
            return OK;
    }
    if (r->n == r->cap)
        TRY(rows_grow(r));
    size_t row = r->n;
    DL_MEMCPY(r->rows + row * r->arity, t, r->arity * sizeof(DlValue));
    r->pslots[j] = ((uint64_t)tag << 32) | (uint64_t)(row + 1);
    r->n++;
    for (uint32_t i = 0; i < r->nidx; i++)
        TRY(index_add(r, &r->idx[i], row));
    if (added)
        *added = true;
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
