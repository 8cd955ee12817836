/* Indirect calls under control-flow integrity (tests/emit/roundtrip.sh: compiled with
 * -flto=thin -fvisibility=hidden -fsanitize=cfi-icall, then a distributed index of the
 * thin link, whose CFI function list names dec and inc). */
typedef int (*fp_t)(int);
static int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int call(fp_t f, int x) { return f(x); }
int main(void) { return call(inc, 1) + call(dec, 2); }
