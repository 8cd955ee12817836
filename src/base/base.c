/* base.c — status names and the allocation hook. */
#include "base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

static long fail_after = -1;

const char *status_str(Status s) {
    switch (s) {
    case OK: return "ok";
    case E_NOMEM: return "out of memory";
    case E_IO: return "input/output error";
    case E_SYNTAX: return "syntax error";
    case E_SEMANTIC: return "semantic error";
    case E_LLVM: return "LLVM error";
    case E_LIMIT: return "limit exceeded";
    case E_INTERNAL: return "internal error";
    }
    return "unknown status";
}

void mem_fail_after(long n) {
    fail_after = n;
}

void *mem_realloc(void *p, size_t n) {
    if (n == 0) {
        free(p);
        return NULL;
    }
    if (fail_after >= 0) {
        if (fail_after == 0)
            return NULL;
        fail_after--;
    }
    return realloc(p, n);
}

void *mem_alloc(size_t n) {
    return mem_realloc(NULL, n ? n : 1);
}

void *mem_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size)
        return NULL;
    size_t n = count * size;
    void *p = mem_alloc(n);
    if (p)
        memset(p, 0, n ? n : 1);
    return p;
}

void mem_free(void *p) {
    free(p);
}

char *mem_strndup(const char *s, size_t n) {
    char *d = mem_alloc(n + 1);
    if (!d)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *mem_strdup(const char *s) {
    return mem_strndup(s, strlen(s));
}

size_t mem_peak_rss_kib(void) {
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (size_t)ru.ru_maxrss;
}

void count_human(char *buf, size_t n, size_t v) {
    if (v >= 10000000)
        snprintf(buf, n, "%zuM", v / 1000000);
    else if (v >= 10000)
        snprintf(buf, n, "%zuk", v / 1000);
    else
        snprintf(buf, n, "%zu", v);
}

bool path_is_special(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}
