/* test_dl_api.c — the engine as a library: load from a string, insert tuples, run
 * without files, read relations back in sorted order; errors land in Diags. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dl.h"

static const char prog[] = ".decl e(x: number, y: symbol)\n"
                           ".decl r(y: symbol, n: number)\n"
                           ".output r\n"
                           "e(3, \"c\"). e(1, \"a\").\n"
                           "r(y, n) :- e(_, y), n = count : { e(_, y) }.\n"
                           "r(cat(y, y), x * 10) :- e(x, y).\n";

static void test_load_run_iterate(void) {
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    CHECK(dl_program_load_string(&p, "mem.dl", prog, strlen(prog), NULL, &d) == OK);
    CHECK(d.nerrors == 0);
    size_t e, r;
    CHECK(dl_relation_find(p, "e", &e) && dl_relation_find(p, "r", &r));
    CHECK(!dl_relation_find(p, "nope", &r) || true);
    CHECK(dl_relation_find(p, "r", &r));
    CHECK(dl_relation_arity(p, r) == 2 && dl_relation_attr_kind(p, r, 0) == DL_KIND_SYMBOL);
    CHECK_STREQ(dl_relation_attr_name(p, r, 1), "n");
    const char *row[] = {"2", "b"};
    CHECK(dl_relation_insert(p, e, row, &d) == OK);
    const char *bad[] = {"x", "b"};
    CHECK(dl_relation_insert(p, e, bad, &d) == E_SYNTAX && d.nerrors == 1);
    DlRunOptions o;
    dl_run_options_init(&o);
    o.read_inputs = false;
    o.write_outputs = false;
    CHECK(dl_run(p, &o, &d) == OK);
    CHECK(dl_relation_size(p, e) == 3 && dl_relation_size(p, r) == 6);
    DlIter it;
    CHECK(dl_iter_init(&it, p, r) == OK);
    StrBuf sb = SB_INIT;
    const DlValue *t;
    while ((t = dl_iter_next(&it))) {
        dl_value_format(p, DL_KIND_SYMBOL, t[0], &sb);
        sb_addc(&sb, '=');
        sb_add_i64(&sb, dl_value_number(t[1]));
        sb_addc(&sb, ' ');
    }
    dl_iter_release(&it);
    CHECK_STREQ(sb.buf, "a=1 aa=10 b=1 bb=20 c=1 cc=30 ");
    sb_release(&sb);
    /* a second run starts from scratch (facts + inserted tuples again) */
    CHECK(dl_run(p, &o, &d) == OK && dl_relation_size(p, r) == 6);
    dl_program_free(p);
    diags_release(&d);
}

/* Facts given as text in memory are read instead of the input files (which do not
 * exist here); a relation given empty text is empty; errors name the relation. */
static void test_text_inputs(void) {
    static const char src[] = ".decl a(x: number, s: symbol)\n.input a\n"
                              ".decl b(x: number)\n.input b\n"
                              ".decl unused(x: number)\n.input unused\n"
                              ".decl r(s: symbol)\n.output r\n"
                              "r(s) :- a(x, s), !b(x).\n";
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    CHECK(dl_program_load_string(&p, "text.dl", src, strlen(src), NULL, &d) == OK);
    size_t a, b, u, r;
    CHECK(dl_relation_find(p, "a", &a) && dl_relation_find(p, "b", &b) &&
          dl_relation_find(p, "unused", &u) && dl_relation_find(p, "r", &r));
    CHECK(dl_relation_needed(p, a) && dl_relation_needed(p, b) && !dl_relation_needed(p, u));
    CHECK(!dl_relation_needed(p, r)); /* not an input */
    const char t1[] = "1\tone\n2\ttw", t2[] = "o\n3\tthree\n";
    CHECK(dl_relation_add_text(p, a, t1, strlen(t1)) == OK);
    CHECK(dl_relation_add_text(p, a, t2, strlen(t2)) == OK);
    CHECK(dl_relation_add_text(p, b, "", 0) == OK);
    DlRunOptions o;
    dl_run_options_init(&o);
    o.fact_dir = "/nonexistent-irlog-dir";
    o.write_outputs = false;
    CHECK(dl_run(p, &o, &d) == OK && d.nerrors == 0);
    CHECK(dl_relation_size(p, a) == 3 && dl_relation_size(p, r) == 3);
    CHECK(dl_relation_add_text(p, b, "2\n", 2) == OK);
    CHECK(dl_run(p, &o, &d) == OK && dl_relation_size(p, r) == 2);
    /* a bad row: the error names the relation and the line */
    CHECK(dl_relation_add_text(p, a, "x\ty\n", 4) == OK);
    CHECK(dl_run(p, &o, &d) != OK && d.nerrors == 1);
    CHECK(d.v.len >= 1 && d.v.v[0].loc.line == 4);
    CHECK(strstr(d.v.v[0].loc.file, "a.facts (in memory)") != NULL);
    /* cleared: the files are read again (and are missing) */
    dl_relation_clear_text(p);
    diags_release(&d);
    diags_init(&d);
    CHECK(dl_run(p, &o, &d) == E_IO);
    dl_program_free(p);
    diags_release(&d);
}

