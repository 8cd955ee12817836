/* linked_list.c — pointers, structs, a heap-allocated linked list, a global counter. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

int counter; /* number of nodes ever created */
struct node sentinel = {-1, NULL}; /* keeps %struct.node in the module at -O2 */

static struct node *push(struct node *head, int value) {
    struct node *n = malloc(sizeof *n);
    if (!n)
        abort();
    n->value = value;
    n->next = head;
    counter++;
    return n;
}

__attribute__((noinline)) int list_sum(const struct node *n) {
    int s = 0;
    for (; n; n = n->next)
        s += n->value;
    return s;
}

__attribute__((noinline)) struct node *list_reverse(struct node *n) {
    struct node *prev = NULL;
    while (n) {
        struct node *next = n->next;
        n->next = prev;
        prev = n;
        n = next;
    }
    return prev;
}

static void list_free(struct node *n) {
    while (n && n != &sentinel) {
        struct node *next = n->next;
        free(n);
        n = next;
    }
}

int main(int argc, char **argv) {
    struct node *head = &sentinel;
    for (int i = 0; i < argc + 5; i++)
        head = push(head, i * 3);
    head = list_reverse(head);
    printf("sum=%d first=%d nodes=%d\n", list_sum(head), head->value, counter);
    list_free(head);
    return 0;
}
