/* heap objects through a chain of allocation wrappers, the innermost one called through
 * a function pointer (as lua allocates: luaH_new -> luaC_newobj -> luaM_malloc_ ->
 * (*g->frealloc) = l_alloc -> realloc). Each object is cloned per chain of the three
 * innermost wrapper call sites, so a node and a table stay apart, and the fields of
 * each keep what was stored in them. */
#include <stdlib.h>
#include "markers.h"

typedef void *(*alloc_fn)(void *ud, void *p, size_t n);
struct state { alloc_fn f; void *ud; };
struct node { struct node *next; int *val; };
struct table { struct node *first; char *name; };

NOINLINE static void *l_alloc(void *ud, void *p, size_t n) {
  (void)ud;
  if (n == 0) { free(p); return NULL; }
  return realloc(p, n);
}

NOINLINE void *mem_malloc(struct state *S, size_t n) {
  void *b = S->f(S->ud, NULL, n);
  if (!b) abort();
  return b;
}

NOINLINE void *newobj(struct state *S, size_t n) {
  void *o = mem_malloc(S, n);
  return o;
}

NOINLINE struct node *new_node(struct state *S) {
  struct node *nd = newobj(S, sizeof *nd);
  nd->next = NULL;
  nd->val = NULL;
  return nd;
}

NOINLINE struct table *new_table(struct state *S) {
  struct table *t = newobj(S, sizeof *t);
  t->first = NULL;
  t->name = NULL;
  return t;
}

int x;
char y;

int main(void) {
  struct state S = { l_alloc, NULL };
  struct node *n1 = new_node(&S);
  struct table *t = new_table(&S);
  n1->val = &x;
  t->name = &y;
  t->first = n1;
  pts("n1", n1);
  pts("t", t);
  pts("first", t->first);
  pts("val", n1->val);
  pts("name", t->name);
  l_alloc(NULL, t, 0);
  l_alloc(NULL, n1, 0);
  return 0;
}