static void test_errors(void) {
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    const char *src = ".decl a(x: number)\na(x) :- b(x).\na(\"s\").\n";
    CHECK(dl_program_load_string(&p, "bad.dl", src, strlen(src), NULL, &d) == E_SEMANTIC);
    CHECK(d.nerrors == 2);
    CHECK(d.v.len >= 1 && d.v.v[0].loc.line == 2 && d.v.v[0].loc.col == 9);
    CHECK_STREQ(d.v.v[0].loc.file, "bad.dl");
    dl_program_free(p);
    diags_release(&d);
}

static void test_oom(void) {
    /* every allocation failure point during load and run fails cleanly */
    for (long n = 0; n < 400; n += 7) {
        Diags d;
        diags_init(&d);
        DlProgram *p = NULL;
        mem_fail_after(n);
        Status st = dl_program_load_string(&p, "mem.dl", prog, strlen(prog), NULL, &d);
        if (st == OK) {
            DlRunOptions o;
            dl_run_options_init(&o);
            o.read_inputs = o.write_outputs = false;
            st = dl_run(p, &o, &d);
        }
        mem_fail_after(-1);
        CHECK(st == OK || st == E_NOMEM || st == E_SEMANTIC || st == E_SYNTAX);
        dl_program_free(p);
        diags_release(&d);
    }
}

/* free_dead: a relation no later stratum reads is emptied after its last reader, unless
 * it is an output or kept; the outputs are those of a run that keeps everything. */
static bool keep_k(void *arg, const char *name) {
    (void)arg;
    return strcmp(name, "k") == 0;
}

static void test_free_dead(void) {
    static const char src[] = ".decl a(x: number)\n"
                              ".decl b(x: number)\n"
                              ".decl k(x: number)\n"
                              ".decl c(x: number)\n"
                              ".output c\n"
                              "a(0).\n"
                              "a(x + 1) :- a(x), x < 999.\n"
                              "b(x) :- a(x), x % 2 = 0.\n"
                              "k(x) :- a(x), x < 10.\n"
                              "c(x) :- b(x), !k(x).\n";
    size_t sizes[2][4];
    for (int free_it = 0; free_it < 2; free_it++) {
        Diags d;
        diags_init(&d);
        DlProgram *p = NULL;
        CHECK(dl_program_load_string(&p, "fd.dl", src, strlen(src), NULL, &d) == OK);
        DlRunOptions o;
        dl_run_options_init(&o);
        o.read_inputs = false;
        o.write_outputs = false;
        o.free_dead = free_it;
        o.keep = keep_k;
        CHECK(dl_run(p, &o, &d) == OK);
        const char *names[] = {"a", "b", "k", "c"};
        for (int i = 0; i < 4; i++) {
            size_t r;
            CHECK(dl_relation_find(p, names[i], &r));
            sizes[free_it][i] = dl_relation_size(p, r);
        }
        dl_program_free(p);
        diags_release(&d);
    }
    CHECK(sizes[0][0] == 1000 && sizes[0][1] == 500 && sizes[0][2] == 10 && sizes[0][3] == 495);
    CHECK(sizes[1][0] == 0 && sizes[1][1] == 0);    /* freed after their last reader */
    CHECK(sizes[1][2] == 10 && sizes[1][3] == 495); /* kept; the output */
}

/* An iterator over relation rel of p (it must exist); returns its index. */
static size_t iter_of(const DlProgram *p, const char *rel, DlIter *it) {
    size_t r = 0;
    CHECK(dl_relation_find(p, rel, &r));
    CHECK(dl_iter_init(it, p, r) == OK);
    return r;
}

/* src loaded and run without files (d initialized here; the caller releases both). */
static DlProgram *run_in_memory(const char *name, const char *src, Diags *d) {
    diags_init(d);
    DlProgram *p = NULL;
    CHECK(dl_program_load_string(&p, name, src, strlen(src), NULL, d) == OK);
    DlRunOptions o;
    dl_run_options_init(&o);
    o.read_inputs = false;
    o.write_outputs = false;
    CHECK(p && dl_run(p, &o, d) == OK);
    return p;
}

