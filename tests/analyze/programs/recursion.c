/* recursive functions over a binary tree of global nodes */
#include "markers.h"

struct tree {
  struct tree *l, *r;
  int key;
};

static struct tree nodes[4];

NOINLINE struct tree *insert(struct tree *t, struct tree *n) {
  if (!t)
    return n;
  if (n->key < t->key)
    t->l = insert(t->l, n);
  else
    t->r = insert(t->r, n);
  return t;
}

NOINLINE struct tree *leftmost(struct tree *t) { return t->l ? leftmost(t->l) : t; }

NOINLINE int depth(struct tree *t) {
  if (!t)
    return 0;
  int a = depth(t->l), b = depth(t->r);
  return 1 + (a > b ? a : b);
}

int main(void) {
  struct tree *root = 0;
  for (int i = 0; i < 4; i++) {
    nodes[i].key = (i * 7) % 4;
    root = insert(root, &nodes[i]);
  }
  pts("root", root);
  pts("leftmost", leftmost(root));
  pts("&root->r", &root->r);
  return depth(root);
}
