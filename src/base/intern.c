/* intern.c — string interner over the one Map.
 *
 * Each string is copied into the arena as a record: its length (u32), the bytes, a NUL.
 * The index maps the string's hash to the record's address (key) and its Sym (val), so a
 * lookup compares the stored hash, then the record's bytes directly: two memory accesses
 * (slot, record) instead of three (slot, Sym's entry in strs, bytes). */
#include "intern.h"

#include <string.h>

void intern_init(Interner *in) {
    memset(in, 0, sizeof *in);
}

void intern_release(Interner *in) {
    arena_release(&in->arena);
    vec_release(&in->strs);
    map_release(&in->index);
}

static bool eq(void *ctx, uint64_t key, const void *probe) {
    (void)ctx;
    const InternStr *p = probe;
    const char *rec = (const char *)(uintptr_t)key;
    uint32_t n;
    memcpy(&n, rec, sizeof n);
    return n == p->n && memcmp(rec + sizeof n, p->s, p->n) == 0;
}

uint64_t intern_hash(const char *s, size_t n) {
    return map_hash_bytes(s, n);
}

void intern_prefetch(const Interner *in, uint64_t hash, int stage) {
    if (stage == 0) {
        map_prefetch(&in->index, hash);
        return;
    }
    uint64_t rec = map_peek(&in->index, hash);
    if (rec)
        __builtin_prefetch((const void *)(uintptr_t)rec);
}

bool intern_lookup(const Interner *in, const char *s, size_t n, Sym *sym) {
    InternStr probe = {s, n};
    MapEntry *e = map_find(&in->index, map_hash_bytes(s, n), eq, (void *)in, &probe);
    if (!e)
        return false;
    *sym = (Sym)e->val;
    return true;
}

Status intern_get(Interner *in, const char *s, size_t n, Sym *sym) {
    InternStr probe = {s, n};
    uint64_t h = map_hash_bytes(s, n);
    MapEntry *e = map_find(&in->index, h, eq, in, &probe);
    if (e) {
        *sym = (Sym)e->val;
        return OK;
    }
    if (in->strs.len >= UINT32_MAX || n >= UINT32_MAX - 8)
        return E_LIMIT;
    uint32_t n32 = (uint32_t)n;
    char *rec = arena_alloc(&in->arena, sizeof n32 + n + 1);
    if (!rec)
        return E_NOMEM;
    memcpy(rec, &n32, sizeof n32);
    if (n)
        memcpy(rec + sizeof n32, s, n);
    rec[sizeof n32 + n] = '\0';
    InternStr is = {rec + sizeof n32, n};
    if (vec_push(&in->strs, is) != OK)
        return E_NOMEM;
    Sym id = (Sym)(in->strs.len - 1);
    if (map_insert(&in->index, h, (uint64_t)(uintptr_t)rec, id) != OK) {
        in->strs.len--;
        return E_NOMEM;
    }
    *sym = id;
    return OK;
}
