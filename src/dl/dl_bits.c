/*
 * dl_bits.c — sets of values as sparse bit sets, keyed by a tuple prefix.
 *
 * Owns: the mirrors that set-at-a-time rules read (dl_eval: a rule whose head's last
 * column is a variable found nowhere else in the body but in the last column of one atom
 * unions that atom's set into the head's, instead of deriving one tuple per member).
 * A DlBits holds values by their dense numbers (DlDict: one numbering per run, shared by
 * every set, given in the order values first go into a set) as blocks of 64 (block =
 * number >> 6, word = one bit per number & 63) in an open-addressing table keyed by block:
 * membership, union and difference go a word at a time, whatever the values are
 * (symbols, numbers, floats). Dense numbers keep the blocks full: the symbols a points-to
 * analysis puts in sets (its objects) are a few thousand among millions, and by their own
 * ids filled 4.4 bits of a block on average.
 * A DlSetMap maps a key (klen values: a relation's other columns, in declared order) to
 * its DlBits; keys are stored once, in insertion order.
 * Memory: every table is accounted in DlMem (E_LIMIT past its limit).
 * Invariant: a set never shrinks; a map is emptied by freeing it.
 */
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"

/* *bytes (what a table holds) += new_bytes - old_bytes, accounted in mem (may be NULL). */
static Status held(DlMem *mem, size_t *bytes, size_t old_bytes, size_t new_bytes) {
    *bytes += new_bytes - old_bytes;
    return mem ? dl_mem_account(mem, old_bytes, new_bytes) : OK;
}

/* ---- the numbering -------------------------------------------------------------- */

Status dl_dict_new(DlDict **out, DlMem *mem) {
    DlDict *d = mem_calloc(1, sizeof *d);
    if (!d)
        return E_NOMEM;
    d->mem = mem;
    *out = d;
    return OK;
}

void dl_dict_free(DlDict *d) {
    if (!d)
        return;
    mem_free(d->vals);
    mem_free(d->tab);
    (void)held(d->mem, &d->bytes, d->bytes, 0);
    mem_free(d);
}

static Status dict_account(DlDict *d, size_t old_bytes, size_t new_bytes) {
    return held(d->mem, &d->bytes, old_bytes, new_bytes);
}

uint32_t dl_dict_find(const DlDict *d, DlValue v) {
    if (!d->tcap)
        return UINT32_MAX;
    uint32_t mask = d->tcap - 1;
    for (uint32_t i = (uint32_t)map_hash_u64(v) & mask;; i = (i + 1) & mask) {
        uint32_t e = d->tab[i];
        if (!e)
            return UINT32_MAX;
        if (d->vals[e - 1] == v)
            return e - 1;
    }
}

/* The number of v, given when it has none. */
static Status dict_intern(DlDict *d, DlValue v, uint32_t *out) {
    uint32_t mask = d->tcap - 1;
    uint32_t i = 0;
    if (d->tcap)
        for (i = (uint32_t)map_hash_u64(v) & mask;; i = (i + 1) & mask) {
            uint32_t e = d->tab[i];
            if (!e)
                break;
            if (d->vals[e - 1] == v) {
                *out = e - 1;
                return OK;
            }
        }
    if (d->n == UINT32_MAX - 1)
        return E_LIMIT;
    if ((size_t)(d->n + 1) * 2 > d->tcap) { /* at most half full */
        uint32_t ncap = d->tcap ? d->tcap * 2 : 1024;
        uint32_t *t = mem_calloc(ncap, sizeof *t);
        if (!t)
            return E_NOMEM;
        Status st = dict_account(d, sizeof *t * d->tcap, sizeof *t * ncap);
        for (uint32_t e = 0; e < d->n; e++) {
            uint32_t k = (uint32_t)map_hash_u64(d->vals[e]) & (ncap - 1);
            while (t[k])
                k = (k + 1) & (ncap - 1);
            t[k] = e + 1;
        }
        mem_free(d->tab);
        d->tab = t;
        d->tcap = ncap;
        if (st != OK)
            return st;
        mask = ncap - 1;
        for (i = (uint32_t)map_hash_u64(v) & mask; t[i]; i = (i + 1) & mask)
            ;
    }
    if (d->n == d->ncap) {
        uint32_t nc = d->ncap ? d->ncap * 2 : 1024;
        DlValue *nv = mem_realloc(d->vals, sizeof *nv * nc);
        if (!nv)
            return E_NOMEM;
        d->vals = nv;
        Status st = dict_account(d, sizeof *nv * d->ncap, sizeof *nv * nc);
        d->ncap = nc;
        if (st != OK)
            return st;
    }
    d->vals[d->n] = v;
    d->tab[i] = ++d->n;
    *out = d->n - 1;
    return OK;
}

