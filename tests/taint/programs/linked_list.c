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

/* a list of constant strings, built by a function of its own */
static struct node *push_const(struct node *head, const char *which) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    exit(1);
  n->next = head;
  n->text = which[0] == 'a' ? "date" : "uptime";
  return n;
}

int main(void) {
  char buf[100];
  struct node *user = NULL, *fixed = NULL, *consts = NULL;
  if (fgets(buf, sizeof buf, stdin))
    user = push(user, strdup(buf));
  fixed = push(fixed, "date");
  consts = push_const(push_const(consts, "a"), "b");
  for (struct node *n = user; n; n = n->next)
    system(n->text); /* line 39: tainted */
  for (struct node *n = consts; n; n = n->next)
    system(n->text); /* line 41: clean */
  return fixed ? puts(fixed->text) : 0; /* line 42: not a sink */
}
