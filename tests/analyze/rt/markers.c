/* markers.c — the run-time definition of the pts() marker, for test_soundness.sh.
 *
 * pts(label, p) appends one line to the file named by $IRLOG_PTS telling what p points
 * into at run time:
 *     P <label> null
 *     P <label> heap <allocating call's return address> <call sites on the shadow stack...>
 *     P <label> stack                       (the calling thread's stack, or main's)
 *     P <label> addr <hex address>          (anything else: the test looks it up with nm)
 * Heap blocks are known because the program is linked with --wrap for the allocators
 * (malloc, calloc, realloc, strdup, posix_memalign; markers_cxx.c: operator new,
 * new[], __cxa_allocate_exception): each block is recorded with the return address of the
 * allocating call and the call sites of the instrumented frames above it (trace.c),
 * which name the allocation site and, for a wrapper, the wrapper's call site. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINSTR __attribute__((no_instrument_function))
#define NSITES 4

int rt_frames(void **sites, int n);

struct block {
  uintptr_t base, size;
  void *ra;
  void *sites[NSITES];
  int nsites;
};
#define NBLOCKS 8192
static struct block blocks[NBLOCKS];
static int nblocks;
static volatile int lock;

NOINSTR static void lock_take(void) {
  while (__atomic_test_and_set(&lock, __ATOMIC_ACQUIRE))
    ;
}
NOINSTR static void lock_give(void) { __atomic_clear(&lock, __ATOMIC_RELEASE); }

NOINSTR void rt_record(void *p, size_t n, void *ra) {
  if (!p)
    return;
  lock_take();
  int i;
  for (i = 0; i < nblocks; i++)
    if (blocks[i].base == 0)
      break;
  if (i == nblocks && nblocks < NBLOCKS)
    nblocks++;
  if (i < NBLOCKS) {
    blocks[i].base = (uintptr_t)p;
    blocks[i].size = n ? n : 1;
    blocks[i].ra = ra;
    blocks[i].nsites = rt_frames(blocks[i].sites, NSITES);
  }
  lock_give();
}

NOINSTR static void forget(void *p) {
  if (!p)
    return;
  lock_take();
  for (int i = 0; i < nblocks; i++)
    if (blocks[i].base == (uintptr_t)p)
      blocks[i].base = 0;
  lock_give();
}

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
void __real_free(void *);
char *__real_strdup(const char *);
int __real_posix_memalign(void **, size_t, size_t);

#define RA __builtin_extract_return_addr(__builtin_return_address(0))

NOINSTR void *__wrap_malloc(size_t n) {
  void *p = __real_malloc(n);
  rt_record(p, n, RA);
  return p;
}
NOINSTR void *__wrap_calloc(size_t k, size_t n) {
  void *p = __real_calloc(k, n);
  rt_record(p, k * n, RA);
  return p;
}
NOINSTR void *__wrap_realloc(void *q, size_t n) {
  forget(q);
  void *p = __real_realloc(q, n);
  rt_record(p, n, RA);
  return p;
}
NOINSTR void __wrap_free(void *p) {
  forget(p);
  __real_free(p);
}
NOINSTR char *__wrap_strdup(const char *s) {
  char *p = __real_strdup(s);
  rt_record(p, strlen(s) + 1, RA);
  return p;
}
NOINSTR int __wrap_posix_memalign(void **out, size_t a, size_t n) {
  int r = __real_posix_memalign(out, a, n);
  if (r == 0)
    rt_record(*out, n, RA);
  return r;
}
static FILE *out;

/* the stack of the calling thread, and the main thread's (a thread may get pointers
 * to main's locals) */
static void *main_lo;
static size_t main_sz;
NOINSTR static void this_stack(void **lo, size_t *sz) {
  pthread_attr_t at;
  if (pthread_getattr_np(pthread_self(), &at) == 0) {
    pthread_attr_getstack(&at, lo, sz);
    pthread_attr_destroy(&at);
  }
}
__attribute__((constructor)) NOINSTR static void main_stack(void) { this_stack(&main_lo, &main_sz); }

NOINSTR void pts(const char *label, const void *p) {
  lock_take();
  if (!out) {
    const char *path = getenv("IRLOG_PTS");
    out = fopen(path ? path : "/dev/null", "a");
    if (out)
      setvbuf(out, NULL, _IOLBF, 0);
  }
  uintptr_t a = (uintptr_t)p;
  char line[512];
  int n = snprintf(line, sizeof line, "P %s ", label);
  const struct block *b = 0;
  for (int i = 0; i < nblocks; i++)
    if (blocks[i].base && blocks[i].base <= a && a < blocks[i].base + blocks[i].size)
      b = &blocks[i];
  if (!p) {
    snprintf(line + n, sizeof line - n, "null");
  } else if (b) {
    n += snprintf(line + n, sizeof line - n, "heap %lx", (unsigned long)b->ra);
    for (int i = 0; i < b->nsites; i++)
      n += snprintf(line + n, sizeof line - n, " %lx", (unsigned long)b->sites[i]);
  } else {
    void *lo = 0;
    size_t sz = 0;
    this_stack(&lo, &sz);
    if ((lo && a >= (uintptr_t)lo && a < (uintptr_t)lo + sz) ||
        (main_lo && a >= (uintptr_t)main_lo && a < (uintptr_t)main_lo + main_sz))
      snprintf(line + n, sizeof line - n, "stack");
    else
      snprintf(line + n, sizeof line - n, "addr %lx", (unsigned long)a);
  }
  if (out)
    fprintf(out, "%s\n", line);
  lock_give();
}
