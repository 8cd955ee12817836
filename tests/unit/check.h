/* check.h — the unit tests' CHECK macro and test table (Redis test_cond style). */
#ifndef IRLOG_CHECK_H
#define IRLOG_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        check_count++;                                                                             \
        if (!(cond)) {                                                                             \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_STREQ(a, b)                                                                          \
    do {                                                                                           \
        const char *a_ = (a), *b_ = (b);                                                           \
        check_count++;                                                                             \
        if (!a_ || !b_ || strcmp(a_, b_) != 0) {                                                   \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK failed: %s == %s (\"%s\" vs \"%s\")\n", __FILE__,       \
                    __LINE__, #a, #b, a_ ? a_ : "(null)", b_ ? b_ : "(null)");                     \
        }                                                                                          \
    } while (0)

typedef struct TestCase {
    const char *name;
    void (*fn)(void);
} TestCase;

static inline int check_run(const TestCase *t, size_t n) {
    for (size_t i = 0; i < n; i++) {
        int before = check_failures;
        t[i].fn();
        printf("%s %s\n", check_failures == before ? "ok  " : "FAIL", t[i].name);
    }
    printf("%d checks, %d failed\n", check_count, check_failures);
    return check_failures ? 1 : (check_count ? 0 : 1);
}

#endif
