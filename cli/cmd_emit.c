/*
 * cmd_emit.c — `irlog emit FACTDIR|INPUT... -o OUT.ll|-`: LLVM 19 assembly rebuilt from
 * the relations (docs/emit.md).
 *
 * A directory argument is read as a fact directory; otherwise the arguments are LLVM IR
 * inputs whose facts are generated first into a temporary directory (removed after).
 * The output is written under a temporary name beside OUT and renamed only on success;
 * `-o -` writes to stdout. Exit codes: 0, 2 usage, 3 bad or inconsistent facts, 4 the
 * output could not be written, 5 out of memory.
 */
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "emit.h"
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
    StrBuf tmp = SB_INIT;
    sb_addf(&tmp, "%s.tmp.%ld", out, (long)getpid());
    if (tmp.oom)
        return EXIT_INTERNAL;
    FILE *f = fopen(tmp.buf, "wb");
    if (!f) {
        cli_error("cannot write %s: %s", out, strerror(errno));
        sb_release(&tmp);
        return EXIT_OUTPUT;
    }
    bool ok = fwrite(text->buf, 1, text->len, f) == text->len;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp.buf, out) != 0) {
        cli_error("cannot write %s: %s", out, strerror(errno));
        remove(tmp.buf);
        sb_release(&tmp);
        return EXIT_OUTPUT;
    }
    sb_release(&tmp);
    return EXIT_OK;
}

int cmd_emit(int argc, char **argv) {
    const char *out = NULL;
    const char **inputs = mem_calloc((size_t)argc + 1, sizeof *inputs);
    size_t n = 0;
    if (!inputs)
        return EXIT_INTERNAL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out = argv[++i];
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
    size_t olen = strlen(out);
    if (olen > 3 && !strcmp(out + olen - 3, ".bc")) {
        cli_error("emit: bitcode output is not supported yet; write .ll and use llvm-as-19");
        mem_free(inputs);
        return EXIT_USAGE;
    }
    struct stat st;
    const char *factdir = inputs[0];
    char tmpdir[] = "/tmp/irlog-emit.XXXXXX";
    bool made = false;
    int rc = EXIT_OK;
    if (n > 1 || stat(inputs[0], &st) != 0 || !S_ISDIR(st.st_mode)) {
        /* IR inputs: their facts first */
        if (!mkdtemp(tmpdir)) {
            cli_error("cannot create a temporary directory: %s", strerror(errno));
            mem_free(inputs);
            return EXIT_OUTPUT;
        }
        made = true;
        StrBuf fd = SB_INIT;
        sb_addf(&fd, "%s/facts", tmpdir);
        rc = facts_generate(inputs, n, fd.buf);
        factdir = NULL;
        if (rc == EXIT_OK) {
            Diags d;
            diags_init(&d);
            StrBuf text = SB_INIT;
            Status s = emit_ll_from_facts(fd.buf, &text, &d);
            diags_print(&d, stderr);
            diags_release(&d);
            rc = s == OK ? write_output(out, &text) : s == E_NOMEM ? EXIT_INTERNAL : EXIT_INPUT;
            sb_release(&text);
        }
        sb_release(&fd);
        rm_tree(tmpdir);
        mem_free(inputs);
        return rc;
    }
    (void)made;
    Diags d;
    diags_init(&d);
    StrBuf text = SB_INIT;
    Status s = emit_ll_from_facts(factdir, &text, &d);
    diags_print(&d, stderr);
    diags_release(&d);
    if (s != OK) {
        if (s == E_NOMEM)
            cli_error("out of memory");
        else
            cli_error("%s: the facts do not describe a module (%s)", factdir, status_str(s));
        rc = s == E_NOMEM ? EXIT_INTERNAL : EXIT_INPUT;
    } else {
        rc = write_output(out, &text);
    }
    sb_release(&text);
    mem_free(inputs);
    return rc;
}
