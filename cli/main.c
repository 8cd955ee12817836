/* main.c — dispatch of the irlog commands (table in commands.def). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "facts.h"

typedef struct Command {
    const char *name;
    int (*fn)(int, char **);
    const char *usage;
    const char *summary;
} Command;

static const Command commands[] = {
#define CMD(name, fn, usage, summary) {#name, fn, usage, summary},
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

const EmbeddedFile *cli_embedded(const char *name) {
    for (size_t i = 0; i < embedded_datalog_count; i++)
        if (strcmp(embedded_datalog[i].name, name) == 0)
            return &embedded_datalog[i];
    return NULL;
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
        if (strcmp(commands[i].name, argv[1]) == 0)
            return commands[i].fn(argc - 1, argv + 1);
    cli_error("unknown command '%s' (see 'irlog --help')", argv[1]);
    return EXIT_USAGE;
}
