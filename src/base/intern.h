/*
 * intern.h — string interner: each distinct byte string gets a dense Sym (u32, from 0).
 *
 * Strings are copied into the interner's arena and stay valid (NUL-terminated) until
 * intern_release. Symbols compare as integers; intern_str gives the text back.
 */
#ifndef IRLOG_INTERN_H
#define IRLOG_INTERN_H

#include <string.h>

#include "arena.h"
#include "map.h"
#include "vec.h"

typedef uint32_t Sym;

/* Compact: a string of n bytes costs n + 9 rounded up to 4, 8 in the Sym → string array
 * and its slot in the index (8 bytes a slot, the index between 3/8 and 3/4 full). Each
 * string is a record packed at 4-byte alignment in chunks of the arena: its Sym (u32),
 * its length (u32), the bytes, a NUL. strs maps a Sym to the record's bytes; the index is
 * open addressing over 8-byte slots, each the record's address (48 bits) with the top 16
 * bits of the string's hash above it, so a lookup reads the slot and then the record,
 * and nothing else. */
typedef struct Interner {
    Arena arena;            /* owns the records */
    char *chunk;            /* the chunk records are packed into */
    size_t chunk_left;      /* bytes left in it */
    Vec(const char *) strs; /* Sym → the record's bytes */
    uint64_t *slots;        /* index: cap slots, 0 when empty */
    size_t cap;             /* power of two, or 0 */
} Interner;

void intern_init(Interner *in);
void intern_release(Interner *in);
/* Interns s[0..n). OUT *sym. E_NOMEM on failure (nothing changed); E_LIMIT past 2^32-1
 * symbols, a string of 4 GiB or more, or a record at an address past 48 bits. */
Status intern_get(Interner *in, const char *s, size_t n, Sym *sym);
/* Prefetching for a batch of lookups (see map_prefetch): intern_hash gives a string's
 * hash; stage 0 fetches its table slot, stage 1 (once the slot is in cache) the stored
 * string it likely matches. */
uint64_t intern_hash(const char *s, size_t n);
void intern_prefetch(const Interner *in, uint64_t hash, int stage);
/* Looks up without inserting; false when absent. */
bool intern_lookup(const Interner *in, const char *s, size_t n, Sym *sym);
/* Bytes held: what 0 the strings, 1 the Sym → string array, 2 the hash index. */
size_t intern_bytes(const Interner *in, int what);
static inline const char *intern_str(const Interner *in, Sym s) {
    return in->strs.v[s];
}
static inline size_t intern_len(const Interner *in, Sym s) {
    uint32_t n;
    memcpy(&n, in->strs.v[s] - sizeof n, sizeof n);
    return n;
}
static inline size_t intern_count(const Interner *in) {
    return in->strs.len;
}

#endif