/* A relation the engine stores as bit sets (derived set at a time, read by rules only)
 * is read after a run without free_dead as any other: the same rows as with the sets
 * off (IRLOG_DL_NO_SETS, read when the program is planned), in the same order. */
static void rows_of(const char *src, const char *rel, StrBuf *out) {
    Diags d;
    DlProgram *p = run_in_memory("sets.dl", src, &d);
    DlIter it;
    iter_of(p, rel, &it);
    const DlValue *t;
    while ((t = dl_iter_next(&it))) {
        sb_add_i64(out, dl_value_number(t[0]));
        sb_addc(out, '>');
        sb_add_i64(out, dl_value_number(t[1]));
        sb_addc(out, ' ');
    }
    dl_iter_release(&it);
    dl_program_free(p);
    diags_release(&d);
}

static void test_sets_read_back(void) {
    static const char src[] = ".decl e(x: number, y: number)\n"
                              ".decl path(x: number, y: number)\n"
                              ".decl n(k: number)\n.output n\n"
                              "e(1, 2). e(2, 3). e(3, 1). e(3, 70). e(70, 200). e(-5, 1).\n"
                              "path(x, y) :- e(x, y).\n"
                              "path(x, y) :- path(x, z), e(z, y).\n"
                              "n(k) :- k = count : { path(_, _) }.\n";
    StrBuf with = SB_INIT, without = SB_INIT;
    rows_of(src, "path", &with);
    setenv("IRLOG_DL_NO_SETS", "1", 1);
    rows_of(src, "path", &without);
    unsetenv("IRLOG_DL_NO_SETS");
    CHECK(with.len > 0);
    CHECK_STREQ(with.buf, without.buf);
    /* 4 sources reach {1, 2, 3, 70, 200}, 70 reaches 200: 21 pairs */
    size_t pairs = 0;
    for (size_t i = 0; i < with.len; i++)
        pairs += with.buf[i] == ' ';
    CHECK(pairs == 21);
    sb_release(&with);
    sb_release(&without);
}

/* A run stopped by DlRunOptions.stop and made again with more tuples of the relation
 * named by rerun_input (the loop of irlog analyze's collapsed objects): only the strata
 * that read it run again, what the others derived is kept (a, read by b, even with
 * free_dead), and the result is that of one run given every tuple from the start. */
static const char rerun_src[] = ".decl c(x: number)\n.input c\n"
                                ".decl a(x: number)\n"
                                ".decl b(x: number)\n"
                                ".decl need(x: number)\n"
                                ".output b, need\n"
                                "a(0).\n"
                                "a(x + 1) :- a(x), x < 999.\n"
                                "b(0).\n"
                                "b(x + 1) :- b(x), a(x + 1), !c(x + 1).\n"
                                "b(x) :- need(x).\n"
                                "need(x) :- b(x), x % 100 = 50, !c(x).\n";

static bool need_stop(void *arg, bool fixpoint) {
    (void)fixpoint;
    const DlProgram *p = arg;
    size_t r;
    return dl_relation_find(p, "need", &r) && dl_relation_size(p, r) > 0;
}

static void test_rerun(void) {
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    CHECK(dl_program_load_string(&p, "rerun.dl", rerun_src, strlen(rerun_src), NULL, &d) == OK);
    size_t a, b, c, need;
    CHECK(dl_relation_find(p, "a", &a) && dl_relation_find(p, "b", &b) &&
          dl_relation_find(p, "c", &c) && dl_relation_find(p, "need", &need));
    CHECK(dl_relation_add_text(p, c, "", 0) == OK);
    DlRunOptions o;
    dl_run_options_init(&o);
    o.write_outputs = false;
    o.free_dead = true;
    o.stop = need_stop;
    o.stop_arg = p;
    o.rerun_input = "c";
    unsigned runs = 0;
    for (;;) {
        Status st = dl_run(p, &o, &d);
        runs++;
        if (st == OK)
            break;
        CHECK(st == E_LIMIT && dl_run_stopped(p) && d.nerrors == 0);
        CHECK(dl_relation_size(p, b) < 100); /* stopped at the iteration of need(50) */
        DlIter it;
        CHECK(dl_iter_init(&it, p, need) == OK);
        const DlValue *t;
        char num[32];
        while ((t = dl_iter_next(&it))) {
            snprintf(num, sizeof num, "%lld", (long long)dl_value_number(t[0]));
            const char *cols[] = {num};
            CHECK(dl_relation_insert(p, c, cols, &d) == OK);
        }
        dl_iter_release(&it);
        if (runs > 4)
            break;
    }
    CHECK(runs == 2 && !dl_run_stopped(p));
    CHECK(dl_relation_size(p, a) == 1000); /* kept from the first run, not freed */
    CHECK(dl_relation_size(p, b) == 50 && dl_relation_size(p, need) == 0 &&
          dl_relation_size(p, c) == 1);
    dl_program_free(p);
    /* one run given c(50) from the start */
    CHECK(dl_program_load_string(&p, "rerun.dl", rerun_src, strlen(rerun_src), NULL, &d) == OK);
    CHECK(dl_relation_find(p, "b", &b) && dl_relation_find(p, "c", &c));
    CHECK(dl_relation_add_text(p, c, "50\n", 3) == OK);
    dl_run_options_init(&o);
    o.write_outputs = false;
    CHECK(dl_run(p, &o, &d) == OK);
    CHECK(dl_relation_size(p, b) == 50);
    dl_program_free(p);
    diags_release(&d);
}

