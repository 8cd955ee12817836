/*
 * vec.h — the one growable array.
 *
 * Vec(T) is { T *v; size_t len, cap; }. vec_push/vec_reserve grow geometrically with
 * overflow checks and report E_NOMEM instead of failing hard (git's ALLOC_GROW).
 * A zero-initialised Vec is empty and valid; vec_release frees it and makes it empty.
 */
#ifndef IRLOG_VEC_H
#define IRLOG_VEC_H

#include "base.h"

#define Vec(T)                                                                                     \
    struct {                                                                                       \
        T *v;                                                                                      \
        size_t len, cap;                                                                           \
    }

/* Grow *v (element size `elem`) so that it holds at least `need` elements. */
Status vec_grow_(void **v, size_t *cap, size_t elem, size_t need);

#define vec_reserve(vec, need)                                                                     \
    ((need) <= (vec)->cap ? OK                                                                     \
                          : vec_grow_((void **)&(vec)->v, &(vec)->cap, sizeof(*(vec)->v), (need)))

/* Append one element; evaluates to a Status. */
#define vec_push(vec, x)                                                                           \
    (vec_reserve((vec), (vec)->len + 1) == OK ? ((vec)->v[(vec)->len++] = (x), OK) : E_NOMEM)

#define vec_release(vec)                                                                           \
    do {                                                                                           \
        mem_free((vec)->v);                                                                        \
        (vec)->v = NULL;                                                                           \
        (vec)->len = (vec)->cap = 0;                                                               \
    } while (0)

#define vec_last(vec) ((vec)->v[(vec)->len - 1])

#endif
