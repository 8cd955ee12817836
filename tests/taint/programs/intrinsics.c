/* intrinsics: arithmetic that clang emits as intrinsic calls moves taint like any other
 * arithmetic: counting bits, multiplying with an overflow check, saturating, rounding. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
char *held[8];
int main(void) {
  char line[64];
  if (!fgets(line, sizeof line, stdin))
    return 1;
  unsigned v = (unsigned)atoi(line);
  size_t w = strtoull(line, NULL, 10), n;
  held[0] = malloc(__builtin_ctz(v | 0x8000u));              /* line 13: cttz */
  held[1] = malloc(__builtin_clz(v | 1));                   /* line 14: ctlz */
  held[2] = malloc(__builtin_popcount(v));                  /* line 15: ctpop */
  if (__builtin_mul_overflow(w, (size_t)v, &n))
    return 1;
  held[3] = malloc(n);                                      /* line 18: umul.with.overflow */
  held[4] = malloc((size_t)floor(atof(line)));              /* line 19: floor */
  held[5] = malloc(__builtin_elementwise_sub_sat(v, 16u));  /* line 20: usub.sat */
  held[6] = malloc(__builtin_ctz(16u | 1));                 /* line 21: clean */
  return 0;
}