/* DlRunOptions.stop is asked again when a recursive stratum reaches its fixpoint
 * (fixpoint true), before the strata after it: stopped there, d (of a later stratum) is
 * not made, and the run made again with c(50) gives what one run given c(50) gives. */
static const char fixstop_src[] = ".decl c(x: number)\n.input c\n"
                                  ".decl b(x: number)\n"
                                  ".decl need(x: number)\n"
                                  ".decl d(x: number)\n"
                                  ".output d, need\n"
                                  "b(0).\n"
                                  "b(x + 1) :- b(x), x < 99.\n"
                                  "b(x) :- need(x).\n"
                                  "need(x) :- b(x), x = 50, !c(x).\n"
                                  "d(x + 1) :- b(x).\n";

typedef struct FixStop {
    const DlProgram *p;
    unsigned calls, at_fixpoint;
} FixStop;

static bool fix_stop(void *arg, bool fixpoint) {
    FixStop *f = arg;
    size_t r;
    f->calls++;
    f->at_fixpoint += fixpoint;
    return fixpoint && dl_relation_find(f->p, "need", &r) && dl_relation_size(f->p, r) > 0;
}

static void test_fixpoint_stop(void) {
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    CHECK(dl_program_load_string(&p, "fixstop.dl", fixstop_src, strlen(fixstop_src), NULL, &d) ==
          OK);
    size_t b, c, dd, need;
    CHECK(dl_relation_find(p, "b", &b) && dl_relation_find(p, "c", &c) &&
          dl_relation_find(p, "d", &dd) && dl_relation_find(p, "need", &need));
    CHECK(dl_relation_add_text(p, c, "", 0) == OK);
    DlRunOptions o;
    dl_run_options_init(&o);
    o.write_outputs = false;
    o.free_dead = true;
    FixStop f = {p, 0, 0};
    o.stop = fix_stop;
    o.stop_arg = &f;
    o.rerun_input = "c";
    CHECK(dl_run(p, &o, &d) == E_LIMIT && dl_run_stopped(p) && d.nerrors == 0);
    CHECK(f.at_fixpoint == 1 && f.calls > 50); /* each iteration, then the fixpoint */
    CHECK(dl_relation_size(p, b) == 100 && dl_relation_size(p, need) == 1);
    CHECK(dl_relation_size(p, dd) == 0); /* the later stratum was not begun */
    const char *cols[] = {"50"};
    CHECK(dl_relation_insert(p, c, cols, &d) == OK);
    f.calls = f.at_fixpoint = 0;
    CHECK(dl_run(p, &o, &d) == OK && !dl_run_stopped(p));
    CHECK(f.at_fixpoint == 1);
    /* (b, read by nothing after d, is freed: free_dead) */
    CHECK(dl_relation_size(p, need) == 0 && dl_relation_size(p, dd) == 100);
    dl_program_free(p);
    diags_release(&d);
}

/* A relation of more tuples than the builders' SHRINK_STEP (1M, dl_rel.c), made by a
 * non-recursive stratum with repeats between its two rules: its workers' buffers are
 * merged and its tree built while the arrays behind them are cut down. Every pair of
 * 0..2299 once (5.29M tuples: the count, and the sum of x * 2300 + y over them, which a
 * lost or repeated tuple changes), at one thread and at two. */
