/* arena.c — chained bump allocator. */
#include "arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct ArenaBlock {
    ArenaBlock *next;
    size_t size;
    _Alignas(16) unsigned char data[];
};

#define ARENA_BLOCK 65536

void *arena_alloc(Arena *a, size_t n) {
    n = (n + 15) & ~(size_t)15;
    if (!n)
        n = 16;
    if (!a->head || a->head->size - a->used < n) {
        size_t sz = n > ARENA_BLOCK / 4 ? n : ARENA_BLOCK;
        ArenaBlock *b = mem_alloc(sizeof(ArenaBlock) + sz);
        if (!b) {
            a->oom = true;
            return NULL;
        }
        b->size = sz;
        if (a->head && sz != ARENA_BLOCK) {
            /* big object: put it behind the current head so the head keeps filling */
            b->next = a->head->next;
            a->head->next = b;
            a->total += sz;
            return b->data;
        }
        b->next = a->head;
        a->head = b;
        a->used = 0;
        a->total += sz;
    }
    void *p = a->head->data + a->used;
    a->used += n;
    return p;
}

void *arena_calloc(Arena *a, size_t n) {
    void *p = arena_alloc(a, n);
    if (p)
        memset(p, 0, n);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
    char *d = arena_alloc(a, n + 1);
    if (!d)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *arena_strdup(Arena *a, const char *s) {
    return arena_strndup(a, s, strlen(s));
}

char *arena_printf(Arena *a, const char *fmt, ...) {
    va_list ap, cp;
    va_start(ap, fmt);
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    char *d = n < 0 ? NULL : arena_alloc(a, (size_t)n + 1);
    if (d)
        vsnprintf(d, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return d;
}

void arena_release(Arena *a) {
    ArenaBlock *b = a->head;
    while (b) {
        ArenaBlock *n = b->next;
        mem_free(b);
        b = n;
    }
    a->head = NULL;
    a->used = a->total = 0;
    a->oom = false;
}
