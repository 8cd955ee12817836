// a pool of nodes in a union free list (tinyxml2's MemPoolT): the union is laid out as
// { Item *next; [N x i8] }, the node built in it by placement new keeps its fields apart
// (bytes of a union are not a char array)
#include <new>
#include "markers.h"

struct Node {
  long id; // (the first word is also the free list's next pointer)
  int *a;
  int *b;
  int *c;
};

template <int SIZE> class Pool {
  union Item {
    Item *next;
    char data[SIZE];
  };
  struct Block {
    Item items[2];
  };
  Item *root = nullptr;

public:
  NOINLINE void *alloc() {
    if (!root) {
      Block *block = new Block();
      block->items[0].next = &block->items[1];
      block->items[1].next = nullptr;
      root = block->items;
    }
    Item *result = root;
    root = root->next;
    return result->data;
  }
};

NOINLINE int *get_b(Node *n) { return n->b; }
NOINLINE int *get_c(Node *n) { return n->c; }

int main(int argc, char **argv) {
  int x, y, z;
  Pool<sizeof(Node)> pool;
  Node *n = new (pool.alloc()) Node{1, &x, &y, &z};
  Node *m = new (pool.alloc()) Node{2, &z, &x, &y};
  pts("n->b", get_b(n));
  pts("m->c", get_c(m));
  return 0;
}
