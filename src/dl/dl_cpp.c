/*
 * dl_cpp.c — the C preprocessor, run the way Souffle runs it, only when it is needed.
 *
 * Owns: deciding whether a program needs preprocessing (a line starting with `#`, or
 * macro definitions given by the caller) and running the system `cpp` (override with the
 * IRLOG_CPP environment variable) with the including file's directory on the include
 * path. The output keeps `# line "file"` markers, which the lexer follows, so
 * diagnostics name the right file and line (columns after the first token of a line may
 * shift where cpp collapsed blanks). Programs without directives are never preprocessed,
 * so their columns are exact.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dl_int.h"

extern char **environ;

bool dl_cpp_needed(const char *text, size_t len) {
    bool bol = true;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '\n')
            bol = true;
        else if (c == ' ' || c == '\t' || c == '\r')
            continue;
        else {
            if (bol && c == '#')
                return true;
            bol = false;
        }
    }
    return false;
}

static int make_temp(char *tmpl) {
    return mkstemp(tmpl);
}

Status dl_cpp_run(const char *path, const char *name, const char *text, size_t len,
                  const char *const *defines, char **out, size_t *outlen, Diags *d) {
    Status st = OK;
    SrcLoc loc = {name, 0, 0};
    const char *tmpdir = getenv("TMPDIR");
    if (!tmpdir || !tmpdir[0])
        tmpdir = "/tmp";
    char in_tmp[4096] = "", out_tmp[4096], err_tmp[4096];
    snprintf(out_tmp, sizeof out_tmp, "%s/irlog-cpp-out-XXXXXX", tmpdir);
    snprintf(err_tmp, sizeof err_tmp, "%s/irlog-cpp-err-XXXXXX", tmpdir);
    int ofd = make_temp(out_tmp), efd = make_temp(err_tmp), ifd = -1;
    Vec(char *) argv = {0};
    char *incdir = NULL;
    if (ofd < 0 || efd < 0) {
        diags_add(d, DIAG_ERROR, loc, "cannot create a temporary file in %s: %s", tmpdir,
                  strerror(errno));
        st = E_IO;
        goto fail;
    }
    if (!path) {
        snprintf(in_tmp, sizeof in_tmp, "%s/irlog-cpp-in-XXXXXX", tmpdir);
        ifd = make_temp(in_tmp);
        if (ifd < 0 || write(ifd, text, len) != (ssize_t)len) {
            diags_add(d, DIAG_ERROR, loc, "cannot write a temporary file in %s", tmpdir);
            st = E_IO;
            goto fail;
        }
        lseek(ifd, 0, SEEK_SET);
    }
    const char *cpp = getenv("IRLOG_CPP");
    if (!cpp || !cpp[0])
        cpp = "cpp";
    const char *src = path ? path : name;
    const char *slash = strrchr(src, '/');
    incdir = slash ? mem_strndup(src, (size_t)(slash - src)) : mem_strdup(".");
    if (!incdir) {
        st = E_NOMEM;
        goto fail;
    }
    static char a_x[] = "-x", a_c[] = "c", a_undef[] = "-undef", a_nostdinc[] = "-nostdinc",
                a_w[] = "-w", a_i[] = "-I", a_d[] = "-D", a_stdin[] = "-",
                a_ram[] = "-DRAM_DOMAIN_SIZE=64"; /* as Souffle defines it (64-bit values) */
    char *fixed[] = {(char *)cpp, a_x, a_c, a_undef, a_nostdinc, a_w, a_ram, a_i, incdir};
    for (size_t i = 0; i < ARRAY_LEN(fixed); i++)
        TRY(vec_push(&argv, fixed[i]));
    for (size_t i = 0; defines && defines[i]; i++) {
        TRY(vec_push(&argv, a_d));
        TRY(vec_push(&argv, (char *)defines[i]));
    }
    TRY(vec_push(&argv, path ? (char *)path : a_stdin));
    TRY(vec_push(&argv, NULL));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (ifd >= 0)
        posix_spawn_file_actions_adddup2(&fa, ifd, 0);
    posix_spawn_file_actions_adddup2(&fa, ofd, 1);
    posix_spawn_file_actions_adddup2(&fa, efd, 2);
    pid_t pid;
    int rc = posix_spawnp(&pid, cpp, &fa, NULL, argv.v, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        diags_add(d, DIAG_ERROR, loc,
                  "the program uses #include/#define, but the C preprocessor '%s' could not be "
                  "run: %s",
                  cpp, strerror(rc));
        st = E_IO;
        goto fail;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char *err = NULL;
        size_t en = 0;
        if (sb_read_file(err_tmp, &err, &en) == OK && en) {
            /* report cpp's own messages, one diagnostic per line */
            char *s = err;
            while (*s) {
                char *nl = strchr(s, '\n');
                if (nl)
                    *nl = '\0';
                if (*s)
                    diags_add(d, DIAG_ERROR, (SrcLoc){NULL, 0, 0}, "preprocessor: %s", s);
                if (!nl)
                    break;
                s = nl + 1;
            }
        } else
            diags_add(d, DIAG_ERROR, loc, "the C preprocessor failed");
        mem_free(err);
        st = E_SYNTAX;
        goto fail;
    }
    st = sb_read_file(out_tmp, out, outlen);
fail:
    if (ofd >= 0) {
        close(ofd);
        unlink(out_tmp);
    }
    if (efd >= 0) {
        close(efd);
        unlink(err_tmp);
    }
    if (ifd >= 0) {
        close(ifd);
        unlink(in_tmp);
    }
    mem_free(incdir);
    vec_release(&argv);
    return st;
}
