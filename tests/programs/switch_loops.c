/* switch_loops.c — a switch with side effects in each case, nested for/while/do loops. */
#include <stdio.h>

volatile int sink;

__attribute__((noinline)) void classify(int c) {
    switch (c) {
    case 'a': puts("a"); break;
    case 'b': puts("b"); break;
    case 'x': sink = 1; /* fall through */
    case 'y': puts("xy"); break;
    case '0': case '1': case '2': sink += c; break;
    default: sink = -1; break;
    }
}

int main(void) {
    int c, lines = 0, words = 0;
    while ((c = getchar()) != -1) {
        classify(c);
        if (c == '\n')
            lines++;
    }
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < i; j++)
            if ((i ^ j) & 1)
                words += sink;
    int k = 0;
    do {
        k += lines;
    } while (k < 100 && lines);
    printf("%d %d %d\n", lines, words, k);
    return 0;
}
