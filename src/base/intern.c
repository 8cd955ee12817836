/* intern.c — string interner over the one Map. */
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
    const Interner *in = ctx;
    const InternStr *p = probe;
    const InternStr *s = &in->strs.v[key];
    return s->n == p->n && memcmp(s->s, p->s, p->n) == 0;
}

bool intern_lookup(const Interner *in, const char *s, size_t n, Sym *sym) {
    InternStr probe = {s, n};
    MapEntry *e = map_find(&in->index, map_hash_bytes(s, n), eq, (void *)in, &probe);
    if (!e)
        return false;
    *sym = (Sym)e->key;
    return true;
}

Status intern_get(Interner *in, const char *s, size_t n, Sym *sym) {
    InternStr probe = {s, n};
    uint64_t h = map_hash_bytes(s, n);
    MapEntry *e = map_find(&in->index, h, eq, in, &probe);
    if (e) {
        *sym = (Sym)e->key;
        return OK;
    }
    if (in->strs.len >= UINT32_MAX)
        return E_LIMIT;
    char *copy = arena_strndup(&in->arena, s, n);
    if (!copy)
        return E_NOMEM;
    InternStr is = {copy, n};
    if (vec_push(&in->strs, is) != OK)
        return E_NOMEM;
    Sym id = (Sym)(in->strs.len - 1);
    if (map_insert(&in->index, h, id, 0) != OK) {
        in->strs.len--;
        return E_NOMEM;
    }
    *sym = id;
    return OK;
}