static void test_large_build(void) {
    static const char src[] = ".decl n(x: number)\n"
                              ".decl p(x: number, y: number)\n"
                              ".printsize p\n"
                              "n(0).\n"
                              "n(x + 1) :- n(x), x < 2299.\n"
                              "p(x, y) :- n(x), n(y).\n"
                              "p(y, x) :- n(x), n(y), x < 1000.\n";
    for (unsigned jobs = 1; jobs <= 2; jobs++) {
        Diags d;
        diags_init(&d);
        DlProgram *p = NULL;
        CHECK(dl_program_load_string(&p, "large.dl", src, strlen(src), NULL, &d) == OK);
        DlRunOptions o;
        dl_run_options_init(&o);
        o.write_outputs = false;
        o.jobs = jobs;
        CHECK(dl_run(p, &o, &d) == OK);
        size_t pr;
        CHECK(dl_relation_find(p, "p", &pr) && dl_relation_size(p, pr) == 2300u * 2300u);
        DlIter it;
        CHECK(dl_iter_init(&it, p, pr) == OK);
        const DlValue *t;
        uint64_t n = 0, sum = 0;
        bool in_range = true;
        while ((t = dl_iter_next(&it))) {
            int64_t x = dl_value_number(t[0]), y = dl_value_number(t[1]);
            in_range &= x >= 0 && x < 2300 && y >= 0 && y < 2300;
            sum += (uint64_t)(x * 2300 + y);
            n++;
        }
        dl_iter_release(&it);
        uint64_t all = 2300u * 2300u;
        CHECK(in_range && n == all && sum == all * (all - 1) / 2);
        dl_program_free(p);
        diags_release(&d);
    }
}

/* A lookup in a relation stored as sets with a wildcard between its key and its member
 * (pt(_, r, o): r bound, every context) visits each member once, from the union of the
 * contexts' sets: q holds exactly the distinct (r, o) of pt (read back and projected
 * here), the same rows as with the sets off; the count inside the aggregate still
 * counts every (context, member) of r. */
static const char members_src[] =
    ".decl n(x: number)\n"
    ".decl pt(c: number, r: number, o: number)\n"
    ".decl q(r: number, o: number)\n"
    ".decl qc(r: number, k: number)\n"
    "n(0).\n"
    "n(x + 1) :- n(x), x < 59.\n"
    "pt(c, r, o) :- n(c), c < 6, n(r), r < 20, o = (r * 7 + c * 3) % 40.\n"
    "pt(c, r, o) :- pt(c, r2, o), n(r), r = (r2 + c + 1) % 20.\n"
    "q(r, o) :- n(r), r < 20, pt(_, r, o).\n"
    "qc(r, k) :- n(r), r < 20, k = count : { pt(_, r, _) }.\n";

static void members_of(const char *rel, unsigned char seen[20][40], size_t *rows,
                       int64_t counts[20]) {
    Diags d;
    DlProgram *p = run_in_memory("members.dl", members_src, &d);
    DlIter it;
    size_t r = iter_of(p, rel, &it);
    const DlValue *t;
    *rows = 0;
    while ((t = dl_iter_next(&it))) {
        size_t a = dl_relation_arity(p, r);
        int64_t x = dl_value_number(t[a - 2]), y = dl_value_number(t[a - 1]);
        if (counts) { /* qc(r, k) */
            if (y >= 0 && x >= 0 && x < 20)
                counts[x] = y;
        } else if (x >= 0 && x < 20 && y >= 0 && y < 40) {
            seen[x][y]++;
        }
        (*rows)++;
    }
    dl_iter_release(&it);
    dl_program_free(p);
    diags_release(&d);
}

static void test_set_members(void) {
    static unsigned char pt[20][40], q[20][40], q2[20][40];
    int64_t qc[20] = {0}, qc2[20] = {0}, want[20] = {0};
    size_t npt, nq, nq2, nqc;
    members_of("pt", pt, &npt, NULL);
    members_of("q", q, &nq, NULL);
    members_of("qc", NULL, &nqc, qc);
    setenv("IRLOG_DL_NO_SETS", "1", 1);
    members_of("q", q2, &nq2, NULL);
    members_of("qc", NULL, &nqc, qc2);
    unsetenv("IRLOG_DL_NO_SETS");
    size_t distinct = 0;
    bool same = true;
    for (int r = 0; r < 20; r++)
        for (int o = 0; o < 40; o++) {
            distinct += pt[r][o] != 0;
            want[r] += pt[r][o]; /* contexts holding o */
            same &= q[r][o] == (pt[r][o] != 0) && q2[r][o] == q[r][o];
        }
    CHECK(npt > distinct && distinct > 0); /* contexts share members */
    CHECK(same && nq == distinct && nq2 == distinct);
    for (int r = 0; r < 20; r++)
        CHECK(qc[r] == want[r] && qc2[r] == want[r]);
}

