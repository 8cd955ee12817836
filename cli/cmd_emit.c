/*
 * cmd_emit.c — `irlog emit FACTDIR|INPUT... -o OUT.ll|OUT.bc|- [--verify]`: LLVM 19
 * assembly (or bitcode) rebuilt from the relations (docs/emit.md).
 *
 * A directory argument is read as a fact directory; otherwise the arguments are LLVM IR
 * inputs whose facts are generated first into a temporary directory (removed after).
 * The output is written under a temporary name beside OUT and renamed only on success;
 * `-o -` writes to stdout. OUT.bc: the text is parsed, verified and written as bitcode
 * by LLVM (ir_text_to_bitcode) in a child process, so that LLVM stopping on some text
 * cannot take irlog with it; --verify does the same checks for text output.
 * Exit codes: 0, 2 usage, 3 bad or inconsistent facts (also: LLVM's parser or verifier
 * rejects the rebuilt module), 4 the output could not be written, 5 out of memory.
 */
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "emit.h"
#include "ir.h"
#include "strbuf.h"

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void rm_tree(const char *dir) {
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static int write_output(const char *out, const StrBuf *text) {
    if (!strcmp(out, "-")) {
        if (fwrite(text->buf, 1, text->len, stdout) != text->len || fflush(stdout) != 0) {
            cli_error("cannot write to stdout: %s", strerror(errno));
            return EXIT_OUTPUT;
        }
        return EXIT_OK;
    }
    int err = cli_write_file(out, text->buf, text->len);
    if (err == ENOMEM)
        return EXIT_INTERNAL;
    if (err) {
        cli_error("cannot write %s: %s", out, strerror(err));
        return EXIT_OUTPUT;
    }
    return EXIT_OK;
}

/* ---- checking with LLVM, and bitcode, in a child process ---- */

static volatile sig_atomic_t child_pid, got_signal;

static void forward_signal(int sig) {
    got_signal = sig;
    if (child_pid > 0)
        kill((pid_t)child_pid, sig);
}

static const int fwd_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void catch_signals(bool on, struct sigaction *old) {
    for (size_t k = 0; k < sizeof fwd_signals / sizeof *fwd_signals; k++) {
        if (on) {
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = forward_signal;
            sigemptyset(&sa.sa_mask);
            sigaction(fwd_signals[k], &sa, &old[k]);
        } else {
            sigaction(fwd_signals[k], &old[k], NULL);
        }
    }
}

/* Runs ir_text_to_bitcode(text, what, bc_path) in a child process; bc_path NULL: only
 * parse and verify. Returns an exit code; on failure bc_path does not exist. A signal
 * that stops irlog meanwhile is passed to the child; then bc_path is removed and this
 * process ends with that signal. */
static int llvm_check(const StrBuf *text, const char *what, const char *bc_path) {
    fflush(stdout);
    fflush(stderr);
    struct sigaction old[3];
    got_signal = 0;
    catch_signals(true, old);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        catch_signals(false, old);
        cli_error("fork: %s", strerror(errno));
        return EXIT_INTERNAL;
    }
    if (pid == 0) {
        catch_signals(false, old);
        for (size_t k = 0; k < sizeof fwd_signals / sizeof *fwd_signals; k++)
            signal(fwd_signals[k], SIG_DFL);
        signal(SIGXFSZ, SIG_IGN); /* past ulimit -f: a write error, not a signal */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(EXIT_INTERNAL);
        Diags d;
        diags_init(&d);
        Status s = ir_text_to_bitcode(text->buf ? text->buf : "", text->len, what, bc_path, &d);
        diags_print(&d, stderr);
        fflush(stderr);
        _exit(s == OK ? EXIT_OK
              : s == E_IO ? EXIT_OUTPUT
              : s == E_NOMEM ? EXIT_INTERNAL
                             : EXIT_INPUT);
    }
    child_pid = pid;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            cli_error("waitpid: %s", strerror(errno));
            status = EXIT_INTERNAL << 8;
            break;
        }
    }
    child_pid = 0;
    catch_signals(false, old);
    int rc;
    if (WIFEXITED(status)) {
        rc = WEXITSTATUS(status);
        if (rc != EXIT_OK && rc != EXIT_INPUT && rc != EXIT_OUTPUT && rc != EXIT_INTERNAL) {
            /* LLVM's report_fatal_error exits by itself (status 1) */
            cli_error("LLVM stopped (exit status %d) while reading the rebuilt module; nothing "
                      "was written",
                      rc);
            rc = EXIT_INPUT;
        }
    } else {
        int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        if (!got_signal)
            cli_error("LLVM stopped with signal %d (%s) while reading the rebuilt module; "
                      "nothing was written",
                      sig, strsignal(sig));
        rc = EXIT_INPUT;
    }
    if (rc != EXIT_OK && bc_path)
        remove(bc_path);
    if (got_signal) {
        if (bc_path)
            remove(bc_path);
        cli_error("interrupted by signal %d (%s); nothing was written", (int)got_signal,
                  strsignal(got_signal));
        signal(got_signal, SIG_DFL);
        raise(got_signal);
        return 128 + got_signal;
    }
    return rc;
}

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && !strcmp(s + n - m, suffix);
}

