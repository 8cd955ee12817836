# Makefile — the two set-up commands of README.md, and conveniences.
#   make demo   install what is missing, build, and turn the bundled C program into facts
#   make test   install what is missing, build with -Werror, run every test, then again
#               under AddressSanitizer + UndefinedBehaviorSanitizer
JOBS ?= 2
BUILD ?= build
BUILD_ASAN ?= build-asan

.PHONY: all deps build demo test test-release test-asan bless clean

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

test: test-release test-asan

bless: build
	bash tests/bless.sh

clean:
	rm -rf $(BUILD) $(BUILD_ASAN)