/* DlRunOptions.slice_outputs: o, an output nothing reads, is made by the writer a slice
 * of its first column's output order at a time (several here: the first is 1/64 of the
 * symbols): the same text as when the run makes it (printed: output_dir "-"), at one
 * thread and at two (forced parallel), the rows written counted by dl_relation_size and
 * the relation empty after; q, which a rule reads, and qn, numbers, are made by the run. */
static const char slice_src[] =
    ".decl n(x: number)\n"
    ".decl v(x: symbol)\n"
    ".decl obj(x: symbol)\n"
    ".decl skip(x: symbol)\n"
    ".decl m(x: symbol, r: symbol)\n"
    ".decl pt(r: symbol, o: symbol)\n"
    ".decl o(x: symbol, y: symbol)\n"
    ".decl q(x: symbol, y: symbol)\n"
    ".decl qn(n: number)\n"
    ".decl link(r: symbol, s: symbol)\n"
    ".decl po(r: symbol, o: symbol)\n"
    ".output o, q, qn, po\n"
    "n(0).\n"
    "n(x + 1) :- n(x), x < 2999.\n"
    "v(cat(\"v\", to_string(x))) :- n(x).\n"
    "obj(cat(\"o\", to_string(x))) :- n(x), x < 40.\n"
    "skip(cat(\"v\", to_string(x))) :- n(x), x % 7 = 3.\n"
    "m(cat(\"v\", to_string(x)), cat(\"r\", to_string(x % 13))) :- n(x).\n"
    "pt(R, O) :- m(_, R), obj(O), R != \"r5\".\n"
    "pt(R, O) :- pt(R2, O), link(R2, R).\n"
    "link(\"r4\", \"r5\").\n"
    "po(R, O) :- pt(R, O), !m(\"v3\", R), O != \"o7\".\n"
    "o(V, O) :- v(V), !skip(V), m(V, R), pt(R, O).\n"
    "o(V, \"none\") :- skip(V).\n"
    "q(V, R) :- v(V), m(V, R).\n"
    "qn(c) :- c = count : { q(_, _) }.\n";

static void test_sliced(void) {
    char *text[2][2] = {{NULL, NULL}, {NULL, NULL}};
    size_t rows[2][2] = {{0, 0}, {0, 0}}, held[2][2] = {{0, 0}, {0, 0}};
    size_t po_held[2] = {0, 0}, po_rows[2] = {0, 0}; /* at one thread */
    setenv("IRLOG_DL_FORCE_JOBS", "1", 1);
    for (int sliced = 0; sliced < 2; sliced++)
        for (unsigned jobs = 1; jobs <= 2; jobs++) {
            Diags d;
            diags_init(&d);
            DlProgram *p = NULL;
            CHECK(dl_program_load_string(&p, "slice.dl", slice_src, strlen(slice_src), NULL,
                                         &d) == OK);
            FILE *f = tmpfile();
            CHECK(f != NULL);
            DlRunOptions o;
            dl_run_options_init(&o);
            o.read_inputs = false;
            o.output_dir = "-";
            o.out = f;
            o.free_dead = true;
            o.slice_outputs = sliced;
            o.jobs = jobs;
            CHECK(dl_run(p, &o, &d) == OK && d.nerrors == 0);
            size_t r;
            CHECK(dl_relation_find(p, "o", &r));
            rows[sliced][jobs - 1] = dl_relation_size(p, r);
            DlIter it;
            CHECK(dl_iter_init(&it, p, r) == OK);
            while (dl_iter_next(&it))
                held[sliced][jobs - 1]++;
            dl_iter_release(&it);
            CHECK(dl_relation_find(p, "po", &r));
            if (jobs == 1) { /* po has a comparison: made a slice at a time all the same */
                po_rows[sliced] = dl_relation_size(p, r);
                CHECK(dl_iter_init(&it, p, r) == OK);
                while (dl_iter_next(&it))
                    po_held[sliced]++;
                dl_iter_release(&it);
            }
            long len = ftell(f);
            CHECK(len > 0);
            char *buf = malloc((size_t)len + 1);
            rewind(f);
            CHECK(buf && fread(buf, 1, (size_t)len, f) == (size_t)len);
            buf[len] = '\0';
            text[sliced][jobs - 1] = buf;
            fclose(f);
            dl_program_free(p);
            diags_release(&d);
        }
    unsetenv("IRLOG_DL_FORCE_JOBS");
    /* the variables not skipped x 40 objects (r5's through link), the 428 skipped */
    size_t want = 0;
    for (unsigned x = 0; x < 3000; x++)
        want += x % 7 == 3 ? 1 : 40;
    CHECK(rows[0][0] == want && held[0][0] == want && rows[0][1] == want);
    CHECK(rows[1][0] == want && rows[1][1] == want && held[1][0] == 0 && held[1][1] == 0);
    CHECK(strstr(text[0][0], "v999\to39\n") && strstr(text[0][0], "v3\tnone\n"));
    CHECK(strstr(text[0][0], "r5\to0\n") && !strstr(text[0][0], "r3\to0\n")); /* po */
    CHECK(!strstr(text[0][0], "r5\to7\n") && !po_held[1] && po_held[0] == po_rows[1]);
    for (int i = 0; i < 4; i++)
        CHECK_STREQ(text[i / 2][i % 2], text[0][0]);
    for (int i = 0; i < 4; i++)
        free(text[i / 2][i % 2]);
}

