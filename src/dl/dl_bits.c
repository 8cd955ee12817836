/*
 * dl_bits.c — sets of values as sparse bit sets, keyed by a tuple prefix.
 *
 * Owns: the mirrors that set-at-a-time rules read (dl_eval: a rule whose head's last
 * column is a variable found nowhere else in the body but in the last column of one atom
 * unions that atom's set into the head's, instead of deriving one tuple per member).
 * A DlBits holds 64-bit values as blocks of 64 (block = value >> 6, word = one bit per
 * value & 63) in an open-addressing table keyed by block: membership, union and
 * difference go a word at a time, whatever the values are (symbols, numbers, floats).
 * A DlSetMap maps a key (klen values: a relation's other columns, in declared order) to
 * its DlBits; keys are stored once, in insertion order.
 * Memory: every table is accounted in DlMem (E_LIMIT past its limit).
 * Invariant: a set never shrinks; a map is emptied by freeing it.
 */
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"

static uint64_t key_hash(const DlValue *key, uint32_t klen) {
    uint64_t h = 0x9e3779b97f4a7c15ull * (klen + 1);
    for (uint32_t i = 0; i < klen; i++)
        h = map_hash_u64(h ^ key[i]) + i;
    return map_hash_u64(h);
}

Status dl_setmap_new(DlSetMap **out, uint32_t klen, DlMem *mem) {
    DlSetMap *m = mem_calloc(1, sizeof *m);
    if (!m)
        return E_NOMEM;
    m->klen = klen;
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
    if (m->mem && m->bytes)
        (void)dl_mem_account(m->mem, m->bytes, 0);
    mem_free(m);
}

static Status account(DlSetMap *m, size_t old_bytes, size_t new_bytes) {
    m->bytes += new_bytes - old_bytes;
    return m->mem ? dl_mem_account(m->mem, old_bytes, new_bytes) : OK;
}

DlBits *dl_setmap_get(const DlSetMap *m, const DlValue *key) {
    if (!m->tcap)
        return NULL;
    uint32_t mask = m->tcap - 1, kl = m->klen;
    for (uint32_t i = (uint32_t)key_hash(key, kl) & mask;; i = (i + 1) & mask) {
        uint32_t e = m->tab[i];
        if (!e)
            return NULL;
        if (dl_vals_eq(m->keys + (size_t)(e - 1) * kl, key, kl))
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
                if (*added) { /* (most unions into a full set add nothing: no popcount,
                                 which is a libgcc call without -mpopcnt) */
                    s[1] |= word;
                    b->count += (uint64_t)__builtin_popcountll(*added);
                }
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
    if (!c->last || !dl_vals_eq(d, c->key, kl)) {
        uint32_t n0 = m->n;
        Status st = dl_setmap_add(m, d, &c->last);
        if (st != OK) {
            c->last = NULL;
            return st;
        }
        DL_MEMCPY(c->key, d, sizeof(DlValue) * kl);
        c->new_key = m->n != n0;
    }
    uint64_t bits;
    Status st = dl_bits_or(m, c->last, d[kl] >> 6, 1ull << (d[kl] & 63), &bits);
    if (added)
        *added = bits != 0;
    return st;
}

bool dl_setmap_has(const DlSetMap *m, const DlValue *d) {
    return dl_bits_has(dl_setmap_get(m, d), d[m->klen]);
}

bool dl_setmap_has_memo(const DlSetMap *m, const DlValue *d, DlSetProbe *pr) {
    uint32_t kl = m->klen;
    if (!pr->valid || !dl_vals_eq(d, pr->key, kl)) {
        pr->b = dl_setmap_get(m, d);
        DL_MEMCPY(pr->key, d, sizeof(DlValue) * kl);
        pr->valid = true;
    }
    return dl_bits_has(pr->b, d[kl]);
}
