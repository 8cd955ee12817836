/* a state machine: each state function returns the next state function */
#include "markers.h"

struct state;
typedef struct state (*state_fn)(int *);
struct state {
  state_fn next;
};

NOINLINE struct state s_end(int *n);
NOINLINE struct state s_even(int *n);
NOINLINE struct state s_odd(int *n);

NOINLINE struct state s_end(int *n) {
  (void)n;
  struct state s = {0};
  return s;
}

NOINLINE struct state s_even(int *n) {
  struct state s = {*n > 10 ? s_end : s_odd};
  *n += 1;
  return s;
}

NOINLINE struct state s_odd(int *n) {
  struct state s = {s_even};
  *n += 3;
  return s;
}

int main(int argc, char **argv) {
  int n = argc;
  struct state st = {s_even};
  while (st.next)
    st = st.next(&n);
  return n;
}
