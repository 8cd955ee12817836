# Makefile — the two set-up commands of README.md, and conveniences.
#   make demo   install what is missing, build, and turn the bundled C program into facts
#   make test   install what is missing, build with -Werror, run every test, then again
#               under AddressSanitizer + UndefinedBehaviorSanitizer; the Datalog engine's
#               tests under ThreadSanitizer; each libFuzzer target for 60 s (with clang-19)
JOBS ?= 2
BUILD ?= build
BUILD_ASAN ?= build-asan
BUILD_TSAN ?= build-tsan
BUILD_FUZZ ?= build-fuzz
FUZZ_SECONDS ?= 60

.PHONY: all deps build demo test test-release test-asan test-tsan test-fuzz bless clean

all: build

deps:
	@bash scripts/deps.sh

build: deps
	cmake -S . -B $(BUILD) -DIRLOG_WERROR=ON
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@bash examples/demo.sh $(BUILD)/irlog

test-release: build
	ctest --test-dir $(BUILD) -j $(JOBS) --output-on-failure

test-asan: deps
	cmake -S . -B $(BUILD_ASAN) -DIRLOG_WERROR=ON -DIRLOG_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
	cmake --build $(BUILD_ASAN) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(BUILD_ASAN) -j $(JOBS) --output-on-failure

test-tsan: deps
	cmake -S . -B $(BUILD_TSAN) -DIRLOG_WERROR=ON -DIRLOG_TSAN=ON
	cmake --build $(BUILD_TSAN) -j $(JOBS) --target irlog test_dl_api
	TSAN_OPTIONS=halt_on_error=1 ctest --test-dir $(BUILD_TSAN) -R '^(dl\.|unit\.test_dl_api$$)' --output-on-failure

test-fuzz: deps
	@if command -v clang-19 >/dev/null 2>&1; then \
	  cmake -S . -B $(BUILD_FUZZ) -DCMAKE_C_COMPILER=clang-19 -DIRLOG_FUZZ=ON -DIRLOG_WERROR=ON && \
	  cmake --build $(BUILD_FUZZ) -j $(JOBS) --target fuzz_dl_front fuzz_dl_facts && \
	  sh tests/fuzz/run.sh $(BUILD_FUZZ)/fuzz $(FUZZ_SECONDS); \
	else echo "skip: no clang-19, no fuzzing"; fi

test: test-release test-asan test-tsan test-fuzz

bless: build
	bash tests/bless.sh

clean:
	rm -rf $(BUILD) $(BUILD_ASAN) $(BUILD_TSAN) $(BUILD_FUZZ)
