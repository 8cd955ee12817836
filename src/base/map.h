/*
 * map.h — the one hash table: open addressing (linear probing), u64 keys → u64 values.
 *
 * Plain maps hash the key itself (map_get/map_put). Maps whose keys stand for
 * something else (an interned string's index, a tuple's row number) pass the hash and
 * an equality callback at each call (map_find/map_insert): the table stores the hash
 * beside each entry, so it never needs to recompute one (Redis' dictType, reduced).
 * Deleting is not supported: tables only grow, and are released whole.
 */
#ifndef IRLOG_MAP_H
#define IRLOG_MAP_H

#include "base.h"

typedef struct MapEntry {
    uint64_t hash; /* 0 marks an empty slot; real hashes are forced nonzero */
    uint64_t key;
    uint64_t val;
} MapEntry;

typedef struct Map {
    MapEntry *e;  /* cap entries */
    size_t len;   /* live entries */
    size_t cap;   /* power of two, or 0 */
} Map;

#define MAP_INIT {NULL, 0, 0}

/* Equality between a stored key and the probe being looked up. */
typedef bool (*MapEqFn)(void *ctx, uint64_t stored_key, const void *probe);

static inline uint64_t map_hash_u64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}
uint64_t map_hash_bytes(const void *p, size_t n);

/* Integer-keyed use. map_get returns true and sets *val when found. */
bool map_get(const Map *m, uint64_t key, uint64_t *val);
/* Inserts or overwrites. */
Status map_put(Map *m, uint64_t key, uint64_t val);

/* Callback-keyed use. Returns a pointer to the matching entry or NULL. */
MapEntry *map_find(const Map *m, uint64_t hash, MapEqFn eq, void *ctx, const void *probe);
/* Hints the CPU to fetch the slot where a search for hash starts (no effect otherwise):
 * callers with a batch of lookups issue these first, so the cache misses overlap. */
void map_prefetch(const Map *m, uint64_t hash);
/* The key of the entry in the slot where a search for hash starts, when that entry has
 * this hash (a likely match, for prefetching what the key points to); 0 otherwise. */
uint64_t map_peek(const Map *m, uint64_t hash);
/* Inserts an entry without looking (the caller has just failed a map_find). */
Status map_insert(Map *m, uint64_t hash, uint64_t key, uint64_t val);

void map_release(Map *m);
/* Empties m for reuse: its table is kept, cleared, when at least an eighth of it was
 * filled (a map refilled with about as many entries is not regrown from 16 each time),
 * else released. */
void map_reset(Map *m);

#endif
