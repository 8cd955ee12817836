#!/usr/bin/env bash
# test_souffle.sh IRLOG LLVM_BIN SRCDIR — datalog/analysis/taint.dl gives the same results under
# Soufflé as under `irlog run`. Skipped (exit 0, `skip: ...`) when there is no Soufflé:
# $SOUFFLE, else `souffle` on PATH; it must be built with 64-bit numbers
# (-DSOUFFLE_DOMAIN_64BIT=ON: `souffle --version` says `Word size: 64 bits`). For a few
# programs of tests/taint/programs at -O0 -g and -O2 -g (sanitizer.c with its config
# file), every .output relation (taint.dl's and pointsto.dl's) must have the same rows,
# sorted, from `souffle -F FACTS -D OUT` (its interpreter) and from `irlog run -F FACTS -D OUT`.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
srcdir=$(cd "$srcdir" && pwd)
need_souffle
progs="$srcdir/tests/taint/programs"
clang=$(tool clang)
mkdir -p "$tmp/bc"
for p in varargs memcpy_struct qsort_cb sanitizer struct_fields; do
  for lvl in O0 O2; do
    (cd "$progs" && "$clang" "-$lvl" -g -c -emit-llvm -ffile-prefix-map="$progs"=. -Wno-format-security \
      "$p.c" -o "$tmp/bc/$p.$lvl.bc") 2>"$tmp/clang.err" || { fail "$p -$lvl: clang"; sed 's/^/     /' "$tmp/clang.err" | head; }
  done
done
"$irlog" facts --separate -j 2 "$tmp"/bc/*.bc -o "$tmp/facts" 2>"$tmp/facts.err" ||
  { fail "irlog facts"; sed 's/^/     /' "$tmp/facts.err" | head; finish; }
compare() { # A B: the same .csv files with the same sorted rows
  local a=$1 b=$2 f bad=0
  for f in "$a"/*.csv; do
    [ -f "$b/$(basename "$f")" ] || { echo "$(basename "$f"): only from Soufflé"; bad=1; continue; }
    if ! cmp -s <(LC_ALL=C sort "$f") <(LC_ALL=C sort "$b/$(basename "$f")"); then
      echo "$(basename "$f"): rows differ (< Soufflé, > irlog):"
      diff <(LC_ALL=C sort "$f") <(LC_ALL=C sort "$b/$(basename "$f")") | head -8; bad=1
    fi
  done
  for f in "$b"/*.csv; do [ -f "$a/$(basename "$f")" ] || { echo "$(basename "$f"): only from irlog"; bad=1; }; done
  return $bad
}
for f in "$tmp"/facts/*; do
  id=$(basename "$f")
  dl="$srcdir/datalog/analysis/taint.dl"
  case $id in sanitizer.*)
    printf '#include "%s"\n#include "%s"\n' "$dl" "$progs/sanitizer.dl" >"$tmp/sanitizer.dl"; dl=$tmp/sanitizer.dl ;;
  esac
  mkdir -p "$tmp/s/$id" "$tmp/i/$id"
  if ! "$souffle" -F "$f" -D "$tmp/s/$id" "$dl" >"$tmp/s.out" 2>&1 || grep -qi 'error' "$tmp/s.out"; then
    fail "$id: Soufflé rejects or fails on datalog/analysis/taint.dl"; sed 's/^/     /' "$tmp/s.out" | head -12; continue
  fi
  if ! "$irlog" run "$dl" -F "$f" -D "$tmp/i/$id" -w -q 2>"$tmp/i.err"; then
    fail "$id: irlog run failed"; sed 's/^/     /' "$tmp/i.err" | head; continue
  fi
  [ -s "$tmp/i/$id/taint_sink_site.csv" ] || fail "$id: no sink site: the comparison would prove little"
  compare "$tmp/s/$id" "$tmp/i/$id" >"$tmp/diff"
  check $? "$id: every relation the same under Soufflé and irlog" "$tmp/diff"
done
finish
