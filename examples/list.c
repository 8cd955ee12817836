/* list.c — the bundled example for `make demo`: a linked list, a function pointer and a
 * loop, enough to show types, calls, phis, loads/stores and debug info as relations. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static struct node *push(struct node *head, int value) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        return head;
    n->value = value;
    n->next = head;
    return n;
}

static int square(int x) { return x * x; }

static int fold(const struct node *n, int (*f)(int)) {
    int sum = 0;
    for (; n; n = n->next)
        sum += f(n->value);
    return sum;
}

int main(void) {
    struct node *list = NULL;
    for (int i = 1; i <= 10; i++)
        list = push(list, i);
    printf("sum of squares: %d\n", fold(list, square));
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    return 0;
}
