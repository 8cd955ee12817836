/*
 * fuzz_dl_facts.c — libFuzzer target: the fact reader (a .facts file as `irlog run` reads
 * it) on arbitrary bytes.
 *
 * The first byte picks one of the programs below (each .input relation with a different
 * mix of number, unsigned, float and symbol columns, delimiters and headers); the rest is
 * given as the relation's file text (dl_relation_add_text: the same parser as for a
 * file). The program then runs (one thread, outputs kept in memory) and every output tuple
 * is formatted as an output file would write it. Every input must return: bad facts are
 * diagnostics, never a crash, leak, hang or sanitizer report.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const programs[] = {
    ".decl r(a: number, b: unsigned, c: float, d: symbol)\n.input r\n"
    ".decl o(a: number, b: unsigned, c: float, d: symbol)\n.output o\n"
    "o(a, b, c, d) :- r(a, b, c, d).\n",
    ".decl r(s: symbol, t: symbol)\n.input r\n.decl o(s: symbol, n: number)\n.output o\n"
    "o(s, n) :- r(s, t), n = strlen(t).\n",
    ".decl r(a: number)\n.input r\n.decl o(a: number)\n.output o\no(a) :- r(a).\n",
    ".decl r()\n.input r\n.decl o()\n.output o\no() :- r().\n",
    ".decl r(x: float, y: unsigned)\n.input r(delimiter=\",\", headers=true)\n"
    ".decl o(x: float, y: unsigned)\n.output o\no(x, y) :- r(x, y).\n",
    ".type Id <: symbol\n.decl r(i: Id, n: number, s: symbol)\n"
    ".input r(IO=file, delimiter=\"|\")\n.decl o(i: Id, s: symbol)\n.output o\n"
    "o(i, cat(s, to_string(n))) :- r(i, n, s).\n",
};
#define NPROG (sizeof programs / sizeof programs[0])

static DlProgram *prog[NPROG];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    size_t k = data[0] % NPROG;
    Diags d;
    diags_init(&d);
    if (!prog[k]) {
        if (dl_program_load_string(&prog[k], "fuzz.dl", programs[k], strlen(programs[k]), NULL,
                                   &d) != OK) {
            diags_release(&d);
            abort(); /* the fixed programs are valid */
        }
        diags_release(&d);
        diags_init(&d);
    }
    DlProgram *p = prog[k];
    size_t rel, out;
    if (!dl_relation_find(p, "r", &rel) || !dl_relation_find(p, "o", &out))
        abort();
    dl_relation_clear_text(p);
    if (dl_relation_add_text(p, rel, (const char *)data + 1, size - 1) == OK) {
        DlRunOptions o;
        dl_run_options_init(&o);
        o.write_outputs = false;
        o.max_memory = (size_t)64 << 20;
        if (dl_run(p, &o, &d) == OK) {
            DlIter it;
            const DlValue *t;
            StrBuf sb = SB_INIT;
            size_t ar = dl_relation_arity(p, out);
            if (dl_iter_init(&it, p, out) == OK)
                while ((t = dl_iter_next(&it)))
                    for (size_t c = 0; c < ar; c++)
                        dl_value_format(p, dl_relation_attr_kind(p, out, c), t[c], &sb);
            dl_iter_release(&it);
            sb_release(&sb);
        }
    }
    diags_release(&d);
    return 0;
}
