/* a callback through pthread_create: the start routine gets the fourth argument;
 * pthread_join hands back what the start routine returned */
#include <pthread.h>
#include "markers.h"

struct job {
  int *in;
  int *out;
};

NOINLINE void *worker(void *arg) {
  struct job *j = arg;
  pts("arg", arg);
  pts("in", j->in);
  *j->out = *j->in + 1;
  return j->out;
}

int main(void) {
  int a = 1, b = 0;
  struct job job = {&a, &b};
  pthread_t t;
  if (pthread_create(&t, NULL, worker, &job) != 0)
    return 1;
  void *res = NULL;
  pthread_join(t, &res);
  pts("res", res);
  return b;
}
