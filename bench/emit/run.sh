#!/usr/bin/env bash
# run.sh IRLOG MODULE.bc... — the time of irlog emit against llvm-as-19 on the text it
# writes (issue 11's target: emit at most 2x llvm-as), the time of irlog emit -o X.bc
# (text, then LLVM's parser, verifier and bitcode writer in a child), and whether the
# round trip is exact.
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
printf '%-24s %10s %10s %8s %12s  %s\n' module emit_s llvm-as_s ratio emit_bc_s round-trip
for m in "$@"; do
  n=$(basename "$m" .bc)
  "$irlog" facts "$m" -o "$tmp/$n.facts" >/dev/null || { echo "$n: irlog facts failed"; continue; }
  "$irlog" emit "$tmp/$n.facts" -o "$tmp/$n.ll" || { echo "$n: irlog emit failed"; continue; }
  te=$(best "$irlog" emit "$tmp/$n.facts" -o "$tmp/$n.again.ll")
  ta=$(best llvm-as-19 "$tmp/$n.ll" -o "$tmp/$n.bc")
  tb=$(best "$irlog" emit "$tmp/$n.facts" -o "$tmp/$n.api.bc")
  exact=differs
  if llvm-as-19 "$tmp/$n.ll" -o "$tmp/$n.bc" &&
     diff <(llvm-dis-19 "$m" -o - | grep -v '^; ModuleID') \
          <(llvm-dis-19 "$tmp/$n.bc" -o - | grep -v '^; ModuleID') >/dev/null; then exact=exact; fi
  printf '%-24s %10.2f %10.2f %8.2f %12.2f  %s\n' "$n" "$te" "$ta" "$(awk -v a="$te" -v b="$ta" 'BEGIN{print (b > 0 ? a / b : 0)}')" "$tb" "$exact"
done
