/*
 * facts_mem.c — the facts of LLVM modules straight into a Datalog program, in memory.
 *
 * `irlog check` and `irlog analyze` do not write fact files: a child process (LLVM aborts
 * on some invalid inputs, so the walk never runs in the parent) reads, links and walks the
 * modules and sends the rows of the relations the program reads down a pipe
 * (fact_sink_open_stream); the parent hands them to the engine (dl_relation_add_text),
 * which parses them at dl_run as if they were the .facts files. Relations the program
 * does not read are dropped in the child. After the rows the child sends its IrStats.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "dl.h"
#include "ir.h"

#define FRAME_STATS 0xFFFFFFFDu

/* Reads exactly n bytes; returns false at EOF or on an error (errno kept). */
static bool read_all(int fd, void *buf, size_t n) {
    char *p = buf;
    while (n) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (r == 0)
                errno = 0;
            return false;
        }
        p += r;
        n -= (size_t)r;
    }
    return true;
}

static bool write_all(int fd, const void *buf, size_t n) {
    const char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* The child: walk and stream; then the stats frame. Never returns. */
static void child_main(const char *const *inputs, size_t n, int fd, const bool *wanted,
                       bool verify) {
    Diags d;
    diags_init(&d);
    IrOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.verify = verify;
    opt.format = FACTS_TSV;
    opt.fast_exit = true;
    opt.stream = true;
    opt.stream_fd = fd;
    opt.wanted = wanted;
    IrStats *stats = mem_calloc(1, sizeof *stats);
    if (!stats)
        _exit(EXIT_INTERNAL);
    Status st = ir_facts(inputs, n, NULL, &opt, &d, stats);
    diags_print(&d, stderr);
    int code = EXIT_OK;
    if (st != OK)
        code = (st == E_NOMEM || st == E_LIMIT || st == E_INTERNAL) ? EXIT_INTERNAL
               : stats->output_failed                                ? EXIT_OUTPUT
                                                                     : EXIT_INPUT;
    if (code == EXIT_OK) {
        uint32_t head[2] = {FRAME_STATS, (uint32_t)sizeof *stats};
        if (!write_all(fd, head, sizeof head) || !write_all(fd, stats, sizeof *stats))
            code = EXIT_OUTPUT;
    }
    fflush(stdout);
    fflush(stderr);
    _exit(code);
}

int facts_into_program(const char *const *inputs, size_t n, DlProgram *prog, bool verify,
                       IrStats *stats_out) {
    /* which relations of the relation table the program reads, and their numbers there */
    bool *wanted = mem_calloc(REL__COUNT, sizeof *wanted);
    size_t *relno = mem_calloc(REL__COUNT, sizeof *relno);
    char *buf = NULL;
    size_t cap = 0;
    int rc = EXIT_INTERNAL;
    int fds[2] = {-1, -1};
    pid_t pid = -1;
    if (!wanted || !relno) {
        cli_error("out of memory");
        goto out;
    }
    for (int r = 0; r < REL__COUNT; r++)
        if (dl_relation_find(prog, facts_rels[r].name, &relno[r]) &&
            dl_relation_needed(prog, relno[r]))
            wanted[r] = true;
    if (pipe(fds) != 0) {
        cli_error("pipe: %s", strerror(errno));
        goto out;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t parent = getpid();
    pid = fork();
    if (pid < 0) {
        cli_error("fork: %s", strerror(errno));
        goto out;
    }
    if (pid == 0) {
        close(fds[0]);
        /* the parent's handlers (progress.c: SIGINT/SIGTERM stop an evaluation at its
         * next check) would keep a child that is told to stop walking on */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(EXIT_INTERNAL);
        child_main(inputs, n, fds[1], wanted, verify);
    }
    close(fds[1]);
    fds[1] = -1;

    bool ended = false, have_stats = false;
    IrStats stats;
    memset(&stats, 0, sizeof stats);
    rc = EXIT_OK;
    for (;;) {
        uint32_t head[2];
        if (!read_all(fds[0], head, sizeof head)) {
            if (errno) {
                cli_error("reading the facts from the walker: %s", strerror(errno));
                rc = EXIT_INTERNAL;
            }
            break;
        }
        if (head[1] > cap) {
            char *nb = mem_realloc(buf, head[1]);
            if (!nb) {
                cli_error("out of memory");
                rc = EXIT_INTERNAL;
                break;
            }
            buf = nb;
            cap = head[1];
        }
        if (head[1] && !read_all(fds[0], buf, head[1])) {
            cli_error("the walker's stream ended in the middle of a frame");
            rc = EXIT_INTERNAL;
            break;
        }
        if (head[0] == FACT_FRAME_RESET) {
            dl_relation_clear_text(prog);
            ended = false;
        } else if (head[0] == FACT_FRAME_END) {
            ended = true;
        } else if (head[0] == FRAME_STATS) {
            if (head[1] == sizeof stats) {
                memcpy(&stats, buf, sizeof stats);
                have_stats = true;
            }
        } else if (head[0] < REL__COUNT && wanted[head[0]]) {
            if (dl_relation_add_text(prog, relno[head[0]], buf, head[1]) != OK) {
                cli_error("out of memory");
                rc = EXIT_INTERNAL;
                break;
            }
        } else {
            cli_error("the walker sent an unknown frame (%u)", head[0]);
            rc = EXIT_INTERNAL;
            break;
        }
    }
    close(fds[0]);
    fds[0] = -1;
    if (rc != EXIT_OK)
        kill(pid, SIGTERM);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    pid = -1;
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (rc == EXIT_OK) {
            cli_error("LLVM stopped with signal %d (%s) while reading %s; it is probably "
                      "invalid IR",
                      sig, strsignal(sig), n == 1 ? inputs[0] : "or linking the inputs");
            rc = EXIT_INPUT;
        }
    } else if (WIFEXITED(status) && WEXITSTATUS(status) != EXIT_OK) {
        if (rc == EXIT_OK)
            rc = WEXITSTATUS(status);
    } else if (rc == EXIT_OK && (!ended || !have_stats)) {
        cli_error("the walker ended without sending every relation");
        rc = EXIT_INTERNAL;
    }
    if (rc == EXIT_OK) {
        /* relations that got no row are empty, not missing: their files are not read */
        for (int r = 0; r < REL__COUNT; r++)
            if (wanted[r] && dl_relation_add_text(prog, relno[r], "", 0) != OK) {
                cli_error("out of memory");
                rc = EXIT_INTERNAL;
                break;
            }
        if (stats_out)
            *stats_out = stats;
    } else {
        dl_relation_clear_text(prog);
    }
out:
    if (fds[0] >= 0)
        close(fds[0]);
    if (fds[1] >= 0)
        close(fds[1]);
    mem_free(buf);
    mem_free(wanted);
    mem_free(relno);
    return rc;
}
