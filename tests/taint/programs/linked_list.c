/* linked_list: nodes on the heap, a tainted payload in one list and clean ones in
 * another, read back by walking each list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
  struct node *next;
  char *text;
};

static struct node *push(struct node *head, char *text) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    exit(1);
  n->next = head;
  n->text = text;
  return n;
}

int main(void) {
  char buf[100];
  struct node *user = NULL, *fixed = NULL;
  if (fgets(buf, sizeof buf, stdin))
    user = push(user, strdup(buf));
  fixed = push(fixed, "date");
  for (struct node *n = user; n; n = n->next)
    system(n->text); /* line 28: tainted */
  return fixed ? puts(fixed->text) : 0; /* line 29: not a sink */
}
