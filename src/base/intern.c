/* intern.c — string interner with a compact index of its own (see intern.h).
 *
 * A record is [Sym u32][length u32][bytes][NUL], packed at 4-byte alignment into 64 KiB
 * chunks taken from the arena (a string longer than a quarter chunk gets a block of its
 * own). An index slot is the address of the record's bytes in its low 48 bits and the
 * top 16 bits of the string's hash above them (a pointer does not reach past 48 bits in
 * user space; a record that would is refused with E_LIMIT, never mistaken), so a lookup
 * compares the tag in the slot, then the record's length and bytes: two memory accesses.
 * The index grows at 3/4 full; growing recomputes each string's hash from its record. */
#include "intern.h"

#include <string.h>

#define CHUNK 65536
#define PTR_BITS 48
#define PTR_MASK ((UINT64_C(1) << PTR_BITS) - 1)
#define HDR (2 * sizeof(uint32_t)) /* Sym, length */

void intern_init(Interner *in) {
    memset(in, 0, sizeof *in);
}

void intern_release(Interner *in) {
    arena_release(&in->arena);
    vec_release(&in->strs);
    mem_free(in->slots);
    memset(in, 0, sizeof *in);
}

uint64_t intern_hash(const char *s, size_t n) {
    return map_hash_bytes(s, n);
}

static inline uint64_t tag_of(uint64_t h) {
    return h & ~PTR_MASK;
}

static inline const char *rec_of(uint64_t slot) {
    return (const char *)(uintptr_t)(slot & PTR_MASK);
}

static inline uint32_t rec_len(const char *bytes) {
    uint32_t n;
    memcpy(&n, bytes - sizeof n, sizeof n);
    return n;
}

static inline Sym rec_sym(const char *bytes) {
    uint32_t v;
    memcpy(&v, bytes - HDR, sizeof v);
    return v;
}

/* The slot holding s[0..n) (hash h), or the empty slot where it would go. */
static inline uint64_t *probe(const Interner *in, uint64_t h, const char *s, size_t n) {
    size_t mask = in->cap - 1;
    uint64_t tag = tag_of(h);
    for (size_t j = (size_t)h & mask;; j = (j + 1) & mask) {
        uint64_t v = in->slots[j];
        if (!v)
            return &in->slots[j];
        if ((v & ~PTR_MASK) == tag) {
            const char *r = rec_of(v);
            if (rec_len(r) == n && (n == 0 || memcmp(r, s, n) == 0))
                return &in->slots[j];
        }
    }
}

void intern_prefetch(const Interner *in, uint64_t hash, int stage) {
    if (!in->cap)
        return;
    const uint64_t *slot = &in->slots[(size_t)hash & (in->cap - 1)];
    if (stage == 0) {
        __builtin_prefetch(slot);
        return;
    }
    uint64_t v = *slot;
    if (v && (v & ~PTR_MASK) == tag_of(hash))
        __builtin_prefetch(rec_of(v) - HDR);
}

bool intern_lookup(const Interner *in, const char *s, size_t n, Sym *sym) {
    if (!in->cap)
        return false;
    uint64_t v = *probe(in, map_hash_bytes(s, n), s, n);
    if (!v)
        return false;
    *sym = rec_sym(rec_of(v));
    return true;
}

static Status grow(Interner *in) {
    size_t ncap = in->cap ? in->cap * 2 : 64;
    if (ncap > SIZE_MAX / sizeof(uint64_t))
        return E_NOMEM;
    uint64_t *ns = mem_calloc(ncap, sizeof *ns);
    if (!ns)
        return E_NOMEM;
    for (size_t i = 0; i < in->strs.len; i++) {
        const char *r = in->strs.v[i];
        uint64_t h = map_hash_bytes(r, rec_len(r));
        size_t j = (size_t)h & (ncap - 1);
        while (ns[j])
            j = (j + 1) & (ncap - 1);
        ns[j] = tag_of(h) | (uint64_t)(uintptr_t)r;
    }
    mem_free(in->slots);
    in->slots = ns;
    in->cap = ncap;
    return OK;
}

/* Room for a record of `need` bytes (a multiple of 4), packed into the current chunk. */
static char *rec_alloc(Interner *in, size_t need) {
    if (need > CHUNK / 4)
        return arena_alloc(&in->arena, need);
    if (in->chunk_left < need) {
        char *c = arena_alloc(&in->arena, CHUNK);
        if (!c)
            return NULL;
        in->chunk = c;
        in->chunk_left = CHUNK;
    }
    char *r = in->chunk;
    in->chunk += need;
    in->chunk_left -= need;
    return r;
}

Status intern_get(Interner *in, const char *s, size_t n, Sym *sym) {
    uint64_t h = map_hash_bytes(s, n);
    if (in->cap) {
        uint64_t v = *probe(in, h, s, n);
        if (v) {
            *sym = rec_sym(rec_of(v));
            return OK;
        }
    }
    if (in->strs.len >= UINT32_MAX || n >= UINT32_MAX - 16)
        return E_LIMIT;
    if ((in->strs.len + 1) * 4 > in->cap * 3) {
        Status st = grow(in);
        if (st != OK)
            return st;
    }
    if (vec_reserve(&in->strs, in->strs.len + 1) != OK)
        return E_NOMEM;
    char *rec = rec_alloc(in, (HDR + n + 1 + 3) & ~(size_t)3);
    if (!rec)
        return E_NOMEM;
    char *bytes = rec + HDR;
    if ((uint64_t)(uintptr_t)bytes & ~PTR_MASK)
        return E_LIMIT; /* an address past 48 bits: it would not fit a slot */
    uint32_t id = (uint32_t)in->strs.len, n32 = (uint32_t)n;
    memcpy(rec, &id, sizeof id);
    memcpy(rec + sizeof id, &n32, sizeof n32);
    if (n)
        memcpy(bytes, s, n);
    bytes[n] = '\0';
    in->strs.v[in->strs.len++] = bytes;
    *probe(in, h, s, n) = tag_of(h) | (uint64_t)(uintptr_t)bytes;
    *sym = id;
    return OK;
}

size_t intern_bytes(const Interner *in, int what) {
    switch (what) {
    case 0: return in->arena.total;
    case 1: return in->strs.cap * sizeof *in->strs.v;
    default: return in->cap * sizeof *in->slots;
    }
}
