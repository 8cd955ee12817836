#!/usr/bin/env bash
# test_programs.sh IRLOG LLVM_BIN SRCDIR — real C and C++ programs through irlog.
# Each tests/programs/<prog>.{c,cpp} is compiled by clang-19 during the test at
# `-O0 -g` and at `-O2`, as text (.ll) and as bitcode (.bc); `irlog facts` must succeed
# on each of the four modules, and every expectation of tests/programs/<prog>.expect
# must hold in each fact set (format: tests/ir/factcheck.py, docs/testing.md).
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

compile_programs "$tmp/bin" || finish
# one irlog run per format over all modules (--separate -j 2: one directory per input,
# named after it; test_determinism.sh shows that this equals one run per input)
for ext in ll bc; do
  "$irlog" facts --separate -j 2 "$tmp"/bin/*.$ext -o "$tmp/facts.$ext" 2>"$tmp/err.$ext" ||
    echo "note: irlog facts --separate over the .$ext files exited with $?"
done
for src in "$srcdir"/tests/programs/*.c "$srcdir"/tests/programs/*.cpp; do
  [ -f "$src" ] || continue
  p=$(basename "$src"); p=${p%.*}
  exp="$srcdir/tests/programs/$p.expect"
  if [ ! -f "$exp" ]; then
    fail "$p: no expectation file tests/programs/$p.expect"; continue
  fi
  nexp=$(grep -cv -e '^[[:space:]]*$' -e '^[?]*#[^c]' "$exp")
  for lvl in O0 O2; do
    for ext in ll bc; do
      out="$tmp/facts.$ext/$p.$lvl"
      if [ ! -d "$out" ]; then
        fail "$p -$lvl .$ext: irlog facts failed (its stderr, for all the .$ext inputs:)"
        sed 's/^/     /' "$tmp/err.$ext" | head -20
        continue
      fi
      factcheck expect "$out" "$exp" >"$tmp/res"
      check $? "$p -$lvl .$ext: $nexp expectations" "$tmp/res"
    done
  done
done
finish
