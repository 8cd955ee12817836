/*
 * cmd_run.c — `irlog run PROGRAM.dl [-F FACTDIR] [-D OUTDIR|-] [-j N]`: evaluates a
 * Datalog program with Souffle's flags (options before or after the program).
 * Exit: 0 ok, 2 usage, 3 bad program or input facts, 4 outputs not written,
 * 5 memory limit or internal error.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dl.h"

static const char run_help[] =
    "usage: irlog run PROGRAM.dl [options]\n"
    "  -F, --fact-dir=DIR     read .input facts from DIR (default .)\n"
    "  -D, --output-dir=DIR   write .output relations to DIR (default .); '-' prints them\n"
    "  -j, --jobs=N           worker threads (default 1; 'auto' = all cores)\n"
    "  -M, --macro='A=1 B'    C preprocessor definitions (repeatable)\n"
    "      --max-memory=SIZE  stop when relations exceed SIZE (K, M, G suffixes;\n"
    "                         default 3/4 of physical memory; 0 = no limit)\n"
    "  -w, --no-warn          do not print warnings\n"
    "  -q, --quiet            no progress line (shown only when stderr is a terminal)\n"
    "      --max-iterations=N stop each recursive stratum after N iterations, fixpoint or\n"
    "                         not (a warning says so; the results are then incomplete: for\n"
    "                         measuring programs that do not finish)\n"
    "      --max-time=SECONDS stop the evaluation after SECONDS (exit 5, nothing written; the\n"
    "                         error names the stratum, its largest relations and the\n"
    "                         rules deriving the ones that grew most)\n"
    "      --profile          print each rule's time and emitted tuples on stderr, slowest\n"
    "                         first (rules then run on one thread)\n";

/* Matches -X VALUE, -XVALUE, --long=VALUE, --long VALUE. Advances *i. */
static bool opt_value(int argc, char **argv, int *i, char s, const char *l, const char **val,
                      bool *missing) {
    const char *a = argv[*i];
    size_t ln = strlen(l);
    if (a[0] == '-' && a[1] == s && a[1] != '-') {
        if (a[2]) {
            *val = a + 2;
            return true;
        }
        if (*i + 1 >= argc) {
            *missing = true;
            return true;
        }
        *val = argv[++*i];
        return true;
    }
    if (a[0] == '-' && a[1] == '-' && strncmp(a + 2, l, ln) == 0) {
        if (a[2 + ln] == '=') {
            *val = a + 3 + ln;
            return true;
        }
        if (a[2 + ln] == '\0') {
            if (*i + 1 >= argc) {
                *missing = true;
                return true;
            }
            *val = argv[++*i];
            return true;
        }
    }
    return false;
}

/* A usage error of an option: its message, the usage line, exit 2 (frees macros). */
static int bad_option(char *macros, const char *msg) {
    cli_error("run: %s", msg);
    mem_free(macros);
    return cli_usage("run");
}

static bool parse_size(const char *s, size_t *out) {
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s)
        return false;
    unsigned long long mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1ull << 10, end++;
    else if (*end == 'm' || *end == 'M')
        mul = 1ull << 20, end++;
    else if (*end == 'g' || *end == 'G')
        mul = 1ull << 30, end++;
    if (*end == 'b' || *end == 'B')
        end++;
    if (*end)
        return false;
    *out = v == 0 ? SIZE_MAX : (size_t)(v * mul);
    return true;
}

static void print_diags(const Diags *d, bool warnings) {
    if (warnings) {
        diags_print(d, stderr);
        return;
    }
    for (size_t i = 0; i < d->v.len; i++)
        if (d->v.v[i].severity == DIAG_ERROR) {
            Diags one = *d;
            one.v.v = &d->v.v[i];
            one.v.len = 1;
            diags_print(&one, stderr);
        }
}

