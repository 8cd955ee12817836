// global_ctor.cpp — a global object with a non-trivial constructor and destructor:
// clang emits a _GLOBAL__sub_I_ function listed in @llvm.global_ctors.
#include <cstdio>
#include <cstdlib>

struct Config {
    const char *home;
    int verbose;
    Config() : home(std::getenv("HOME")), verbose(std::getenv("VERBOSE") != nullptr) {}
    ~Config() { std::puts("bye"); }
};

Config config;

int main() {
    std::printf("home=%s verbose=%d\n", config.home ? config.home : "?", config.verbose);
    return 0;
}
