/* a linked list built by a function that allocates its nodes (an allocation
 * wrapper with one call site), walked by a recursive function */
#include <stdlib.h>
#include "markers.h"

struct node {
  int val;
  struct node *next;
};

NOINLINE struct node *push(struct node *head, int v) {
  struct node *n = malloc(sizeof *n);
  n->val = v;
  n->next = head;
  return n;
}

NOINLINE struct node *last(struct node *n) {
  return n->next ? last(n->next) : n;
}

NOINLINE int sum(struct node *n) {
  int s = 0;
  for (; n; n = n->next)
    s += n->val;
  return s;
}

int main(int argc, char **argv) {
  struct node *l = NULL;
  for (int i = 0; i < argc + 2; i++)
    l = push(l, i);
  pts("head", l);
  pts("next", l->next);
  pts("&next", &l->next);
  pts("last", last(l));
  return sum(l);
}
