/* fnptr.c — function pointers: a dispatch table, indirect calls, a callback (qsort). */
#include <stdio.h>
#include <stdlib.h>

typedef int (*binop)(int, int);

__attribute__((noinline)) int op_add(int a, int b) { return a + b; }
__attribute__((noinline)) int op_sub(int a, int b) { return a - b; }
__attribute__((noinline)) int op_mul(int a, int b) { return a * b; }

binop table[3] = {op_add, op_sub, op_mul};

__attribute__((noinline)) int apply(binop f, int a, int b) { return f(a, b); }

static int cmp_int(const void *x, const void *y) {
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv) {
    int v[4] = {argc * 7, 3, argc, 11};
    qsort(v, 4, sizeof v[0], cmp_int);
    int acc = 0;
    for (int i = 0; i < 3; i++)
        acc += apply(table[(i + argc) % 3], v[i], v[i + 1]);
    printf("%d\n", acc);
    return 0;
}
