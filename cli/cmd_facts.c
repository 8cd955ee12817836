/*
 * cmd_facts.c — `irlog facts INPUT... -o DIR|DB`: LLVM IR → relations (a directory of
 * .facts or .csv files, or one SQLite database with --format sqlite).
 *
 * LLVM calls abort() on some invalid inputs, so each job (the linked program, or each
 * input with --separate) runs in a child process; a child killed by a signal is
 * reported as bad input, its temporary directory removed, and irlog exits normally.
 * With --separate, up to -j children run at once.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "ir.h"
#include "strbuf.h"

typedef struct FactsArgs {
    const char **inputs;
    size_t ninputs;
    const char *outdir;
    IrOptions opt;
    bool separate;
    bool stats;
    bool in_process;
    int jobs;
} FactsArgs;

static void print_stats(const char *outdir, const IrStats *st, FactFormat fmt) {
    size_t nonempty = 0;
    uint64_t total = 0;
    for (int r = 0; r < REL__COUNT; r++) {
        if (st->rows[r])
            nonempty++;
        total += st->rows[r];
    }
    printf("%-44s %12s\n", "relation", "rows");
    for (int r = 0; r < REL__COUNT; r++)
        if (st->rows[r])
            printf("%-44s %12llu\n", facts_rels[r].name, (unsigned long long)st->rows[r]);
    printf("\n%llu rows in %zu non-empty relations (of %d); %llu functions, %llu instructions\n",
           (unsigned long long)total, nonempty, (int)REL__COUNT,
           (unsigned long long)st->functions, (unsigned long long)st->instructions);
    if (fmt == FACTS_SQLITE)
        printf("written to %s (one SQLite database, one table per relation)\n", outdir);
    else
        printf("written to %s/ (one %s file per relation)\n", outdir,
               fmt == FACTS_CSV ? ".csv" : ".facts");
    static const char *const names[IR_PHASE__COUNT] = {"read", "verify", "module text",
                                                       "prepare", "walk", "write"};
    printf("seconds:");
    for (int p = 0; p < IR_PHASE__COUNT; p++)
        printf(" %s %.3f%s", names[p], st->seconds[p], p + 1 < IR_PHASE__COUNT ? "," : "\n");
}

/* Runs one job in this process; returns the exit code. */
static int run_job(const char *const *inputs, size_t n, const char *outdir, const FactsArgs *a) {
    Diags d;
    diags_init(&d);
    IrStats *stats = mem_calloc(1, sizeof *stats);
    if (!stats) {
        cli_error("out of memory");
        return EXIT_INTERNAL;
    }
    Status st = ir_facts(inputs, n, outdir, &a->opt, &d, stats);
    diags_print(&d, stderr);
    int code = EXIT_OK;
    if (st != OK) {
        if (st == E_NOMEM || st == E_LIMIT || st == E_INTERNAL)
            code = EXIT_INTERNAL;
        else
            code = stats->output_failed ? EXIT_OUTPUT : EXIT_INPUT;
    } else if (a->stats) {
        print_stats(outdir, stats, a->opt.format);
    }
    fflush(stdout);
    fflush(stderr);
    mem_free(stats);
    diags_release(&d);
    return code;
}

typedef struct Job {
    pid_t pid;
    const char *const *inputs;
    size_t n;
    char *outdir;
} Job;

static void remove_tmp(const char *outdir, pid_t pid) {
    StrBuf p = SB_INIT, f = SB_INIT;
    size_t n = strlen(outdir);
    while (n > 1 && outdir[n - 1] == '/')
        n--;
    sb_add(&p, outdir, n);
    sb_addf(&p, ".tmp-irlog.%ld", (long)pid);
    /* the temporary directory holds only relation files written by the child */
    for (int r = 0; r < REL__COUNT; r++) {
        for (int e = 0; e < 2; e++) {
            sb_reset(&f);
            sb_addf(&f, "%s/%s%s", p.buf, facts_rels[r].name, e ? ".csv" : ".facts");
            unlink(f.buf);
        }
    }
    rmdir(p.buf);
    /* --format sqlite: the temporary database is a file of that name */
    unlink(p.buf);
    sb_addf(&p, "-journal");
    unlink(p.buf);
    sb_release(&p);
    sb_release(&f);
}

static volatile sig_atomic_t got_signal; /* SIGINT/SIGTERM/SIGHUP received */

static void on_signal(int sig) {
    got_signal = sig;
}

/* While jobs run, the parent catches the terminating signals, so that it can stop its
 * children and remove their temporary directories before it goes. */
static void catch_signals(bool on) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on ? on_signal : SIG_DFL;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < ARRAY_LEN(sigs); i++)
        sigaction(sigs[i], &sa, NULL);
}

