#!/usr/bin/env bash
# test_programs.sh IRLOG LLVM_BIN SRCDIR — `irlog taint` on the small programs of
# tests/taint/programs, against hand-written expectations.
# Each programs/<prog>.c is compiled by clang-19 at -O0 -g and at -O2 -g; `irlog taint`
# runs on each (with --config programs/FILE.dl when the expectation file has a line
# `# config: FILE.dl`), and every line of programs/<prog>.expect must hold at both levels
# (format: check.py). One ok/FAIL line per program and level.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
progs="$srcdir/tests/taint/programs"
clang=$(tool clang)
n=0
for src in "$progs"/*.c; do
  p=$(basename "$src" .c)
  exp="$progs/$p.expect"
  if [ ! -f "$exp" ]; then fail "$p: no expectation file programs/$p.expect"; continue; fi
  cfg=$(sed -n 's/^# config: //p' "$exp")
  for lvl in O0 O2; do
    n=$((n + 1))
    bc="$tmp/$p.$lvl.bc" out="$tmp/$p.$lvl"
    if ! (cd "$progs" && "$clang" "-$lvl" -g -c -emit-llvm -ffile-prefix-map="$progs"=. \
          -Wno-format-security "$p.c" -o "$bc") 2>"$tmp/clang.err"; then
      fail "$p -$lvl: clang failed"; sed 's/^/     /' "$tmp/clang.err" | head; continue
    fi
    if ! "$irlog" taint "$bc" -o "$out" -q ${cfg:+--config "$progs/$cfg"} >"$out.stdout" 2>"$out.err"; then
      fail "$p -$lvl: irlog taint exited with $?"; sed 's/^/     /' "$out.err" | head; continue
    fi
    python3 -B "$srcdir/tests/taint/check.py" "$out" "$out.stdout" "$exp" >"$tmp/res" 2>&1
    check $? "$p -$lvl: $(grep -c '^[-+]' "$exp") expectations" "$tmp/res"
  done
done
[ "$n" -ge 40 ] || fail "only $n runs: the issue asks for at least 20 programs at two levels"
finish
