#!/usr/bin/env bash
# test_souffle.sh IRLOG LLVM_BIN SRCDIR — datalog/analysis/pointsto.dl gives the same results
# under Soufflé as under `irlog run`. Skipped (exit 0, `skip: ...`) when there is no
# Soufflé: $SOUFFLE, else `souffle` on PATH. For a few programs of
# tests/analyze/programs (big/lisp.c among them) at -O0 -g and -O2 -g, context-insensitive and with
# -M 'IRLOG_CONTEXT_DEPTH=1 IRLOG_CONTEXT_OUTPUT' (the per-context sets too), every .output relation must have the same rows (sorted)
# from `souffle -F FACTS -D OUT datalog/analysis/pointsto.dl` (its interpreter) and from
# `irlog run datalog/analysis/pointsto.dl -F FACTS -D OUT`. Soufflé must be built with 64-bit
# numbers (-DSOUFFLE_DOMAIN_64BIT=ON): `souffle --version` says `Word size: 64 bits`.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/analyze/lib.sh"

need_souffle
dl="$srcdir/datalog/analysis/pointsto.dl"
progs_used="virtual varargs memcpy_struct lib_callbacks heap_struct_array big/lisp"

mkdir -p "$tmp/bc"
for q in $progs_used; do
  src=$progs/$q.c; [ -f "$src" ] || src=$progs/$q.cpp
  p=$(basename "$q")
  for lvl in O0 O2; do
    compile_one "$src" "$lvl" "$tmp/bc/$p.$lvl.bc" 2>"$tmp/clang.err" ||
      { fail "$p -$lvl: clang failed"; sed 's/^/     /' "$tmp/clang.err" | head; }
  done
done
"$irlog" facts --separate -j 2 "$tmp"/bc/*.bc -o "$tmp/facts" 2>"$tmp/facts.err" ||
  { fail "irlog facts"; sed 's/^/     /' "$tmp/facts.err" | head; finish; }

# compare OUT_A OUT_B: the same .csv files with the same sorted rows
compare() {
  local a=$1 b=$2 f bad=0
  for f in "$a"/*.csv; do
    [ -f "$b/$(basename "$f")" ] || { echo "$(basename "$f"): only from Soufflé"; bad=1; continue; }
    if ! cmp -s <(LC_ALL=C sort "$f") <(LC_ALL=C sort "$b/$(basename "$f")"); then
      echo "$(basename "$f"): rows differ (< Soufflé, > irlog):"
      diff <(LC_ALL=C sort "$f") <(LC_ALL=C sort "$b/$(basename "$f")") | head -8
      bad=1
    fi
  done
  for f in "$b"/*.csv; do
    [ -f "$a/$(basename "$f")" ] || { echo "$(basename "$f"): only from irlog"; bad=1; }
  done
  return $bad
}

first=1
for q in $progs_used; do
  p=$(basename "$q")
  for lvl in O0 O2; do
    f=$tmp/facts/$p.$lvl
    [ -d "$f" ] || continue
    for depth in 0 1; do
      id=$p.$lvl.d$depth
      mkdir -p "$tmp/s/$id" "$tmp/i/$id"
      macro=()
      [ "$depth" = 1 ] && macro=(-M 'IRLOG_CONTEXT_DEPTH=1 IRLOG_CONTEXT_OUTPUT')
      if ! "$souffle" -F "$f" -D "$tmp/s/$id" "${macro[@]}" "$dl" >"$tmp/s.out" 2>&1 ||
         grep -q -i 'error' "$tmp/s.out"; then
        fail "$p -$lvl depth $depth: Soufflé rejects or fails on datalog/analysis/pointsto.dl"
        sed 's/^/     /' "$tmp/s.out" | head -12
        if [ $first = 1 ]; then
          echo "     (the same failure for every program: stopping here)"
          finish
        fi
        continue
      fi
      first=0
      if ! "$irlog" run "$dl" -F "$f" -D "$tmp/i/$id" -w -q "${macro[@]}" 2>"$tmp/i.err"; then
        fail "$p -$lvl depth $depth: irlog run failed"; sed 's/^/     /' "$tmp/i.err" | head; continue
      fi
      compare "$tmp/s/$id" "$tmp/i/$id" >"$tmp/diff"
      check $? "$p -$lvl depth $depth: Soufflé and irlog give the same rows ($(cat "$tmp/i/$id"/*.csv | wc -l) rows)" "$tmp/diff"
    done
  done
done
finish
