/* trace.c — the run-time half of tests/analyze/test_soundness.sh.
 *
 * Programs are compiled with -finstrument-functions-after-inlining: every function
 * that survives inlining calls __cyg_profile_func_enter(this_fn, call_site) on entry
 * and __cyg_profile_func_exit on return. This file (compiled without instrumentation)
 * keeps a shadow stack per thread and writes each distinct triple
 *     E <call_site> <this_fn> <innermost instrumented function below, or 0>
 * once to the file named by $IRLOG_TRACE (addresses in hex; the test maps them to
 * names with nm, the binary being linked with -no-pie). The third field names the
 * caller when the call comes from code that is not instrumented (qsort calling its
 * comparator is attributed to the function that called qsort).
 * A last line `X` is written when the program exits normally (exit or a return from
 * main): a run killed by a signal or by the timeout has none.
 * rt_frames() gives markers.c the call sites on the shadow stack. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOINSTR __attribute__((no_instrument_function))
#define MAXDEPTH 4096

struct frame {
  void *fn, *site;
};
static __thread struct frame stack[MAXDEPTH];
static __thread int depth;

static int trace_fd = -2;
static volatile int lock;
#define NSEEN 65536
static struct {
  uintptr_t site, fn, top;
} seen[NSEEN];

NOINSTR static void lock_take(void) {
  while (__atomic_test_and_set(&lock, __ATOMIC_ACQUIRE))
    ;
}
NOINSTR static void lock_give(void) { __atomic_clear(&lock, __ATOMIC_RELEASE); }

NOINSTR static void emit(uintptr_t site, uintptr_t fn, uintptr_t top) {
  lock_take();
  if (trace_fd == -2) {
    const char *path = getenv("IRLOG_TRACE");
    trace_fd = path ? open(path, O_WRONLY | O_CREAT | O_APPEND, 0644) : -1;
  }
  if (fn == 0) {
    lock_give();
    return;
  }
  uintptr_t h = (site * 31u + fn * 17u + top) % NSEEN;
  for (unsigned i = 0; i < NSEEN; i++, h = (h + 1) % NSEEN) {
    if (seen[h].fn == 0) {
      seen[h].site = site;
      seen[h].fn = fn;
      seen[h].top = top;
      if (trace_fd >= 0) {
        char buf[80];
        int n = snprintf(buf, sizeof buf, "E %lx %lx %lx\n", (unsigned long)site,
                         (unsigned long)fn, (unsigned long)top);
        if (write(trace_fd, buf, (size_t)n) != n) {
        }
      }
      break;
    }
    if (seen[h].site == site && seen[h].fn == fn && seen[h].top == top)
      break;
  }
  lock_give();
}

NOINSTR void __cyg_profile_func_enter(void *this_fn, void *call_site) {
  void *top = depth > 0 ? stack[depth - 1].fn : 0;
  emit((uintptr_t)call_site, (uintptr_t)this_fn, (uintptr_t)top);
  if (depth < MAXDEPTH) {
    stack[depth].fn = this_fn;
    stack[depth].site = call_site;
  }
  depth++;
}

NOINSTR void __cyg_profile_func_exit(void *this_fn, void *call_site) {
  (void)this_fn;
  (void)call_site;
  /* a longjmp or an exception may skip exits: find the frame of this function */
  int d = depth < MAXDEPTH ? depth : MAXDEPTH;
  while (d > 0 && stack[d - 1].fn != this_fn)
    d--;
  depth = d > 0 ? d - 1 : 0;
}

__attribute__((destructor)) NOINSTR static void exit_mark(void) {
  emit(0, 0, 0); /* opens the file if nothing else did */
  lock_take();
  if (trace_fd >= 0 && write(trace_fd, "X\n", 2) != 2) {
  }
  lock_give();
}

/* the call sites of the innermost N instrumented frames, innermost first */
NOINSTR int rt_frames(void **sites, int n) {
  int k = 0;
  for (int d = (depth < MAXDEPTH ? depth : MAXDEPTH) - 1; d >= 0 && k < n; d--)
    sites[k++] = stack[d].site;
  return k;
}