/* ---- sets ------------------------------------------------------------------------ */

static uint64_t key_hash(const DlValue *key, uint32_t klen) {
    uint64_t h = 0x9e3779b97f4a7c15ull * (klen + 1);
    for (uint32_t i = 0; i < klen; i++)
        h = map_hash_u64(h ^ key[i]) + i;
    return map_hash_u64(h);
}

Status dl_setmap_new(DlSetMap **out, uint32_t klen, DlDict *dict, DlMem *mem) {
    DlSetMap *m = mem_calloc(1, sizeof *m);
    if (!m)
        return E_NOMEM;
    m->klen = klen;
    m->dict = dict;
    m->mem = mem;
    *out = m;
    return OK;
}

void dl_setmap_free(DlSetMap *m) {
    if (!m)
        return;
    for (uint32_t i = 0; i < m->n; i++)
        mem_free(m->sets[i].slot);
    mem_free(m->sets);
    mem_free(m->keys);
    mem_free(m->tab);
    (void)held(m->mem, &m->bytes, m->bytes, 0);
    mem_free(m);
}

static Status account(DlSetMap *m, size_t old_bytes, size_t new_bytes) {
    return held(m->mem, &m->bytes, old_bytes, new_bytes);
}

DlBits *dl_setmap_get(const DlSetMap *m, const DlValue *key) {
    if (!m->tcap)
        return NULL;
    uint32_t mask = m->tcap - 1, kl = m->klen;
    for (uint32_t i = (uint32_t)key_hash(key, kl) & mask;; i = (i + 1) & mask) {
        uint32_t e = m->tab[i];
        if (!e)
            return NULL;
        if (!kl || memcmp(m->keys + (size_t)(e - 1) * kl, key, sizeof(DlValue) * kl) == 0)
            return &m->sets[e - 1];
    }
}

static Status tab_grow(DlSetMap *m) {
    uint32_t ncap = m->tcap ? m->tcap * 2 : 16;
    uint32_t *t = mem_calloc(ncap, sizeof *t);
    if (!t)
        return E_NOMEM;
    Status st = account(m, sizeof *t * m->tcap, sizeof *t * ncap);
    for (uint32_t e = 0; e < m->n; e++) {
        uint32_t i = (uint32_t)key_hash(m->keys + (size_t)e * m->klen, m->klen) & (ncap - 1);
        while (t[i])
            i = (i + 1) & (ncap - 1);
        t[i] = e + 1;
    }
    mem_free(m->tab);
    m->tab = t;
    m->tcap = ncap;
    return st;
}

Status dl_setmap_add(DlSetMap *m, const DlValue *key, DlBits **out) {
    DlBits *b = dl_setmap_get(m, key);
    if (b) {
        *out = b;
        return OK;
    }
    if ((size_t)(m->n + 1) * 4 > (size_t)m->tcap * 3) {
        Status st = tab_grow(m);
        if (st != OK)
            return st;
    }
    if (m->n == m->ncap) {
        uint32_t nc = m->ncap ? m->ncap * 2 : 16;
        DlValue *k = mem_realloc(m->keys, sizeof(DlValue) * ((size_t)nc * m->klen + 1));
        if (!k)
            return E_NOMEM;
        m->keys = k;
        DlBits *s = mem_realloc(m->sets, sizeof(DlBits) * nc);
        if (!s)
            return E_NOMEM;
        m->sets = s;
        Status st = account(m, (sizeof(DlValue) * m->klen + sizeof(DlBits)) * m->ncap,
                            (sizeof(DlValue) * m->klen + sizeof(DlBits)) * nc);
        m->ncap = nc;
        if (st != OK)
            return st;
    }
    uint32_t e = m->n++;
    DL_MEMCPY(m->keys + (size_t)e * m->klen, key, sizeof(DlValue) * m->klen);
    memset(&m->sets[e], 0, sizeof(DlBits));
    uint32_t mask = m->tcap - 1;
    uint32_t i = (uint32_t)key_hash(key, m->klen) & mask;
    while (m->tab[i])
        i = (i + 1) & mask;
    m->tab[i] = e + 1;
    *out = &m->sets[e];
    return OK;
}

