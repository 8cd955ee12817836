/* qsort_cb: the comparators read the elements of the arrays they sort; one array holds
 * input, the other constants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item { char name[16]; };

static int cmp_user(const void *a, const void *b) {
  const struct item *x = a, *y = b;
  printf(x->name); /* line 11: tainted */
  return strcmp(x->name, y->name);
}

static int cmp_fixed(const void *a, const void *b) {
  const struct item *x = a, *y = b;
  printf(x->name); /* line 17: clean */
  return strcmp(x->name, y->name);
}

int main(void) {
  struct item user[3], fixed[3];
  for (int i = 0; i < 3; i++) {
    if (!fgets(user[i].name, sizeof user[i].name, stdin))
      user[i].name[0] = 0;
    strcpy(fixed[i].name, "abc");
  }
  qsort(user, 3, sizeof user[0], cmp_user);
  qsort(fixed, 3, sizeof fixed[0], cmp_fixed);
  return 0;
}
