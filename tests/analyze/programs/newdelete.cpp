// C++ new and delete: an array, objects that point to each other
#include "markers.h"

struct Buf {
  int *data;
  Buf *next;
};

int main(int argc, char **argv) {
  int *arr = new int[4];
  Buf *b = new Buf;
  b->data = arr;
  b->next = new Buf{nullptr, nullptr};
  pts("arr", arr);
  pts("b", b);
  pts("b->data", b->data);
  pts("b->next", b->next);
  delete b->next;
  delete b;
  delete[] arr;
  return 0;
}