int cmd_run(int argc, char **argv) {
    const char *prog = NULL;
    DlRunOptions o;
    dl_run_options_init(&o);
    o.free_dead = true; /* only the outputs are read after the run */
    o.slice_outputs = true;
    bool warnings = true, quiet = false;
    char *macros = NULL;
    const char *defs[256];
    size_t ndefs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL;
        bool missing = false;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(run_help, stdout);
            return EXIT_OK;
        }
        if (!strcmp(a, "-w") || !strcmp(a, "--no-warn")) {
            warnings = false;
            continue;
        }
        if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            quiet = true;
            continue;
        }
        if (!strcmp(a, "--profile")) {
            o.profile = stderr;
            continue;
        }
        if (opt_value(argc, argv, &i, 'F', "fact-dir", &val, &missing)) {
            o.fact_dir = val;
        } else if (opt_value(argc, argv, &i, 'D', "output-dir", &val, &missing)) {
            o.output_dir = val;
        } else if (opt_value(argc, argv, &i, 'j', "jobs", &val, &missing)) {
            if (val && !strcmp(val, "auto")) {
                long n = sysconf(_SC_NPROCESSORS_ONLN);
                o.jobs = n > 0 ? (unsigned)n : 1;
            } else if (val) {
                char *end;
                long n = strtol(val, &end, 10);
                if (*end || n < 1 || n > 64) {
                    cli_error("run: -j expects a number of threads from 1 to 64 or 'auto', not '%s'",
                              val);
                    return cli_usage("run");
                }
                o.jobs = (unsigned)n;
            }
        } else if (opt_value(argc, argv, &i, 'M', "macro", &val, &missing)) {
            if (val) { /* several -M add up; split when all are read */
                size_t n0 = macros ? strlen(macros) : 0, n1 = strlen(val);
                char *m = mem_alloc(n0 + n1 + 2);
                if (!m) {
                    mem_free(macros);
                    cli_error("out of memory");
                    return EXIT_INTERNAL;
                }
                if (n0)
                    memcpy(m, macros, n0);
                m[n0] = ' ';
                memcpy(m + n0 + 1, val, n1 + 1);
                mem_free(macros);
                macros = m;
            }
        } else if (!strncmp(a, "--max-memory", 12)) {
            if (!opt_value(argc, argv, &i, '\0', "max-memory", &val, &missing) || missing ||
                !parse_size(val, &o.max_memory))
                return bad_option(macros, "--max-memory expects a size such as 512M or 4G");
        } else if (!strncmp(a, "--max-time", 10)) {
            if (!opt_value(argc, argv, &i, '\0', "max-time", &val, &missing) || missing ||
                !cli_parse_seconds(val, &o.max_seconds))
                return bad_option(macros, "--max-time expects a number of seconds greater than 0");
        } else if (!strncmp(a, "--max-iterations", 16)) {
            char *end = NULL;
            long n = 0;
            if (opt_value(argc, argv, &i, '\0', "max-iterations", &val, &missing) && !missing)
                n = strtol(val, &end, 10);
            if (!end || *end || end == val || n < 1 || n > 1000000000)
                return bad_option(macros,
                                  "--max-iterations expects a number of iterations from 1 to "
                                  "1000000000");
            o.max_iterations = (uint32_t)n;
        } else if (a[0] == '-' && a[1]) {
            cli_error("run: unknown option '%s'", a);
            mem_free(macros);
            return cli_usage("run");
        } else if (!prog) {
            prog = a;
        } else {
            cli_error("run: more than one program given ('%s' and '%s')", prog, a);
            mem_free(macros);
            return cli_usage("run");
        }
        if (missing) {
            cli_error("run: option '%s' needs a value", a);
            mem_free(macros);
            return cli_usage("run");
        }
    }
    if (!prog) {
        cli_error("run: no program given");
        mem_free(macros);
        return cli_usage("run");
    }
    for (char *t = macros ? strtok(macros, " \t") : NULL; t && ndefs < 255; t = strtok(NULL, " \t"))
        defs[ndefs++] = t;
    defs[ndefs] = NULL;
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    int rc = EXIT_OK;
    Status st = dl_program_load(&p, prog, ndefs ? defs : NULL, &d);
    if (st == OK) {
        progress_init(quiet);
        o.progress = progress_on() ? progress_dl : NULL;
        o.interrupt = interrupt_begin();
        st = dl_run(p, &o, &d);
        int sig = interrupt_end();
        progress_done();
        if (st != OK) {
            if (sig)
                rc = 128 + sig;
            else if (st == E_LIMIT || st == E_NOMEM || st == E_INTERNAL)
                rc = EXIT_INTERNAL;
            else if (dl_run_phase(p) == DL_PHASE_OUTPUT)
                rc = EXIT_OUTPUT;
            else
                rc = EXIT_INPUT;
        }
    } else
        rc = (st == E_NOMEM || st == E_LIMIT || st == E_INTERNAL) ? EXIT_INTERNAL : EXIT_INPUT;
    fflush(stdout);
    print_diags(&d, warnings);
    if (st == E_NOMEM)
        cli_error("out of memory");
    else if (st == E_INTERNAL)
        cli_error("internal error");
    else if (st != OK && d.nerrors == 0)
        cli_error("run failed: %s", status_str(st));
    diags_release(&d);
    dl_program_free(p);
    mem_free(macros);
    return rc;
}
