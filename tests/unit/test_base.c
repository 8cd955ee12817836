/* test_base.c — vec, strbuf, arena, map, intern, fault injection. */
#include "arena.h"
#include "check.h"
#include "diag.h"
#include "intern.h"
#include "map.h"
#include "strbuf.h"
#include "vec.h"

static void test_vec(void) {
    Vec(int) v = {0};
    for (int i = 0; i < 1000; i++)
        CHECK(vec_push(&v, i) == OK);
    CHECK(v.len == 1000);
    CHECK(v.v[999] == 999 && vec_last(&v) == 999);
    vec_release(&v);
    CHECK(v.len == 0 && v.v == NULL);
}

static void test_strbuf(void) {
    StrBuf sb = SB_INIT;
    CHECK(sb.buf[0] == '\0');
    sb_adds(&sb, "abc");
    sb_addf(&sb, "-%d-", 42);
    sb_add_i64(&sb, INT64_MIN);
    CHECK_STREQ(sb.buf, "abc-42--9223372036854775808");
    sb_reset(&sb);
    for (int i = 0; i < 100; i++)
        sb_addf(&sb, "%0100d", i);
    CHECK(sb.len == 10000);
    sb_release(&sb);
    mem_fail_after(0);
    sb_adds(&sb, "x");
    mem_fail_after(-1);
    CHECK(sb.oom && sb_status(&sb) == E_NOMEM && sb.buf[0] == '\0');
    sb_release(&sb);
}

static void test_map(void) {
    Map m = MAP_INIT;
    for (uint64_t i = 0; i < 10000; i++)
        CHECK(map_put(&m, i * 7919, i) == OK);
    uint64_t v = 0;
    CHECK(map_get(&m, 7919 * 5000, &v) && v == 5000);
    CHECK(!map_get(&m, 1, &v));
    CHECK(map_put(&m, 0, 77) == OK && map_get(&m, 0, &v) && v == 77);
    CHECK(m.len == 10000);
    map_release(&m);
}

static void test_intern(void) {
    Interner in;
    intern_init(&in);
    Sym a, b, c;
    CHECK(intern_get(&in, "hello", 5, &a) == OK);
    CHECK(intern_get(&in, "world", 5, &b) == OK);
    CHECK(intern_get(&in, "hello", 5, &c) == OK);
    CHECK(a == c && a != b);
    CHECK_STREQ(intern_str(&in, b), "world");
    CHECK(intern_get(&in, "a\0b", 3, &c) == OK && intern_len(&in, c) == 3);
    Sym d;
    CHECK(intern_lookup(&in, "a\0b", 3, &d) && d == c);
    CHECK(!intern_lookup(&in, "a", 1, &d));
    intern_release(&in);
}

/* Many strings: the index grows (64 slots at first), records fill many 64 KiB chunks,
 * long strings (over a quarter chunk) get blocks of their own; every string keeps its
 * Sym, bytes and length, duplicates and absent strings are told apart, and a failed
 * allocation leaves the interner as it was. */
