/*
 * intern.h — string interner: each distinct byte string gets a dense Sym (u32, from 0).
 *
 * Strings are copied into the interner's arena and stay valid (NUL-terminated) until
 * intern_release. Symbols compare as integers; intern_str gives the text back.
 */
#ifndef IRLOG_INTERN_H
#define IRLOG_INTERN_H

#include "arena.h"
#include "map.h"
#include "vec.h"

typedef uint32_t Sym;

typedef struct InternStr {
    const char *s;
    size_t n;
} InternStr;

typedef struct Interner {
    Arena arena;          /* owns the bytes */
    Vec(InternStr) strs;  /* Sym → string */
    Map index;            /* hash → Sym */
} Interner;

void intern_init(Interner *in);
void intern_release(Interner *in);
/* Interns s[0..n). OUT *sym. E_NOMEM on failure; E_LIMIT past 2^32-1 symbols. */
Status intern_get(Interner *in, const char *s, size_t n, Sym *sym);
/* Prefetching for a batch of lookups (see map_prefetch): intern_hash gives a string's
 * hash; stage 0 fetches its table slot, stage 1 (once the slot is in cache) the stored
 * string it likely matches. */
uint64_t intern_hash(const char *s, size_t n);
void intern_prefetch(const Interner *in, uint64_t hash, int stage);
/* Looks up without inserting; false when absent. */
bool intern_lookup(const Interner *in, const char *s, size_t n, Sym *sym);
static inline const char *intern_str(const Interner *in, Sym s) {
    return in->strs.v[s].s;
}
static inline size_t intern_len(const Interner *in, Sym s) {
    return in->strs.v[s].n;
}
static inline size_t intern_count(const Interner *in) {
    return in->strs.len;
}

#endif
