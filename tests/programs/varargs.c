/* varargs.c — a variadic function reading its arguments with va_arg. */
#include <stdarg.h>
#include <stdio.h>

__attribute__((noinline)) long sum_ints(int n, ...) {
    va_list ap;
    long s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

__attribute__((noinline)) double mean(int n, ...) {
    va_list ap;
    double s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, double);
    va_end(ap);
    return n ? s / n : 0.0;
}

int main(int argc, char **argv) {
    printf("%ld %f\n", sum_ints(3, argc, 2, 3), mean(2, 1.5, (double)argc));
    return 0;
}