/* The module's text is ready: writes it to out (text), or has LLVM check it and write
 * bitcode (out.bc), or check it first (verify). */
static int finish(const char *out, const StrBuf *text, bool verify) {
    StrBuf what = SB_INIT;
    sb_addf(&what, "%s (the text irlog emit rebuilt)", strcmp(out, "-") ? out : "<stdout>");
    if (what.oom)
        return EXIT_INTERNAL;
    int rc = EXIT_OK;
    if (ends_with(out, ".bc")) {
        StrBuf tmp = SB_INIT;
        bool in_place = path_is_special(out); /* a device: written, not replaced */
        if (in_place)
            sb_adds(&tmp, out);
        else
            sb_addf(&tmp, "%s.tmp.%ld", out, (long)getpid());
        if (tmp.oom) {
            sb_release(&what);
            return EXIT_INTERNAL;
        }
        rc = llvm_check(text, what.buf, tmp.buf);
        if (rc == EXIT_OK && !in_place && rename(tmp.buf, out) != 0) {
            cli_error("cannot write %s: %s", out, strerror(errno));
            remove(tmp.buf);
            rc = EXIT_OUTPUT;
        }
        if (rc == EXIT_OUTPUT)
            cli_error("cannot write %s (a temporary file beside it could not be written)", out);
        if (rc == EXIT_INPUT)
            cli_error("%s: the rebuilt module is not valid LLVM IR (its text, with the line "
                      "numbers above, is what -o FILE.ll writes); nothing was written",
                      out);
        sb_release(&tmp);
    } else {
        if (verify) {
            rc = llvm_check(text, what.buf, NULL);
            if (rc == EXIT_INPUT)
                cli_error("%s: the rebuilt module is not valid LLVM IR; nothing was written "
                          "(without --verify the text is written as it is)",
                          out);
        }
        if (rc == EXIT_OK)
            rc = write_output(out, text);
    }
    sb_release(&what);
    return rc;
}

int cmd_emit(int argc, char **argv) {
    const char *out = NULL;
    bool verify = false;
    const char **inputs = mem_calloc((size_t)argc + 1, sizeof *inputs);
    size_t n = 0;
    if (!inputs)
        return EXIT_INTERNAL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "--verify")) {
            verify = true;
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            mem_free(inputs);
            return cli_usage("emit");
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("emit: unknown option '%s'", argv[i]);
            mem_free(inputs);
            return cli_usage("emit");
        } else {
            inputs[n++] = argv[i];
        }
    }
    if (!out || n == 0) {
        mem_free(inputs);
        return cli_usage("emit");
    }
    struct stat st;
    const char *factdir = inputs[0];
    char tmpdir[] = "/tmp/irlog-emit.XXXXXX";
    StrBuf fd = SB_INIT;
    int rc = EXIT_OK;
    bool made = false;
    if (n > 1 || stat(inputs[0], &st) != 0 || !S_ISDIR(st.st_mode)) {
        /* IR inputs: their facts first */
        if (!mkdtemp(tmpdir)) {
            cli_error("cannot create a temporary directory: %s", strerror(errno));
            mem_free(inputs);
            return EXIT_OUTPUT;
        }
        made = true;
        sb_addf(&fd, "%s/facts", tmpdir);
        if (fd.oom)
            rc = EXIT_INTERNAL;
        else
            rc = facts_generate(inputs, n, fd.buf);
        factdir = fd.buf;
    }
    if (rc == EXIT_OK) {
        Diags d;
        diags_init(&d);
        StrBuf text = SB_INIT;
        Status s = emit_ll_from_facts(factdir, &text, &d);
        diags_print(&d, stderr);
        diags_release(&d);
        if (s != OK) {
            if (s == E_NOMEM)
                cli_error("out of memory");
            else if (!made)
                cli_error("%s: the facts do not describe a module (%s)", factdir, status_str(s));
            rc = s == E_NOMEM ? EXIT_INTERNAL : EXIT_INPUT;
        } else {
            rc = finish(out, &text, verify);
        }
        sb_release(&text);
    }
    if (made)
        rm_tree(tmpdir);
    sb_release(&fd);
    mem_free(inputs);
    return rc;
}
