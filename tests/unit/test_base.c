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
        {"intern", test_intern}, {"arena_diag", test_arena_diag},
    };
    return check_run(tests, ARRAY_LEN(tests));
}
