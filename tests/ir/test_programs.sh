#!/usr/bin/env bash
# test_programs.sh IRLOG LLVM_BIN SRCDIR — real C and C++ programs through irlog.
# Each tests/programs/<prog>.{c,cpp} is compiled by clang-19 during the test at
# `-O0 -g` and at `-O2`, as text (.ll) and as bitcode (.bc); `irlog facts` must succeed
# on each of the four modules, and every expectation of tests/programs/<prog>.expect
# must hold in each fact set (format: tests/ir/factcheck.py, docs/testing.md).
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

compile_programs "$tmp/bin" || finish
mkdir -p "$tmp/facts"
for src in "$srcdir"/tests/programs/*.c "$srcdir"/tests/programs/*.cpp; do
  [ -f "$src" ] || continue
  p=$(basename "$src"); p=${p%.*}
  exp="$srcdir/tests/programs/$p.expect"
  if [ ! -f "$exp" ]; then
    fail "$p: no expectation file tests/programs/$p.expect"; continue
  fi
  for lvl in O0 O2; do
    for ext in ll bc; do
      in="$tmp/bin/$p.$lvl.$ext" out="$tmp/facts/$p.$lvl.$ext"
      if ! "$irlog" facts "$in" -o "$out" 2>"$tmp/err"; then
        fail "$p -$lvl .$ext: irlog facts failed"; sed 's/^/     /' "$tmp/err" | head -20
        continue
      fi
      factcheck expect "$out" "$exp" >"$tmp/res"
      check $? "$p -$lvl .$ext: $(grep -cv -e '^[[:space:]]*$' -e '^[?]*#[^c]' "$exp") expectations" "$tmp/res"
      rm -rf "$out"
    done
  done
done
finish