/* Reports a child that ended; returns its exit code. */
static int job_ended(Job *j, int status) {
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    remove_tmp(j->outdir, j->pid);
    if (got_signal)
        return EXIT_INTERNAL; /* stopped by us; the caller reports the interruption */
    if (j->n == 1)
        cli_error("%s: LLVM stopped with signal %d (%s) while reading this input; it is "
                  "probably invalid IR (LLVM aborts on some broken modules, e.g. with debug "
                  "info); nothing was written for it",
                  j->inputs[0], sig, strsignal(sig));
    else
        cli_error("LLVM stopped with signal %d (%s) while reading or linking the %zu inputs; "
                  "one of them is probably invalid IR; nothing was written",
                  sig, strsignal(sig), j->n);
    return EXIT_INPUT;
}

static int start_job(Job *j, const FactsArgs *a) {
    fflush(stdout);
    fflush(stderr);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        cli_error("fork: %s", strerror(errno));
        return EXIT_INTERNAL;
    }
    if (pid == 0) {
        catch_signals(false);
        signal(SIGPIPE, SIG_DFL);
        /* past a file size limit (ulimit -f) a write fails with EFBIG, reported as an
         * output error, instead of killing the process */
        signal(SIGXFSZ, SIG_IGN);
        /* if the parent dies, so does the child, before it can put anything in place */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(EXIT_INTERNAL);
        FactsArgs child = *a;
        child.opt.fast_exit = true; /* the child _exits right after */
        int code = run_job(j->inputs, j->n, j->outdir, &child);
        _exit(code);
    }
    j->pid = pid;
    return EXIT_OK;
}

/* Runs the jobs, at most `par` at a time; returns the first failing exit code (or
 * EXIT_OK). On SIGINT/SIGTERM/SIGHUP: stops the children, removes their temporary
 * directories, and ends this process with the same signal. */
static int run_jobs(Job *jobs, size_t n, int par, const FactsArgs *a) {
    int rc = EXIT_OK;
    size_t next = 0, running = 0;
    got_signal = 0;
    catch_signals(true);
    while ((next < n || running) && !got_signal) {
        while (next < n && running < (size_t)par && !got_signal) {
            int r = start_job(&jobs[next], a);
            next++;
            if (r != EXIT_OK) {
                if (rc == EXIT_OK)
                    rc = r;
                continue;
            }
            running++;
        }
        if (!running)
            break;
        int status;
        pid_t pid = wait(&status);
        if (pid < 0) {
            if (errno == EINTR)
                continue;
            cli_error("wait: %s", strerror(errno));
            rc = EXIT_INTERNAL;
            break;
        }
        for (size_t k = 0; k < next; k++) {
            if (jobs[k].pid != pid)
                continue;
            int r = job_ended(&jobs[k], status);
            if (r != EXIT_OK && rc == EXIT_OK)
                rc = r;
            jobs[k].pid = 0;
            running--;
        }
    }
    if (got_signal) {
        for (size_t k = 0; k < next; k++)
            if (jobs[k].pid > 0)
                kill(jobs[k].pid, SIGTERM);
        for (size_t k = 0; k < next; k++) {
            if (jobs[k].pid <= 0)
                continue;
            int status;
            while (waitpid(jobs[k].pid, &status, 0) < 0 && errno == EINTR)
                ;
            remove_tmp(jobs[k].outdir, jobs[k].pid);
            jobs[k].pid = 0;
        }
        int sig = got_signal;
        cli_error("interrupted by signal %d (%s); nothing more was written", sig, strsignal(sig));
        catch_signals(false);
        raise(sig);
        return 128 + sig;
    }
    catch_signals(false);
    return rc;
}

int facts_generate(const char *const *inputs, size_t n, const char *outdir) {
    FactsArgs a;
    memset(&a, 0, sizeof a);
    a.opt.verify = true;
    a.opt.format = FACTS_TSV;
    a.jobs = 1;
    Job j = {0, inputs, n, (char *)outdir};
    return run_jobs(&j, 1, 1, &a);
}

/* "dir/x.bc" → "OUT/x" (the input's base name without its extension; "OUT/x.db" for
 * a database). */
static char *separate_dir(const char *outdir, const char *input, FactFormat fmt) {
    const char *b = strrchr(input, '/');
    b = b ? b + 1 : input;
    const char *dot = strrchr(b, '.');
    size_t n = dot && dot != b ? (size_t)(dot - b) : strlen(b);
    StrBuf sb = SB_INIT;
    sb_addf(&sb, "%s/%.*s%s", outdir, (int)n, b, fmt == FACTS_SQLITE ? ".db" : "");
    return sb_detach(&sb, NULL);
}