/* DlRunOptions.filter sees every tuple a rule derives, in declared order, and what it
 * leaves is what is kept: dropping reach(300) leaves 0..299 (301.. are never reached);
 * turning reach(x), 500 <= x < 1000, into reach(x + 1000) leaves 0..499 and 1500..1999
 * (reached from 1500); at one thread and at two; e, which the filter leaves alone, is
 * whole. */
static const char filter_src[] = ".decl e(x: number, y: number)\n"
                                 ".decl reach(x: number)\n"
                                 "e(0, 1).\n"
                                 "e(x + 1, x + 2) :- e(x, x + 1), x < 1998.\n"
                                 "reach(0).\n"
                                 "reach(y) :- reach(x), e(x, y).\n";

typedef struct FilterArg {
    size_t reach;
    bool shift; /* rewrite from 500 on (else drop 300) */
} FilterArg;

static bool filter_reach(void *arg, size_t rel, DlValue *t) {
    const FilterArg *f = arg;
    if (rel != f->reach)
        return false;
    int64_t x = dl_value_number(t[0]);
    if (!f->shift)
        return x == 300;
    if (x >= 500 && x < 1000)
        t[0] = (DlValue)(x + 1000);
    return false;
}

static void test_filter(void) {
    for (unsigned k = 0; k < 4; k++) {
        Diags d;
        diags_init(&d);
        DlProgram *p = NULL;
        CHECK(dl_program_load_string(&p, "filter.dl", filter_src, strlen(filter_src), NULL, &d) ==
              OK);
        size_t e;
        FilterArg f = {0, k & 1};
        CHECK(dl_relation_find(p, "reach", &f.reach) && dl_relation_find(p, "e", &e));
        DlRunOptions o;
        dl_run_options_init(&o);
        o.read_inputs = false;
        o.write_outputs = false;
        o.jobs = k < 2 ? 1 : 2;
        /* (at two: every phase on the threads, however small) */
        if (k < 2)
            unsetenv("IRLOG_DL_FORCE_JOBS");
        else
            setenv("IRLOG_DL_FORCE_JOBS", "1", 1);
        o.filter = filter_reach;
        o.filter_arg = &f;
        CHECK(dl_run(p, &o, &d) == OK && d.nerrors == 0);
        CHECK(dl_relation_size(p, e) == 1999);
        DlIter it;
        CHECK(dl_iter_init(&it, p, f.reach) == OK);
        const DlValue *t;
        int64_t want = 0, bad = -1;
        while ((t = dl_iter_next(&it))) {
            int64_t x = dl_value_number(t[0]);
            if (f.shift && want == 500)
                want = 1500;
            if (x != want++ && bad < 0)
                bad = x;
        }
        dl_iter_release(&it);
        CHECK(bad == -1 && want == (f.shift ? 2000 : 300));
        unsetenv("IRLOG_DL_FORCE_JOBS");
        dl_program_free(p);
        diags_release(&d);
    }
}

/* dl_relation_take_text: a second program over the facts given to a first one as text
 * (irlog analyze's context-insensitive analysis before the one with contexts). */
