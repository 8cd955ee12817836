# lib.sh — sourced by tests/ir/test_*.sh after `irlog=$1 llvm_bin=$2 srcdir=$3`.
# Gives: $tmp (a fresh directory, removed on exit; under $TMPDIR, else /dev/shm, else /tmp), ok/fail reporters that count,
# `finish` (prints `N passed, M failed` and exits nonzero on any failure), and the
# LLVM tools $llvm_as / $llvm_dis (LLVM_BIN first, then the -19 names on PATH).
set -u
if [ $# -lt 3 ]; then
  echo "usage: bash $0 IRLOG LLVM_BIN_DIR SOURCE_DIR" >&2
  exit 2
fi
here="$srcdir/tests/ir"
# irlog writes a few hundred files per run; on a disk file system (ext4) creating them
# costs far more than the rest of the run, so a RAM-backed /dev/shm is preferred when
# TMPDIR is not set
base=${TMPDIR:-}
if [ -z "$base" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then base=/dev/shm; else base=/tmp; fi
fi
tmp=$(mktemp -d "$base/irlog-test.XXXXXX")
chmod 755 "$tmp"
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
npass=0 nfail=0
ok() { echo "ok   $*"; npass=$((npass + 1)); }
fail() { echo "FAIL $*"; nfail=$((nfail + 1)); }
# check COND_STATUS NAME [DETAIL_FILE]: ok when the status is 0, else FAIL with the
# detail file's lines indented under it.
check() {
  if [ "$1" = 0 ]; then ok "$2"; else fail "$2"; fi
  if [ $# -ge 3 ] && [ -s "$3" ]; then sed 's/^/     /' "$3" | head -40; fi
}
# xcheck STATUS NAME REASON [DETAIL_FILE]: a check that is known to fail today (a bug
# reported to the owner of the code): status != 0 prints `xfail` and is not a failure;
# status 0 prints `XPASS` (the bug is fixed: turn the xcheck into a check).
nxfail=0
xcheck() {
  if [ "$1" = 0 ]; then
    ok "$2"; echo "     XPASS: this was an expected failure ($3); make it a plain check"
  else
    echo "xfail $2 (expected failure: $3)"; nxfail=$((nxfail + 1))
    if [ $# -ge 4 ] && [ -s "$4" ]; then sed 's/^/     /' "$4" | head -10; fi
  fi
}
finish() {
  [ "$nxfail" = 0 ] || echo "$nxfail expected failures (xfail lines)"
  echo "$npass passed, $nfail failed"
  [ "$nfail" = 0 ]
  exit $?
}
tool() { # tool NAME → LLVM_BIN/NAME, else NAME-19, else NAME on PATH
  if [ -x "$llvm_bin/$1" ]; then echo "$llvm_bin/$1"
  elif command -v "$1-19" >/dev/null; then command -v "$1-19"
  else command -v "$1" || echo "$1"; fi
}
llvm_as=$(tool llvm-as)
llvm_dis=$(tool llvm-dis)
factcheck() { python3 -B "$here/factcheck.py" "$@"; }
# compile_programs OUTDIR [PROG...]: every tests/programs source at -O0 -g and -O2,
# as .ll and .bc (see compile_programs.sh); FAILs and returns 1 when clang fails.
compile_programs() {
  local out=$1; shift
  if ! bash "$here/compile_programs.sh" "$llvm_bin" "$srcdir" "$out" "$@" 2>"$tmp/clang.err"; then
    fail "compiling tests/programs with clang-19"; sed 's/^/     /' "$tmp/clang.err" | head -20
    return 1
  fi
}

# need_souffle: sets $souffle ($SOUFFLE, else `souffle` on PATH), or ends the test with
# exit 0 and `skip: ...` when there is none or it lacks 64-bit numbers
# (-DSOUFFLE_DOMAIN_64BIT=ON: `souffle --version` says `Word size: 64 bits`)
need_souffle() {
  souffle=${SOUFFLE:-}
  [ -n "$souffle" ] || souffle=$(command -v souffle || true)
  if [ -z "$souffle" ] || [ ! -x "$souffle" ]; then
    echo "skip: no Soufflé (set SOUFFLE=/path/to/souffle, or put souffle on PATH)"
    exit 0
  fi
  if ! "$souffle" --version 2>/dev/null | grep -q 'Word size: 64'; then
    echo "skip: $souffle is not built with 64-bit numbers (-DSOUFFLE_DOMAIN_64BIT=ON)"
    exit 0
  fi
}

# sigterm_group OUT CMD...: runs CMD (which writes OUT, its stderr to OUT.err) in a
# process group of its own, sends SIGTERM to the group once the child process that CMD
# starts is seen, and checks exit 143, OUT not written, no process left behind
sigterm_group() {
  local out=$1; shift
  setsid "$@" 2>"$out.err" >/dev/null &
  local pid=$! i rc
  for ((i = 0; i < 1000; i++)); do pgrep -P "$pid" -f -- "-o $out" >/dev/null && break; sleep 0.01; done
  kill -TERM -- "-$pid"; wait "$pid"; rc=$?
  for ((i = 0; i < 500; i++)); do pgrep -f -- "-o $out" >/dev/null || break; sleep 0.01; done
  [ $rc = 143 ] && [ ! -e "$out" ] && ! pgrep -f -- "-o $out" >/dev/null
  check $? "SIGTERM to the process group: exit 143, nothing written, no process left (exit $rc)" "$out.err"
}
