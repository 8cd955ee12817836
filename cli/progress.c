/*
 * progress.c — the one-line progress display of long commands (irlog run, check, analyze).
 * Shown only when stderr is a terminal and --quiet was not given; the line rewrites itself
 * (carriage return, clear to end of line) at most ten times a second, and progress_done
 * erases it so that what follows starts on a clean line.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "dl.h"

static bool on;
static bool shown;
static double last;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void progress_init(bool quiet) {
    on = !quiet && isatty(STDERR_FILENO);
    shown = false;
    last = 0;
}

bool progress_on(void) {
    return on;
}

void progress_show(bool force, const char *fmt, ...) {
    if (!on)
        return;
    double t = now_s();
    if (!force && t - last < 0.1)
        return;
    last = t;
    va_list ap;
    va_start(ap, fmt);
    fputs("\r\033[K", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
    shown = true;
}

void progress_done(void) {
    if (on && shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    shown = false;
}

void progress_dl(void *arg, const DlProgress *pr) {
    (void)arg;
    char t[32], dl[32];
    if (!on)
        return;
    if (!pr->iteration) {
        progress_show(false, "evaluating: stratum %u/%u (%s)", pr->stratum + 1, pr->nstrata,
                      pr->relation ? pr->relation : "");
        return;
    }
    char lg[32];
    count_human(t, sizeof t, pr->tuples);
    count_human(dl, sizeof dl, pr->delta);
    count_human(lg, sizeof lg, pr->largest_n);
    progress_show(false,
                  "evaluating: stratum %u/%u (%s): iteration %u, %s tuples, +%s; largest %s %s",
                  pr->stratum + 1, pr->nstrata, pr->relation ? pr->relation : "", pr->iteration,
                  t, dl, pr->largest ? pr->largest : "-", lg);
}

/* SIGINT and SIGTERM during an evaluation: the engine stops at its next check, the
 * command cleans up (nothing half-written) and exits with 128 + the signal's number. */
/* written by the handler: sig_atomic_t is int here */
_Static_assert(sizeof(sig_atomic_t) == sizeof(int), "sig_atomic_t is int");
static volatile int interrupted;
static struct sigaction old_int, old_term;

static void on_signal(int sig) {
    /* atomic: the engine's worker threads read it while it runs (ThreadSanitizer) */
    __atomic_store_n(&interrupted, sig, __ATOMIC_RELAXED);
}

const volatile int *interrupt_begin(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    interrupted = 0;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    return &interrupted;
}

int interrupt_end(void) {
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    return interrupted;
}

bool cli_parse_seconds(const char *s, double *out) {
    char *end = NULL;
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return false;
    double v = strtod(s, &end);
    if (!end || *end || end == s || !(v > 0) || v > 366.0 * 86400)
        return false;
    *out = v;
    return true;
}
