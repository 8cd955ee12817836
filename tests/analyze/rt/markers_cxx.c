/* markers_cxx.c — the C++ allocators for markers.c (linked into C++ programs only,
 * with --wrap=_Znwm,--wrap=_Znam,--wrap=__cxa_allocate_exception) */
#include <stddef.h>

#define NOINSTR __attribute__((no_instrument_function))
#define RA __builtin_extract_return_addr(__builtin_return_address(0))

void rt_record(void *p, size_t n, void *ra);
void *__real__Znwm(size_t);
void *__real__Znam(size_t);
void *__real___cxa_allocate_exception(size_t);

NOINSTR void *__wrap__Znwm(size_t n) {
  void *p = __real__Znwm(n);
  rt_record(p, n, RA);
  return p;
}
NOINSTR void *__wrap__Znam(size_t n) {
  void *p = __real__Znam(n);
  rt_record(p, n, RA);
  return p;
}
NOINSTR void *__wrap___cxa_allocate_exception(size_t n) {
  void *p = __real___cxa_allocate_exception(n);
  rt_record(p, n, RA);
  return p;
}