int cmd_facts(int argc, char **argv) {
    FactsArgs a;
    memset(&a, 0, sizeof a);
    a.opt.verify = true;
    a.opt.format = FACTS_TSV;
    a.jobs = 1;
    a.inputs = mem_calloc((size_t)argc, sizeof(char *));
    if (!a.inputs)
        return EXIT_INTERNAL;
    int rc = EXIT_OK;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "-o") || !strcmp(s, "--output")) {
            if (++i >= argc)
                goto usage;
            a.outdir = argv[i];
        } else if (!strncmp(s, "-o", 2) && s[2]) {
            a.outdir = s + 2;
        } else if (!strcmp(s, "--format")) {
            if (++i >= argc)
                goto usage;
            if (!strcmp(argv[i], "tsv") || !strcmp(argv[i], "facts"))
                a.opt.format = FACTS_TSV;
            else if (!strcmp(argv[i], "csv"))
                a.opt.format = FACTS_CSV;
            else if (!strcmp(argv[i], "sqlite"))
                a.opt.format = FACTS_SQLITE;
            else {
                cli_error("facts: unknown format '%s' (tsv, csv or sqlite)", argv[i]);
                goto usage;
            }
        } else if (!strcmp(s, "-j") || !strcmp(s, "--jobs")) {
            if (++i >= argc)
                goto usage;
            char *end;
            long j = strtol(argv[i], &end, 10);
            if (*end || j < 1 || j > 256) {
                cli_error("facts: -j takes a number from 1 to 256");
                goto usage;
            }
            a.jobs = (int)j;
        } else if (!strcmp(s, "--separate")) {
            a.separate = true;
        } else if (!strcmp(s, "--stats")) {
            a.stats = true;
        } else if (!strcmp(s, "--no-verify")) {
            a.opt.verify = false;
        } else if (!strcmp(s, "--print")) {
            if (++i >= argc)
                goto usage;
            if (!strcmp(argv[i], "auto"))
                a.opt.print = IR_PRINT_AUTO;
            else if (!strcmp(argv[i], "inline"))
                a.opt.print = IR_PRINT_INLINE;
            else if (!strcmp(argv[i], "stream"))
                a.opt.print = IR_PRINT_STREAM;
            else {
                cli_error("facts: unknown --print mode '%s' (auto, inline or stream)", argv[i]);
                goto usage;
            }
        } else if (!strcmp(s, "--in-process")) {
            a.in_process = true;
        } else if (s[0] == '-' && s[1]) {
            cli_error("facts: unknown option '%s'", s);
            goto usage;
        } else {
            a.inputs[a.ninputs++] = s;
        }
    }
    if (!a.outdir || a.ninputs == 0) {
        cli_error("facts: %s", !a.outdir ? (a.opt.format == FACTS_SQLITE ? "missing -o FILE.db"
                                                                          : "missing -o DIR")
                                          : "no input files");
        goto usage;
    }
    StrBuf views = SB_INIT; /* --format sqlite: the views of ir.dl and constraints.dl */
    if (a.opt.format == FACTS_SQLITE) {
        rc = cli_shipped_views(&views);
        if (rc != EXIT_OK) {
            cli_error("facts: cannot translate the shipped Datalog programs into SQL views");
            sb_release(&views);
            mem_free(a.inputs);
            return rc;
        }
        facts_sqlite_views = views.buf; /* lives until exit */
    }
    if (a.in_process) {
        signal(SIGXFSZ, SIG_IGN);
        rc = run_job(a.inputs, a.separate ? 1 : a.ninputs, a.outdir, &a);
        mem_free(a.inputs);
        return rc;
    }
    if (!a.separate) {
        Job j = {0, a.inputs, a.ninputs, (char *)a.outdir};
        rc = run_jobs(&j, 1, 1, &a);
        mem_free(a.inputs);
        return rc;
    }
    Job *jobs = mem_calloc(a.ninputs, sizeof(Job));
    if (!jobs) {
        mem_free(a.inputs);
        return EXIT_INTERNAL;
    }
    for (size_t k = 0; k < a.ninputs && rc == EXIT_OK; k++) {
        jobs[k].inputs = &a.inputs[k];
        jobs[k].n = 1;
        jobs[k].outdir = separate_dir(a.outdir, a.inputs[k], a.opt.format);
        if (!jobs[k].outdir) {
            rc = EXIT_INTERNAL;
            break;
        }
        for (size_t m = 0; m < k; m++)
            if (strcmp(jobs[m].outdir, jobs[k].outdir) == 0) {
                cli_error("facts --separate: %s and %s would both be written to %s; rename one "
                          "of them",
                          a.inputs[m], a.inputs[k], jobs[k].outdir);
                rc = EXIT_USAGE;
                break;
            }
    }
    if (rc == EXIT_OK && mkdir(a.outdir, 0777) != 0 && errno != EEXIST) {
        cli_error("%s: cannot create directory: %s", a.outdir, strerror(errno));
        rc = EXIT_OUTPUT;
    }
    if (rc == EXIT_OK)
        rc = run_jobs(jobs, a.ninputs, a.jobs, &a);
    for (size_t k = 0; k < a.ninputs; k++)
        mem_free(jobs[k].outdir);
    mem_free(jobs);
    mem_free(a.inputs);
    return rc;
usage:
    mem_free(a.inputs);
    return cli_usage("facts");
}
