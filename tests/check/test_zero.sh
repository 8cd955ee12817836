#!/usr/bin/env bash
# test_zero.sh IRLOG LLVM_BIN SRCDIR — `irlog check` finds no violation in any valid
# module of the project: every golden fixture, the check base module, the slot
# fixtures, the C/C++ test programs and the example compiled by clang-19 at -O0 -g and
# -O2, and tests/emit/lto's units as ThinLTO and LTO objects (module summary indexes).
set -u
irlog=$1 llvm_bin=$2 src=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
one() { # name input
  if out=$("$irlog" check "$2" --limit 3 2>&1); then pass=$((pass+1)); echo "ok   $1"
  else fail=$((fail+1)); echo "FAIL $1:"; echo "$out" | head -15; fi
}
for f in "$src"/tests/golden/ir/*.ll "$src"/tests/check/base.ll "$src"/tests/ir/slots/*.ll; do
  [ -f "$f" ] && one "$(basename "$f")" "$f"
done
clang="$llvm_bin/clang"; [ -x "$clang" ] || clang=$(command -v clang-19)
for f in "$src"/tests/programs/*.c "$src"/tests/programs/*.cpp "$src"/examples/list.c; do
  [ -f "$f" ] || continue
  cc="$clang"; case "$f" in *.cpp) cc="${clang}++";; esac
  for opt in "-O0 -g" "-O2"; do
    if "$cc" $opt -c -emit-llvm "$f" -o "$tmp/p.bc" 2>"$tmp/err"; then one "$(basename "$f") $opt" "$tmp/p.bc"
    else fail=$((fail+1)); echo "FAIL $(basename "$f") $opt: does not compile"; head -5 "$tmp/err"; fi
  done
done
# module summary indexes: the C and C++ units of the round trip's ThinLTO and LTO cases
for f in "$src"/tests/emit/lto/*.c "$src"/tests/emit/lto/*.cpp; do
  [ -f "$f" ] || continue
  cc="$clang"; case "$f" in *.cpp) cc="${clang}++";; esac
  for opt in "-O0 -flto=thin" "-O2 -flto=thin" "-O2 -flto"; do
    if "$cc" $opt -c "$f" -o "$tmp/p.bc" 2>"$tmp/err"; then one "$(basename "$f") $opt" "$tmp/p.bc"
    else fail=$((fail+1)); echo "FAIL $(basename "$f") $opt: does not compile"; head -5 "$tmp/err"; fi
  done
done
echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