static void test_intern_many(void) {
    enum { N = 60000 };
    Interner in;
    intern_init(&in);
    CHECK(intern_count(&in) == 0);
    Sym s, t;
    CHECK(!intern_lookup(&in, "", 0, &s)); /* empty interner */
    CHECK(intern_get(&in, "", 0, &s) == OK && s == 0);
    CHECK(intern_len(&in, s) == 0 && intern_str(&in, s)[0] == '\0');
    CHECK(intern_lookup(&in, "", 0, &t) && t == 0);
    char buf[64];
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "s%d%.*s", i, i % 40, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
        CHECK(intern_get(&in, buf, (size_t)n, &s) == OK);
        if (s != (Sym)(i + 1)) { /* Syms are dense, in order of first insertion */
            CHECK(s == (Sym)(i + 1));
            break;
        }
    }
    /* long strings: a quarter chunk and around it, and longer than a chunk */
    static const size_t longs[] = {16375, 16376, 16377, 16384, 65536, 200000};
    char *big = mem_alloc(200001);
    CHECK(big != NULL);
    if (!big)
        return;
    for (size_t k = 0; k < ARRAY_LEN(longs); k++) {
        memset(big, 'a' + (int)k, longs[k]);
        CHECK(intern_get(&in, big, longs[k], &s) == OK && s == (Sym)(N + 1 + k));
        CHECK(intern_len(&in, s) == longs[k] && intern_str(&in, s)[longs[k]] == '\0');
        CHECK(memcmp(intern_str(&in, s), big, longs[k]) == 0);
    }
    /* interleave small strings after the long ones: they go on filling chunks */
    CHECK(intern_get(&in, "after-long", 10, &s) == OK && s == (Sym)(N + 1 + ARRAY_LEN(longs)));
    size_t count = intern_count(&in);
    CHECK(count == N + 2 + ARRAY_LEN(longs));
    /* everything still there, duplicates give the same Sym, nothing new is added */
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "s%d%.*s", i, i % 40, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
        Sym want = (Sym)(i + 1);
        if (intern_get(&in, buf, (size_t)n, &s) != OK || s != want ||
            !intern_lookup(&in, buf, (size_t)n, &t) || t != want ||
            intern_len(&in, want) != (size_t)n || strcmp(intern_str(&in, want), buf) != 0)
            bad++;
        /* absent: a prefix (same bytes, shorter), one byte changed, one byte more */
        if (n > 2 && intern_lookup(&in, buf, (size_t)n - 1, &t) &&
            (intern_len(&in, t) != (size_t)n - 1 || memcmp(intern_str(&in, t), buf, (size_t)n - 1) != 0))
            bad++;
        buf[0] = 'z';
        if (intern_lookup(&in, buf, (size_t)n, &t))
            bad++;
        buf[0] = 's';
        buf[n] = '#';
        if (intern_lookup(&in, buf, (size_t)n + 1, &t))
            bad++;
    }
    CHECK(bad == 0);
    for (size_t k = 0; k < ARRAY_LEN(longs); k++) {
        memset(big, 'a' + (int)k, longs[k]);
        CHECK(intern_lookup(&in, big, longs[k], &t) && t == (Sym)(N + 1 + k));
        CHECK(!intern_lookup(&in, big, longs[k] - 1, &t));
        big[longs[k] / 2] = '!';
        CHECK(!intern_lookup(&in, big, longs[k], &t));
    }
    mem_free(big);
    CHECK(intern_get(&in, "", 0, &s) == OK && s == 0);
    CHECK(intern_count(&in) == count);
    /* bytes: at least the strings themselves, an index at most 3/4 full */
    CHECK(intern_bytes(&in, 0) >= 200000 + 65536 && intern_bytes(&in, 1) >= count * sizeof(char *));
    CHECK(intern_bytes(&in, 2) / sizeof(uint64_t) * 3 >= count * 4);
    /* a failed allocation (the index, the array or a record) changes nothing */
    int failed = 0;
    for (long f = 0; f < 4; f++) {
        mem_fail_after(f);
        Status st = OK;
        /* enough new strings to need the index, the array and a chunk to grow */
        for (int i = 0; i < 40000 && st == OK; i++) {
            int n = snprintf(buf, sizeof buf, "f%ld-%d", f, i);
            st = intern_get(&in, buf, (size_t)n, &s);
        }
        mem_fail_after(-1);
        failed += st == E_NOMEM;
        size_t c2 = intern_count(&in);
        for (size_t i = 0; i < c2; i++) { /* every stored Sym still found */
            if (!intern_lookup(&in, intern_str(&in, (Sym)i), intern_len(&in, (Sym)i), &t) || t != (Sym)i) {
                CHECK(!"Sym lost after a failed allocation");
                break;
            }
        }
    }
    CHECK(failed == 4);
    intern_release(&in);
    CHECK(intern_count(&in) == 0 && !intern_lookup(&in, "s1", 2, &s));
    CHECK(intern_get(&in, "again", 5, &s) == OK && s == 0); /* usable after release */
    intern_release(&in);
}

static void test_arena_diag(void) {
    Arena a = ARENA_INIT;
    char *s = arena_printf(&a, "%s-%d", "x", 5);
    CHECK_STREQ(s, "x-5");
    void *big = arena_alloc(&a, 1 << 20);
    CHECK(big != NULL);
    arena_release(&a);
    Diags d;
    diags_init(&d);
    diags_add(&d, DIAG_ERROR, (SrcLoc){"f.dl", 3, 4}, "bad %s", "thing");
    diags_add(&d, DIAG_WARNING, (SrcLoc){0}, "careful");
    CHECK(diags_has_errors(&d) && d.nwarnings == 1);
    CHECK_STREQ(d.v.v[0].msg, "bad thing");
    diags_release(&d);
}

int main(void) {
    static const TestCase tests[] = {
        {"vec", test_vec},       {"strbuf", test_strbuf},         {"map", test_map},
        {"intern", test_intern}, {"intern_many", test_intern_many},
        {"arena_diag", test_arena_diag},
    };
    return check_run(tests, ARRAY_LEN(tests));
}
