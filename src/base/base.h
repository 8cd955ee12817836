/*
 * base.h — status codes, allocation hook and small helpers shared by every module.
 *
 * Owns: the Status enum, the single allocation hook (mem_realloc) that every
 * allocation in irlog goes through, and the TRY/fail: convention.
 * Invariants: nothing here (or anywhere under src/) calls exit, abort or longjmp.
 * Out-of-memory is reported as E_NOMEM, never by terminating.
 */
#ifndef IRLOG_BASE_H
#define IRLOG_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum Status {
    OK = 0,
    E_NOMEM,    /* allocation failed */
    E_IO,       /* file system or stream error */
    E_SYNTAX,   /* malformed input text */
    E_SEMANTIC, /* well-formed but meaningless input */
    E_LLVM,     /* LLVM refused the input (parse, link, verify) */
    E_LIMIT,    /* a configured limit was reached (memory, size) */
    E_INTERNAL  /* a broken invariant inside irlog */
} Status;

/* Human-readable name of a status ("out of memory", ...). Never NULL. */
const char *status_str(Status s);

/* TRY(expr): evaluate a Status expression; on failure store it in `st` and jump
 * to the function's `fail:` label. The function must declare `Status st = OK;`. */
#define TRY(expr)                                                                                  \
    do {                                                                                           \
        st = (expr);                                                                               \
        if (st != OK)                                                                              \
            goto fail;                                                                             \
    } while (0)

/* Defensive branches that "cannot happen" (SQLite's ALWAYS/NEVER). */
#define ALWAYS(x) (x)
#define NEVER(x) (x)

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
#define IRLOG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define IRLOG_UNUSED __attribute__((unused))
/* (a small function inlined even where the compiler would not: hot paths that pass
 * constants it folds) */
#define IRLOG_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define IRLOG_PRINTF(f, a)
#define IRLOG_UNUSED
#define IRLOG_ALWAYS_INLINE inline
#endif

/* The one allocation hook. mem_realloc(p, 0) frees p and returns NULL.
 * Returns NULL on failure (p is then untouched). Tests may inject failures
 * with mem_fail_after(). */
void *mem_realloc(void *p, size_t n);
void *mem_alloc(size_t n);                  /* uninitialised; NULL on failure */
void *mem_calloc(size_t count, size_t size); /* zeroed; NULL on failure or overflow */
void mem_free(void *p);
char *mem_strdup(const char *s);          /* NULL on failure */
char *mem_strndup(const char *s, size_t n); /* NULL on failure; always NUL-terminated */

/* Fault injection: after `n` more successful allocations, every allocation fails.
 * n < 0 disables injection (the default). */
void mem_fail_after(long n);

/* Peak resident set size of this process in KiB (0 when unknown). */
size_t mem_peak_rss_kib(void);

/* Writes a count as people read it in a progress line: 1234, 56k, 78M. */
void count_human(char *buf, size_t n, size_t v);

/* Whether path names an existing file that is neither a regular file nor a directory (a
 * device such as /dev/null, a FIFO, a socket). An output there is written in place:
 * renaming a temporary file over it would replace it (as root, /dev/null itself). */
bool path_is_special(const char *path);

#endif
