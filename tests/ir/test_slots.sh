#!/usr/bin/env bash
# test_slots.sh IRLOG LLVM_BIN SRCDIR — irlog's names of arguments, blocks and
# instruction results equal llvm-dis's (slot numbers of unnamed values, quoting), for
# the slot fixtures, every golden fixture, and the bundled example at -O0 -g and -O2.
set -u
irlog=$1 llvm_bin=$2 src=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { # name input.(ll|bc)
  local name=$1 in=$2
  rm -rf "$tmp/f" "$tmp/d.ll"
  if ! "$irlog" facts "$in" -o "$tmp/f" 2>"$tmp/err"; then echo "FAIL $name: irlog failed"; cat "$tmp/err"; fail=$((fail+1)); return; fi
  "$llvm_bin/llvm-as" -o - "$in" 2>/dev/null | "$llvm_bin/llvm-dis" -o "$tmp/d.ll" - 2>/dev/null \
    || "$llvm_bin/llvm-dis" -o "$tmp/d.ll" "$in"
  if out=$(python3 "$src/tests/ir/slots.py" "$tmp/f" "$tmp/d.ll"); then
    echo "ok   $name ($(echo "$out" | tail -1))"; pass=$((pass+1))
  else
    echo "FAIL $name"; echo "$out" | head -20; fail=$((fail+1))
  fi
}
for c in "$src"/tests/ir/slots/*.ll "$src"/tests/golden/ir/*.ll; do
  [ -f "$c" ] && check "$(basename "$c")" "$c"
done
clang=$(command -v clang-19 || echo "$llvm_bin/clang")
for opt in "-O0 -g" "-O2"; do
  (cd "$src/examples" && "$clang" $opt -c -emit-llvm list.c -o "$tmp/list.bc") && check "list.c $opt" "$tmp/list.bc"
done
echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
