/* A C translation unit for the module summary index round trip (tests/emit/roundtrip.sh,
 * cases lto/...): variables read, written and both, a constant, static and weak functions,
 * a hidden one, an alias, an ifunc, a function pointer, tail calls, an intrinsic, a
 * thread-local variable, a static local, a section; a loop (cases O2.relbf: call edges
 * with relative block frequencies) and pointer parameters accessed and passed on (cases
 * O2.params: parameter accesses from the stack safety analysis). */
#include <string.h>

int counter;
int written;
const int table[4] = {1, 2, 3, 4};
static int hidden_state __attribute__((used));
struct Buf { char b[64]; };

extern int external_fn(int);
__attribute__((visibility("hidden"))) int hidden_fn(int x) { return x + table[x & 3]; }
static int helper(int x) { counter += x; return external_fn(x) + hidden_fn(x); }
__attribute__((weak)) int weak_fn(int x) { return x * 2; }
int entry(int x) { written = x; return helper(x) + weak_fn(x); }
int entry_alias(int) __attribute__((alias("entry")));
int (*fp)(int) = helper;
void copy(struct Buf *a, const struct Buf *b) { memcpy(a, b, sizeof *a); }
int tail(int x) { return external_fn(x + counter); }
__attribute__((noinline)) int never_returns(void) { __builtin_unreachable(); }
static int impl(void) { return 1; }
static void *resolver(void) { return (void *)impl; }
int ifn(void) __attribute__((ifunc("resolver")));
__thread int tls;
int __attribute__((section("mysec"))) sect = 3;
int count_calls(void) { static int n; return ++n + tls + sect + ifn(); }
extern void consume(int *);
int sum_loop(int n) { int s = 0; for (int i = 0; i < n; i++) s += external_fn(i); return s; }
void pass_on(int *p, char *q) { p[1] = 0; consume(p + 2); consume((int *)q); }