uint64_t dl_bits_word(const DlBits *b, uint64_t blk) {
    if (!b->cap)
        return 0;
    uint32_t mask = b->cap - 1;
    for (uint32_t i = (uint32_t)map_hash_u64(blk) & mask;; i = (i + 1) & mask) {
        const uint64_t *s = b->slot + 2 * (size_t)i;
        if (!s[1])
            return 0;
        if (s[0] == blk)
            return s[1];
    }
}

static Status bits_grow(DlSetMap *m, DlBits *b) {
    uint32_t ncap = b->cap ? b->cap * 2 : 2;
    uint64_t *t = mem_calloc((size_t)ncap * 2, sizeof *t);
    if (!t)
        return E_NOMEM;
    Status st = account(m, sizeof *t * 2 * (size_t)b->cap, sizeof *t * 2 * (size_t)ncap);
    for (uint32_t k = 0; k < b->cap; k++) {
        const uint64_t *s = b->slot + 2 * (size_t)k;
        if (!s[1])
            continue;
        uint32_t i = (uint32_t)map_hash_u64(s[0]) & (ncap - 1);
        while (t[2 * (size_t)i + 1])
            i = (i + 1) & (ncap - 1);
        t[2 * (size_t)i] = s[0];
        t[2 * (size_t)i + 1] = s[1];
    }
    mem_free(b->slot);
    b->slot = t;
    b->cap = ncap;
    return st;
}

Status dl_bits_or(DlSetMap *m, DlBits *b, uint64_t blk, uint64_t word, uint64_t *added) {
    *added = 0;
    if (!word)
        return OK;
    if (b->cap) {
        uint32_t mask = b->cap - 1;
        for (uint32_t i = (uint32_t)map_hash_u64(blk) & mask;; i = (i + 1) & mask) {
            uint64_t *s = b->slot + 2 * (size_t)i;
            if (!s[1])
                break;
            if (s[0] == blk) {
                *added = word & ~s[1];
                s[1] |= word;
                b->count += (uint64_t)__builtin_popcountll(*added);
                return OK;
            }
        }
    }
    if ((size_t)(b->nblk + 1) * 4 > (size_t)b->cap * 3) {
        Status st = bits_grow(m, b);
        if (st != OK)
            return st;
    }
    uint32_t mask = b->cap - 1;
    uint32_t i = (uint32_t)map_hash_u64(blk) & mask;
    while (b->slot[2 * (size_t)i + 1])
        i = (i + 1) & mask;
    b->slot[2 * (size_t)i] = blk;
    b->slot[2 * (size_t)i + 1] = word;
    b->nblk++;
    b->count += (uint64_t)__builtin_popcountll(word);
    *added = word;
    return OK;
}

Status dl_setmap_put(DlSetMap *m, const DlValue *d, DlSetCursor *c, bool *added) {
    uint32_t kl = m->klen;
    c->new_key = false;
    if (!c->last || memcmp(d, c->key, sizeof(DlValue) * kl) != 0) {
        uint32_t n0 = m->n;
        Status st = dl_setmap_add(m, d, &c->last);
        if (st != OK) {
            c->last = NULL;
            return st;
        }
        DL_MEMCPY(c->key, d, sizeof(DlValue) * kl);
        c->new_key = m->n != n0;
    }
    uint32_t v;
    Status st = dict_intern(m->dict, d[kl], &v);
    if (st != OK)
        return st;
    uint64_t bits;
    st = dl_bits_or(m, c->last, v >> 6, 1ull << (v & 63), &bits);
    if (added)
        *added = bits != 0;
    return st;
}

bool dl_setmap_has(const DlSetMap *m, const DlValue *d) {
    const DlBits *b = dl_setmap_get(m, d);
    if (!b)
        return false;
    uint32_t v = dl_dict_find(m->dict, d[m->klen]);
    return v != UINT32_MAX && (dl_bits_word(b, v >> 6) >> (v & 63) & 1);
}
