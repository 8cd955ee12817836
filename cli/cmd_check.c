/*
 * cmd_check.c — `irlog check INPUT...|FACTDIR`: the integrity constraints of the IR.
 *
 * Runs the shipped programs (the schema from the relation table, datalog/ir.dl and
 * datalog/constraints.dl, embedded in the binary) on the embedded engine over a fact
 * directory, or over the facts of the given modules (streamed from the walker into the
 * engine in memory: facts_mem.c), and prints the violations grouped by constraint.
 * Exit status: 0 nothing violated, 1 violations, 2 any error (this command's contract,
 * as for linters; the other commands use 2 for usage and 3+ for other errors).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "dl.h"
#include "strbuf.h"

enum { CHECK_OK = 0, CHECK_VIOLATIONS = 1, CHECK_ERROR = 2 };

/* Rules only the command needs: where each violating entity is, for the report. */
static const char check_extras[] =
    "\n.decl check_where_opcode(e: symbol, opcode: symbol)\n"
    "check_where_opcode(E, O) :- constraint_violation(_, E, _), instruction_opcode(E, O).\n"
    ".decl check_where_line(e: symbol, file: symbol, line: number)\n"
    "check_where_line(E, F, L) :- constraint_violation(_, E, _),\n"
    "    instruction_debug_location(E, L, _, S), di_node_file(S, N), di_file_filename(N, F).\n";

/* Builds the whole check program. */
static bool build_program(StrBuf *sb) {
    if (!cli_constraints_program(sb))
        return false;
    sb_adds(sb, check_extras);
    return !sb->oom;
}

typedef struct Violation {
    const char *constraint, *entity, *detail;
    const char *opcode, *file;
    int64_t line;
} Violation;

/* The relations read after the run (the others are freed once no later stratum reads
 * them). */
static bool keep_relation(void *arg, const char *name) {
    (void)arg;
    return strcmp(name, "constraint_violation") == 0 || strncmp(name, "check_where_", 12) == 0;
}

static int cmp_violation(const void *a, const void *b) {
    const Violation *x = a, *y = b;
    int c = strcmp(x->constraint, y->constraint);
    if (c)
        return c;
    c = strcmp(x->entity, y->entity);
    return c ? c : strcmp(x->detail, y->detail);
}

static char *sym_dup(const DlProgram *p, DlValue v) {
    size_t n;
    const char *s = dl_value_symbol(p, v, &n);
    return mem_strndup(s, n);
}

static int usage(void) {
    cli_usage("check");
    return CHECK_ERROR;
}

