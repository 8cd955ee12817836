/* edit_prog.c — the program that tests/emit/edits.sh changes through its facts alone:
 * renames scale, changes its constant 3, deletes its dead block, and adds a call to a
 * logging function at the entry of every function. Prints "sum=30 calls=4". */
#include <stdio.h>

static int calls;

__attribute__((noinline)) int scale(int x) {
    calls++;
    return x * 3;
unused: /* a dead block: no path reaches it, and clang -O0 keeps it */
    x += 100;
    goto unused;
}

__attribute__((noinline)) int sum_to(int n) {
    int s = 0;
    for (int i = 1; i <= n; i++)
        s += scale(i);
    return s;
}

int main(void) {
    printf("sum=%d calls=%d\n", sum_to(4), calls);
    return 0;
}