static void test_take_text(void) {
    static const char src1[] = ".decl a(x: number)\n.input a\n.decl s(x: number)\n.output s\n"
                               "s(x) :- a(x).\n";
    static const char src2[] = ".decl a(x: number)\n.input a\n.decl b(x: number)\n.input b\n"
                               ".decl t(x: number)\n.output t\nt(x + 1) :- a(x), !b(x).\n";
    Diags d;
    diags_init(&d);
    DlProgram *p1 = NULL, *p2 = NULL, *p3 = NULL;
    CHECK(dl_program_load_string(&p1, "one.dl", src1, strlen(src1), NULL, &d) == OK);
    CHECK(dl_program_load_string(&p2, "two.dl", src2, strlen(src2), NULL, &d) == OK);
    CHECK(dl_program_load_string(&p3, "one.dl", src1, strlen(src1), NULL, &d) == OK);
    size_t a1, b2, t2;
    CHECK(dl_relation_find(p1, "a", &a1) && dl_relation_find(p2, "b", &b2) &&
          dl_relation_find(p2, "t", &t2));
    CHECK(dl_relation_add_text(p1, a1, "1\n2\n3\n", 6) == OK);
    DlRunOptions o;
    dl_run_options_init(&o);
    o.fact_dir = "/nonexistent-irlog-dir";
    o.write_outputs = false;
    CHECK(dl_run(p1, &o, &d) == OK);
    /* p2 reads b, which neither has text for: false, nothing moved (p3 gets it all below) */
    Status st = E_INTERNAL;
    CHECK(!dl_relation_take_text(p2, p1, &st));
    CHECK(dl_relation_take_text(p3, p1, &st) && st == OK); /* p1's program again: a moves */
    CHECK(dl_run(p3, &o, &d) == OK);
    size_t s3;
    CHECK(dl_relation_find(p3, "s", &s3) && dl_relation_size(p3, s3) == 3);
    CHECK(dl_run(p1, &o, &d) == E_IO); /* p1 has none left: it reads the missing file */
    diags_release(&d);
    diags_init(&d);
    /* b given to p2 itself, a from p3: t = {x + 1 : a(x), !b(x)} = {2, 4} */
    CHECK(dl_relation_add_text(p2, b2, "2\n", 2) == OK);
    CHECK(dl_relation_take_text(p2, p3, &st) && st == OK);
    CHECK(dl_run(p2, &o, &d) == OK && dl_relation_size(p2, t2) == 2);
    dl_program_free(p1);
    dl_program_free(p2);
    dl_program_free(p3);
    diags_release(&d);
}

/* DlRunOptions.goal: only the strata a goal needs run. */
static bool goal_c(void *arg, const char *relation) {
    (void)arg;
    return strcmp(relation, "c") == 0;
}

static void test_goal(void) {
    static const char src[] = ".decl a(x: number)\n.input a\n"
                              ".decl b(x: number)\nb(x + 1) :- a(x).\n"
                              ".decl c(x: number)\n.output c\nc(x) :- b(x), x < 3.\n"
                              ".decl d(x: number)\n.output d\nd(x) :- a(x), !c(x).\n"
                              ".decl e(x: number)\n.output e\ne(x) :- d(x).\n";
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    CHECK(dl_program_load_string(&p, "goal.dl", src, strlen(src), NULL, &d) == OK);
    size_t a, b, c, dd, e;
    CHECK(dl_relation_find(p, "a", &a) && dl_relation_find(p, "b", &b) &&
          dl_relation_find(p, "c", &c) && dl_relation_find(p, "d", &dd) &&
          dl_relation_find(p, "e", &e));
    CHECK(dl_relation_add_text(p, a, "1\n2\n", 4) == OK);
    DlRunOptions o;
    dl_run_options_init(&o);
    o.fact_dir = "/nonexistent-irlog-dir";
    o.write_outputs = false;
    o.goal = goal_c;
    CHECK(dl_run(p, &o, &d) == OK);
    /* c and what it reads (b, a) are derived; d and e, which need c but no goal needs, not */
    CHECK(dl_relation_size(p, b) == 2 && dl_relation_size(p, c) == 1);
    CHECK(dl_relation_size(p, dd) == 0 && dl_relation_size(p, e) == 0);
    o.goal = NULL;
    CHECK(dl_run(p, &o, &d) == OK);
    CHECK(dl_relation_size(p, c) == 1 && dl_relation_size(p, dd) == 1 && dl_relation_size(p, e) == 1);
    dl_program_free(p);
    diags_release(&d);
}

int main(void) {
    static const TestCase tests[] = {
        {"goal", test_goal},
        {"take_text", test_take_text},
        {"load_run_iterate", test_load_run_iterate},
        {"errors", test_errors},
        {"text_inputs", test_text_inputs},
        {"oom", test_oom},
        {"free_dead", test_free_dead},
        {"sets_read_back", test_sets_read_back},
        {"rerun", test_rerun},
        {"fixpoint_stop", test_fixpoint_stop},
        {"large_build", test_large_build},
        {"sliced", test_sliced},
        {"set_members", test_set_members},
        {"filter", test_filter},
    };
    return check_run(tests, ARRAY_LEN(tests));
}
