// C++ storage whose layout is not its declared type: a singleton built by placement new
// in std::aligned_storage (a union of bytes), the elements of a std::vector (allocated
// by allocator<T>::allocate, which returns a T*), a small class returned by value in
// registers ({ ptr, i64 }: each part holds its own)
#include <new>
#include <type_traits>
#include <vector>
#include "markers.h"

struct Env {
  int *a;
  int *b;
  Env(int *x, int *y) : a(x), b(y) {}
};

static std::aligned_storage<sizeof(Env), alignof(Env)>::type storage;

NOINLINE Env *make_env(int *x, int *y) { return new (&storage) Env(x, y); }

struct Pair {
  int *p;
  int *q;
};

struct Span {
  int *data;
  long size;
  Span(int *d, long n) : data(d), size(n) {}
};

NOINLINE Span span_of(int *d, long n) { return Span(d, n); }

int main() {
  int x = 1, y = 2, z = 3, w = 4;
  Env *e = make_env(&x, &y);
  pts("e->a", e->a);
  pts("e->b", e->b);

  std::vector<Pair> v;
  v.push_back(Pair{&z, &w});
  pts("v[0].p", v[0].p);
  pts("v[0].q", v[0].q);

  Span s = span_of(&x, 4);
  pts("s.data", s.data);
  pts("s.size", reinterpret_cast<int *>(s.size));
  return *e->a + *v[0].q + (int)s.size;
}
