/* main.c — dispatch of the irlog commands (table in commands.def). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "facts.h"

typedef struct Command {
    const char *name;
    int (*fn)(int, char **);
    const char *usage;
    const char *summary;
    const char *doc; /* where every option is documented; NULL: the command's own --help */
} Command;

static const Command commands[] = {
#define CMD(name, fn, usage, summary, doc) {#name, fn, usage, summary, doc},
#include "commands.def"
#undef CMD
};

void cli_json_str(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

void cli_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("irlog: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int cli_write_file(const char *path, const char *buf, size_t len) {
    bool in_place = path_is_special(path);
    StrBuf tmp = SB_INIT;
    if (in_place)
        sb_adds(&tmp, path);
    else
        sb_addf(&tmp, "%s.tmp.%ld", path, (long)getpid());
    if (tmp.oom)
        return ENOMEM;
    int err = 0;
    FILE *f = fopen(tmp.buf, "wb");
    if (!f)
        err = errno;
    else {
        if (fwrite(buf, 1, len, f) != len)
            err = errno ? errno : EIO;
        if (fclose(f) != 0 && !err)
            err = errno;
        if (!err && !in_place && rename(tmp.buf, path) != 0)
            err = errno;
        if (err && !in_place)
            unlink(tmp.buf);
    }
    sb_release(&tmp);
    return err;
}

const EmbeddedFile *cli_embedded(const char *name) {
    for (size_t i = 0; i < embedded_datalog_count; i++)
        if (strcmp(embedded_datalog[i].name, name) == 0)
            return &embedded_datalog[i];
    return NULL;
}

/* Whether the line [p, end) is `#include "F"` of a shipped file F: its name, after
 * directories of the shipped tree ("../schema.dl" in datalog/analysis/, and
 * "analysis/pointsto.dl" from datalog/): any "./", "../" or "analysis/" before it. */
static bool includes_shipped(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (end - p < 10 || strncmp(p, "#include \"", 10) != 0)
        return false;
    p += 10;
    const char *q = memchr(p, '"', (size_t)(end - p));
    if (!q)
        return false;
    static const char *const dirs[] = {"./", "../", "analysis/"};
    for (bool more = true; more;) {
        more = false;
        for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++) {
            size_t n = strlen(dirs[k]);
            if ((size_t)(q - p) > n && strncmp(p, dirs[k], n) == 0) {
                p += n;
                more = true;
            }
        }
    }
    for (size_t i = 0; i < embedded_datalog_count; i++)
        if (strlen(embedded_datalog[i].name) == (size_t)(q - p) &&
            memcmp(embedded_datalog[i].name, p, (size_t)(q - p)) == 0)
            return true;
    return false;
}

void cli_add_program_text(StrBuf *sb, const char *text, size_t len) {
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl + 1 : end;
        if (includes_shipped(p, le))
            sb_adds(sb, "\n");
        else
            sb_add(sb, p, (size_t)(le - p));
        p = le;
    }
    if (len && text[len - 1] != '\n')
        sb_addc(sb, '\n');
}

int cli_usage(const char *cmd) {
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, cmd) == 0)
            fprintf(stderr, "usage: irlog %s\n", commands[i].usage);
    return EXIT_USAGE;
}

static void usage(FILE *out) {
    fprintf(out, "irlog %s — LLVM IR as relations, and Datalog over them\n\nusage:\n", IRLOG_VERSION);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  irlog %s\n      %s\n", commands[i].usage, commands[i].summary);
    fputs("\nexit codes: 0 ok, 1 violations (check), 2 usage, 3 bad input, 4 output error,\n"
          "            5 resource limit or internal error\n",
          out);
}

int main(int argc, char **argv) {
    diags_program = "irlog";
    facts_irlog_version = IRLOG_VERSION; /* recorded in the databases it writes */
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("irlog %s\n", IRLOG_VERSION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, argv[1]) == 0) {
            const Command *c = &commands[i];
            for (int k = 2; c->doc && k < argc; k++)
                if (!strcmp(argv[k], "-h") || !strcmp(argv[k], "--help")) {
                    printf("usage: irlog %s\n%s\nevery option and the exit codes: %s\n", c->usage,
                           c->summary, c->doc);
                    return EXIT_OK;
                }
            return c->fn(argc - 1, argv + 1);
        }
    cli_error("unknown command '%s' (see 'irlog --help')", argv[1]);
    return EXIT_USAGE;
}
