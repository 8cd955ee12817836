/* map.c — open-addressing hash table. */
#include "map.h"

#include <string.h>

uint64_t map_hash_bytes(const void *p, size_t n) {
    /* FNV-1a over 8-byte words, finished with the u64 mixer */
    const unsigned char *s = p;
    uint64_t h = 0xcbf29ce484222325ULL ^ n;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
        s += 8;
        n -= 8;
    }
    while (n--)
        h = (h ^ *s++) * 0x100000001b3ULL;
    return map_hash_u64(h);
}

static inline uint64_t fix(uint64_t h) {
    return h ? h : 0x9e3779b97f4a7c15ULL;
}

static Status grow(Map *m) {
    size_t ncap = m->cap ? m->cap * 2 : 16;
    if (ncap > SIZE_MAX / sizeof(MapEntry))
        return E_NOMEM;
    MapEntry *ne = mem_calloc(ncap, sizeof(MapEntry));
    if (!ne)
        return E_NOMEM;
    for (size_t i = 0; i < m->cap; i++) {
        MapEntry *o = &m->e[i];
        if (!o->hash)
            continue;
        size_t j = (size_t)o->hash & (ncap - 1);
        while (ne[j].hash)
            j = (j + 1) & (ncap - 1);
        ne[j] = *o;
    }
    mem_free(m->e);
    m->e = ne;
    m->cap = ncap;
    return OK;
}

bool map_get(const Map *m, uint64_t key, uint64_t *val) {
    if (!m->cap)
        return false;
    uint64_t h = fix(map_hash_u64(key));
    for (size_t j = (size_t)h & (m->cap - 1);; j = (j + 1) & (m->cap - 1)) {
        const MapEntry *e = &m->e[j];
        if (!e->hash)
            return false;
        if (e->hash == h && e->key == key) {
            if (val)
                *val = e->val;
            return true;
        }
    }
}

Status map_put(Map *m, uint64_t key, uint64_t val) {
    if ((m->len + 1) * 4 > m->cap * 3) {
        Status st = grow(m);
        if (st)
            return st;
    }
    uint64_t h = fix(map_hash_u64(key));
    for (size_t j = (size_t)h & (m->cap - 1);; j = (j + 1) & (m->cap - 1)) {
        MapEntry *e = &m->e[j];
        if (!e->hash) {
            e->hash = h;
            e->key = key;
            e->val = val;
            m->len++;
            return OK;
        }
        if (e->hash == h && e->key == key) {
            e->val = val;
            return OK;
        }
    }
}

MapEntry *map_find(const Map *m, uint64_t hash, MapEqFn eq, void *ctx, const void *probe) {
    if (!m->cap)
        return NULL;
    uint64_t h = fix(hash);
    for (size_t j = (size_t)h & (m->cap - 1);; j = (j + 1) & (m->cap - 1)) {
        MapEntry *e = &m->e[j];
        if (!e->hash)
            return NULL;
        if (e->hash == h && eq(ctx, e->key, probe))
            return e;
    }
}

void map_prefetch(const Map *m, uint64_t hash) {
    if (m->cap)
        __builtin_prefetch(&m->e[(size_t)fix(hash) & (m->cap - 1)]);
}

uint64_t map_peek(const Map *m, uint64_t hash) {
    if (!m->cap)
        return 0;
    uint64_t h = fix(hash);
    const MapEntry *e = &m->e[(size_t)h & (m->cap - 1)];
    return e->hash == h ? e->key : 0;
}

Status map_insert(Map *m, uint64_t hash, uint64_t key, uint64_t val) {
    if ((m->len + 1) * 4 > m->cap * 3) {
        Status st = grow(m);
        if (st)
            return st;
    }
    uint64_t h = fix(hash);
    size_t j = (size_t)h & (m->cap - 1);
    while (m->e[j].hash)
        j = (j + 1) & (m->cap - 1);
    m->e[j].hash = h;
    m->e[j].key = key;
    m->e[j].val = val;
    m->len++;
    return OK;
}

void map_release(Map *m) {
    mem_free(m->e);
    m->e = NULL;
    m->len = m->cap = 0;
}

void map_reset(Map *m) {
    if (m->cap && m->len * 8 >= m->cap) {
        memset(m->e, 0, m->cap * sizeof *m->e);
        m->len = 0;
    } else {
        map_release(m);
    }
}
