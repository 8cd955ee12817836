/*
 * arena.h — bump allocator for objects that die together (AST, plan, diagnostics, ids).
 *
 * Blocks are chained and freed whole by arena_release. Allocations are 16-byte aligned.
 * Failure returns NULL and sets the sticky `oom` flag.
 */
#ifndef IRLOG_ARENA_H
#define IRLOG_ARENA_H

#include "base.h"

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
    ArenaBlock *head; /* newest block */
    size_t used;      /* bytes used in head */
    size_t total;     /* bytes allocated in all blocks */
    bool oom;         /* sticky: an allocation failed */
} Arena;

#define ARENA_INIT {NULL, 0, 0, false}

void *arena_alloc(Arena *a, size_t n);           /* uninitialised */
void *arena_calloc(Arena *a, size_t n);          /* zeroed */
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_strdup(Arena *a, const char *s);
char *arena_printf(Arena *a, const char *fmt, ...) IRLOG_PRINTF(2, 3);
void arena_release(Arena *a);

#endif
