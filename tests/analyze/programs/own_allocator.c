/* a program's own allocator over a free list, as sqlite's lookaside: my_free puts a
 * block on the list and my_alloc hands it out again. Analysed as written, a block
 * my_alloc returns may be any block my_free was given (the list holds them all): a
 * pool, not an allocation wrapper, so its malloc makes one object, not one per call
 * site. own_allocator_model.c (a link to this file) runs with my_alloc and my_free
 * replaced by their models (own_allocator.dl, model_replace): one object per call site. */
#include <stdlib.h>
#include "markers.h"

struct slot {
  struct slot *next;
};
struct slot *free_list;

NOINLINE void *my_alloc(size_t n) {
  if (free_list) {
    struct slot *s = free_list;
    free_list = s->next;
    return s;
  }
  return malloc(n < sizeof(struct slot) ? sizeof(struct slot) : n);
}

NOINLINE void my_free(void *p) {
  struct slot *s = p;
  s->next = free_list;
  free_list = s;
}

int main(int argc, char **argv) {
  int *a = my_alloc(sizeof *a);
  char *b = my_alloc(16);
  pts("a", a);
  pts("b", b);
  my_free(a);
  my_free(b);
  return argc + (argv != 0);
}