int cmd_check(int argc, char **argv) {
    const char **inputs = mem_calloc((size_t)argc, sizeof(char *));
    size_t n = 0;
    bool json = false;
    long limit = 5;
    unsigned jobs = 1;
    if (!inputs)
        return CHECK_ERROR;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--format")) {
            if (++i >= argc || (strcmp(argv[i], "json") && strcmp(argv[i], "text"))) {
                cli_error("check: --format takes text or json");
                mem_free(inputs);
                return usage();
            }
            json = !strcmp(argv[i], "json");
        } else if (!strcmp(s, "--limit")) {
            char *end;
            limit = i + 1 < argc ? strtol(argv[++i], &end, 10) : -1;
            if (limit < 0 || *end) {
                cli_error("check: --limit takes a number (0 = all)");
                mem_free(inputs);
                return usage();
            }
        } else if (!strcmp(s, "-j") || !strcmp(s, "--jobs")) {
            if (++i >= argc || atoi(argv[i]) < 1) {
                mem_free(inputs);
                return usage();
            }
            jobs = (unsigned)atoi(argv[i]);
        } else if (s[0] == '-' && s[1]) {
            cli_error("check: unknown option '%s'", s);
            mem_free(inputs);
            return usage();
        } else {
            inputs[n++] = s;
        }
    }
    if (n == 0) {
        cli_error("check: no input (give .ll/.bc files or a fact directory)");
        mem_free(inputs);
        return usage();
    }
    struct stat st;
    bool is_dir = n == 1 && stat(inputs[0], &st) == 0 && S_ISDIR(st.st_mode);
    StrBuf factdir = SB_INIT;
    int rc = CHECK_ERROR;
    DlProgram *prog = NULL;
    Diags d;
    diags_init(&d);
    StrBuf text = SB_INIT;
    Vec(Violation) vs = {0};

    if (is_dir)
        sb_adds(&factdir, inputs[0]);
    if (!build_program(&text)) {
        cli_error("check: the embedded Datalog programs are missing (broken build)");
        goto out;
    }
    Status s = dl_program_load_string(&prog, "constraints.dl", text.buf, text.len, NULL, &d);
    if (s == OK && !is_dir) {
        /* the facts go from the walker to the engine in memory */
        diags_print(&d, stderr);
        diags_release(&d);
        diags_init(&d);
        if (facts_into_program(inputs, n, prog, true, NULL) != EXIT_OK)
            goto out;
    }
    if (s == OK) {
        DlRunOptions o;
        dl_run_options_init(&o);
        o.fact_dir = is_dir ? factdir.buf : ".";
        o.write_outputs = false;
        o.free_dead = true;
        o.keep = keep_relation;
        o.jobs = jobs;
        s = dl_run(prog, &o, &d);
    }
    diags_print(&d, stderr);
    if (s != OK) {
        cli_error("check: %s", is_dir ? "cannot evaluate the constraints over this fact directory"
                                      : "cannot evaluate the constraints");
        goto out;
    }

    size_t rv, ro, rl;
    if (!dl_relation_find(prog, "constraint_violation", &rv) ||
        !dl_relation_find(prog, "check_where_opcode", &ro) ||
        !dl_relation_find(prog, "check_where_line", &rl)) {
        cli_error("check: internal error: relations missing");
        goto out;
    }
    DlIter it;
    const DlValue *t;
    if (dl_iter_init(&it, prog, rv) != OK)
        goto out;
    while ((t = dl_iter_next(&it))) {
        Violation v = {sym_dup(prog, t[0]), sym_dup(prog, t[1]), sym_dup(prog, t[2]), NULL, NULL, 0};
        if (vec_push(&vs, v) != OK)
            break;
    }
    dl_iter_release(&it);
    /* locations: small relations (only violating entities); a linear scan per kind */
    if (dl_iter_init(&it, prog, ro) == OK) {
        while ((t = dl_iter_next(&it))) {
            size_t len;
            const char *e = dl_value_symbol(prog, t[0], &len);
            for (size_t i = 0; i < vs.len; i++)
                if (!vs.v[i].opcode && strlen(vs.v[i].entity) == len && !memcmp(vs.v[i].entity, e, len))
                    vs.v[i].opcode = sym_dup(prog, t[1]);
        }
        dl_iter_release(&it);
    }
    if (dl_iter_init(&it, prog, rl) == OK) {
        while ((t = dl_iter_next(&it))) {
            size_t len;
            const char *e = dl_value_symbol(prog, t[0], &len);
            for (size_t i = 0; i < vs.len; i++)
                if (!vs.v[i].file && strlen(vs.v[i].entity) == len && !memcmp(vs.v[i].entity, e, len)) {
                    vs.v[i].file = sym_dup(prog, t[1]);
                    vs.v[i].line = dl_value_number(t[2]);
                }
        }
        dl_iter_release(&it);
    }
    if (vs.len > 1)
        qsort(vs.v, vs.len, sizeof(Violation), cmp_violation);

    const char *what = is_dir ? inputs[0] : (n == 1 ? inputs[0] : "the linked inputs");
    size_t ncons = 0;
    for (size_t i = 0; i < vs.len; i++)
        if (i == 0 || strcmp(vs.v[i].constraint, vs.v[i - 1].constraint))
            ncons++;
    if (json) {
        printf("{\"input\": ");
        cli_json_str(stdout, what);
        printf(", \"violations\": %zu, \"constraints\": [", vs.len);
        for (size_t i = 0; i < vs.len;) {
            size_t j = i;
            while (j < vs.len && !strcmp(vs.v[j].constraint, vs.v[i].constraint))
                j++;
            printf("%s\n  {\"constraint\": ", i ? "," : "");
            cli_json_str(stdout, vs.v[i].constraint);
            printf(", \"count\": %zu, \"entities\": [", j - i);
            for (size_t k = i; k < j; k++) {
                Violation *v = &vs.v[k];
                printf("%s\n    {\"entity\": ", k > i ? "," : "");
                cli_json_str(stdout, v->entity);
                printf(", \"detail\": ");
                cli_json_str(stdout, v->detail);
                if (v->opcode) {
                    printf(", \"opcode\": ");
                    cli_json_str(stdout, v->opcode);
                }
                if (v->file) {
                    printf(", \"file\": ");
                    cli_json_str(stdout, v->file);
                    printf(", \"line\": %lld", (long long)v->line);
                }
                printf("}");
            }
            printf("]}");
            i = j;
        }
        printf("%s]}\n", vs.len ? "\n" : "");
    } else {
        if (vs.len == 0)
            printf("%s: no violation\n", what);
        for (size_t i = 0; i < vs.len;) {
            size_t j = i;
            while (j < vs.len && !strcmp(vs.v[j].constraint, vs.v[i].constraint))
                j++;
            printf("%s: %zu violation%s\n", vs.v[i].constraint, j - i, j - i == 1 ? "" : "s");
            for (size_t k = i; k < j && (limit == 0 || k - i < (size_t)limit); k++) {
                Violation *v = &vs.v[k];
                printf("  %s", v->entity);
                if (v->opcode)
                    printf("  (%s)", v->opcode);
                if (v->file)
                    printf("  %s:%lld", v->file, (long long)v->line);
                if (*v->detail)
                    printf("  %s", v->detail);
                putchar('\n');
            }
            if (limit && j - i > (size_t)limit)
                printf("  ... and %zu more\n", j - i - (size_t)limit);
            i = j;
        }
        if (vs.len)
            printf("%s: %zu violation%s of %zu constraint%s\n", what, vs.len, vs.len == 1 ? "" : "s",
                   ncons, ncons == 1 ? "" : "s");
    }
    rc = vs.len ? CHECK_VIOLATIONS : CHECK_OK;
    if (fflush(stdout) != 0)
        rc = CHECK_ERROR;

out:
    for (size_t i = 0; i < vs.len; i++) {
        mem_free((char *)vs.v[i].constraint);
        mem_free((char *)vs.v[i].entity);
        mem_free((char *)vs.v[i].detail);
        mem_free((char *)vs.v[i].opcode);
        mem_free((char *)vs.v[i].file);
    }
    vec_release(&vs);
    dl_program_free(prog);
    diags_release(&d);
    sb_release(&text);
    sb_release(&factdir);
    mem_free(inputs);
    return rc;
}
