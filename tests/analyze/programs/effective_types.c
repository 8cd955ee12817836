/* effective types: a flow-insensitive analysis of tagged unions (a header shared by
 * several structs, a tag that says which one an object is) sees every object reach every
 * cast. C says an object is accessed only through its own type, a struct sharing its
 * leading fields (a common initial sequence), a union, or bytes; the analysis uses that:
 *  - a GEP over struct A applied to an object of an unrelated type B gives nothing;
 *  - stepping a pointer by whole elements of the wrong size moves to the unknown offset
 *    of the object instead of walking its fields one step per iteration;
 *  - a function is not memory, and a string literal is not read through a struct;
 *  - integers narrower than a pointer, products, shifts and xors of addresses, and the
 *    difference of two addresses (a length) carry no address;
 *  - <unknown> is never written: a store through a pointer to it is dropped. */
#include <stdint.h>
#include <string.h>
#include "markers.h"

struct hdr { struct hdr *next; int tag; };
struct A { struct hdr *next; int tag; int *a1; int *a2; };
struct B { struct hdr *next; int tag; int *b1; long n; };
struct C { struct hdr *next; int tag; }; /* the header again, under another name */

struct pair { int *first; int *second; };

int x, y, z, w, u;
struct A ga = {0, 1, &x, &y};
struct B gb = {0, 2, &z, 0};
struct hdr *objs[2] = {(struct hdr *)&ga, (struct hdr *)&gb};

NOINLINE int f1(void) { return 1; }
int (*volatile fp)(void) = f1;
volatile uintptr_t key = 0x5a5a;

NOINLINE void show_a(struct A *pa) { pts("pa->a1", pa->a1); } /* B is no A: only ga's a1 */
NOINLINE void show_b(struct B *pb) { pts("pb->b1", pb->b1); }

NOINLINE void visit(struct hdr *h) {
  pts("h", h);
  if (h->tag == 1)
    show_a((struct A *)h);
  else
    show_b((struct B *)h);
  struct C *pc = (struct C *)h; /* a common initial sequence: both objects */
  pts("&pc->tag", &pc->tag);
}

NOINLINE void step(struct pair *p, int n) {
  long *e = (long *)p; /* 8-byte steps over a struct of two pointers */
  for (int i = 0; i < n; i++) e = e + 1;
  pts("e", e);
}

int main(int argc, char **argv) {
  (void)argv;
  visit(objs[argc & 1]);
  struct pair pr = {&w, &u};
  step(&pr, argc);
  uintptr_t k = (uintptr_t)&x;
  unsigned h32 = (unsigned)k;           /* narrower than a pointer */
  uintptr_t hash = (k * 31u) ^ (k >> 4); /* a hash of an address */
  pts("fromhash", (int *)hash);
  pts("fromh32", (int *)(uintptr_t)h32);
  int *cell[1] = {0};
  int **slot = (int **)(((uintptr_t)cell ^ key) ^ key); /* cell, but <unknown> to the analysis */
  *slot = &y;                                           /* a store into <unknown>: dropped */
  pts("*slot", *slot);
  char text[16] = "lengths";
  char *end = text + argc;
  union { long len; int *p; } lp;
  lp.len = end - text; /* a length, not an address: main:lp holds nothing */
  char buf[8];
  memcpy(buf, "abcdefg", 8);
  pts("buf", buf);
  return fp() + (int)strlen(buf) + (int)lp.len;
}
