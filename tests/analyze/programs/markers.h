/* markers.h — observation points of the points-to tests (tests/analyze/).
 * pts("label", p): the expectation `pts label: {...}` gives the set of objects p
 * may point to. Declared only: the call stays at every optimization level, and the
 * analysis runs with model_noop("pts") (tests/analyze/markers.dl), so a marker moves
 * no pointer. test_soundness.sh links tests/analyze/rt/markers.c, which defines it. */
#ifndef MARKERS_H
#define MARKERS_H
#ifdef __cplusplus
extern "C" {
#endif
void pts(const char *label, const void *p);
#ifdef __cplusplus
}
#endif
#define NOINLINE __attribute__((noinline))
#endif
