// C++ exceptions: a pointer thrown and caught by value (the handler gets the pointer
// itself, not the exception object that holds it)
#include "markers.h"

int g;

NOINLINE void thrower(int *p) { throw p; }

int main(int argc, char **argv) {
  try {
    thrower(&g);
  } catch (int *p) {
    pts("p", p);
    return *p;
  }
  return 0;
}
