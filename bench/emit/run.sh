#!/usr/bin/env bash
# run.sh IRLOG MODULE.bc... — the time of irlog emit against llvm-as-19 on the text it
# writes (issue 11's target: emit at most 2x llvm-as), the time of irlog emit -o X.bc
# (text, then LLVM's parser, verifier and bitcode writer in a child), the whole round
# trip (trip_s: irlog facts M, then irlog emit) against llvm-dis-19 M + llvm-as-19 of
# that text (dis+as_s), and whether the round trip is exact.
# Each tool runs 3 times; the best user+sys time counts. Real programs:
# bench/analyze/programs.sh WORKDIR builds Lua and SQLite's shell as bitcode
# (WORKDIR/bc/lua_O0.bc, WORKDIR/bc/sqlite3_O0.bc).
set -u
irlog=${1:?usage: run.sh IRLOG MODULE.bc...}; shift
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
best() { # best CMD... → prints the best user+sys seconds of 3 runs
  local b=
  for _ in 1 2 3; do
    local t
    /usr/bin/time -o "$tmp/time" -f '%U %S' "$@" >/dev/null 2>&1
    t=$(tail -1 "$tmp/time" | awk '{print $1 + $2}')
    if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN{exit !(a < b)}'; then b=$t; fi
  done
  echo "$b"
}
printf '%-16s %7s %9s %6s %9s | %7s %10s %7s %9s %6s | %s\n' module emit_s llvm-as_s ratio \
  emit_bc_s facts_s llvm-dis_s trip_s dis+as_s ratio round-trip
for m in "$@"; do
  n=$(basename "$m" .bc)
  "$irlog" facts "$m" -o "$tmp/$n.facts" >/dev/null || { echo "$n: irlog facts failed"; continue; }
  "$irlog" emit "$tmp/$n.facts" -o "$tmp/$n.ll" || { echo "$n: irlog emit failed"; continue; }
  te=$(best "$irlog" emit "$tmp/$n.facts" -o "$tmp/$n.again.ll")
  ta=$(best llvm-as-19 "$tmp/$n.ll" -o "$tmp/$n.bc")
  tb=$(best "$irlog" emit "$tmp/$n.facts" -o "$tmp/$n.api.bc")
  tf=$(best "$irlog" facts "$m" -o "$tmp/$n.facts2")
  td=$(best llvm-dis-19 "$m" -o "$tmp/$n.dis.ll")
  ta2=$(best llvm-as-19 "$tmp/$n.dis.ll" -o "$tmp/$n.dis.bc")
  exact=differs
  if llvm-as-19 "$tmp/$n.ll" -o "$tmp/$n.bc" &&
     diff <(llvm-dis-19 "$m" -o - | grep -v '^; ModuleID') \
          <(llvm-dis-19 "$tmp/$n.bc" -o - | grep -v '^; ModuleID') >/dev/null; then exact=exact; fi
  trip=$(awk -v a="$tf" -v b="$te" 'BEGIN{print a + b}') ref=$(awk -v a="$td" -v b="$ta2" 'BEGIN{print a + b}')
  printf '%-16s %7.2f %9.2f %6.2f %9.2f | %7.2f %10.2f %7.2f %9.2f %6.2f | %s\n' "$n" "$te" "$ta" \
    "$(awk -v a="$te" -v b="$ta" 'BEGIN{print (b > 0 ? a / b : 0)}')" "$tb" "$tf" "$td" "$trip" "$ref" \
    "$(awk -v a="$trip" -v b="$ref" 'BEGIN{print (b > 0 ? a / b : 0)}')" "$exact"
done
