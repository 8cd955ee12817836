/* where pointer arithmetic stays inside an array, the object keeps its fields: each
 * case below but the last made the whole object one field before (reached at an unknown
 * offset), its other members then holding what any of them held */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "markers.h"

/* a loop over an array member up to one past its end (p != items + 4), and back down */
struct item {
  int *p;
  int *q;
};
struct box {
  struct item items[4];
  int *tail;
};

NOINLINE void fill(struct box *b, int *v) {
  for (struct item *it = b->items; it != b->items + 4; it++)
    it->p = v;
  for (struct item *it = b->items + 4; it != b->items;) {
    --it;
    it->q = v;
  }
}

/* a char buffer member written at a variable position: a copy into it stays in it,
 * whatever the source holds past the buffer's size */
struct rec {
  int *first;
  char pad[16];
  int *far;
};
struct wfile {
  char buf[16];
  size_t pos;
  int *owner;
};

NOINLINE void append(struct wfile *f, const void *data, size_t n) {
  if (f->pos + n > sizeof f->buf)
    n = sizeof f->buf - f->pos;
  memcpy(f->buf + f->pos, data, n);
  f->pos += n;
}

/* an address aligned by integer arithmetic, inside a char array */
struct arena {
  char *next;
  char block[64];
  int *meta;
};

/* a flexible array member of a heap object, indexed by a variable (the array, as before) */
struct node {
  int *val;
  size_t len;
  char key[1];
};

int main(int argc, char **argv) {
  int x = 1, y = 2, z = 3, w = 4;
  size_t i = (size_t)argc;

  struct box b;
  b.tail = &y;
  fill(&b, &x);
  pts("b.items[1].p", b.items[1].p);
  pts("b.tail", b.tail);

  struct rec r;
  r.first = &x;
  r.far = &w;
  struct wfile f = {{0}, 0, &z};
  append(&f, &r, sizeof r);
  pts("f.owner", f.owner);

  struct arena a;
  a.meta = &y;
  a.next = (char *)(((uintptr_t)(a.block + i) + 7) & ~(uintptr_t)7);
  pts("a.next", a.next);
  pts("a.meta", a.meta);

  struct node *n = malloc(sizeof *n + i);
  n->val = &x;
  n->len = i;
  char *kp = n->key + i;
  pts("kp", kp);
  pts("n->val", n->val);
  free(n);
  return *b.tail + *f.owner + *a.meta + (kp != 0) + (argv != 0);
}
