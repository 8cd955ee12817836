#!/usr/bin/env bash
# test_constants.sh IRLOG LLVM_BIN SRCDIR — every constant id equals LLVM's own printing
# of that constant (IRLOG_CHECK_CONSTANTS=1 makes irlog compare each id it builds with
# LLVMPrintValueToString and warn on a difference), over: every golden fixture, the
# every-opcode input, the test programs (C and C++, -O0 -g and -O2, .ll and .bc; the
# C++ ones have vtable GEPs with inrange), and a sweep of float/double values through
# llvm-dis's decimal-or-hex rule (short decimals, powers of two, denormals, random bits).
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

ids_match() { # name input
  rm -rf "$tmp/out"
  if ! IRLOG_CHECK_CONSTANTS=1 "$irlog" facts "$2" -o "$tmp/out" 2>"$tmp/err"; then
    fail "$1: irlog facts failed"; sed 's/^/     /' "$tmp/err" | head -20; return
  fi
  grep -A2 "constant id differs" "$tmp/err" >"$tmp/diff" || true
  n=$(wc -l <"$tmp/out/constant.facts")
  [ -s "$tmp/diff" ] && { fail "$1: ids differ from LLVM's printing"; sed 's/^/     /' "$tmp/diff" | head -30; return; }
  ok "$1 ($n constants)"
}

for c in "$srcdir"/tests/golden/ir/*.ll "$srcdir"/tests/ir/inputs/*.ll; do
  [ -f "$c" ] && ids_match "$(basename "$c")" "$c"
done
if compile_programs "$tmp/progs"; then
  for f in "$tmp"/progs/*; do ids_match "$(basename "$f")" "$f"; done
fi

python3 - "$tmp/floats.ll" <<'PY'
import random, struct, sys
random.seed(19)
out = []
def dhex(x): return '0x%016X' % struct.unpack('<Q', struct.pack('<d', x))[0]
def f32(x): return struct.unpack('<f', struct.pack('<f', x))[0]
n = 0
def add(ty, x):
    global n
    out.append(f"@v{n} = global {ty} {dhex(x)}"); n += 1
for _ in range(3000):
    nd = random.randint(1, 8)
    m = random.randint(10 ** (nd - 1), 10 ** nd - 1)
    x = float(f"{m}e{random.randint(-330, 310)}")
    if x != float('inf'): add("double", x)
    try: add("float", f32(float(f"{m}e{random.randint(-46, 38)}")))
    except OverflowError: pass
for _ in range(2000):
    add("double", struct.unpack('<d', struct.pack('<Q', random.getrandbits(64)))[0])
    f = struct.unpack('<f', struct.pack('<I', random.getrandbits(32)))[0]
    if f == f: add("float", f)
for k in range(-1074, 1024, 7): add("double", 2.0 ** k)
for k in range(-20, 23):
    for s in ("1", "1.5", "9.999995", "1.2345675", "3", "0.3"):
        add("double", float(f"{s}e{k}"))
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
ids_match "float/double sweep" "$tmp/floats.ll"
finish
