#!/usr/bin/env bash
# bench/facts/sqlite.sh [MODULE.bc|.ll ...] — `irlog facts --format sqlite` against
# `--format tsv` on the same modules, in one run.
#
# For each module (default: the sqlite3 shell at -O0, /work/peers/bc/sqlite3_O0.bc when it
# is there, else bench/facts/gen.py's 100k-instruction module), times
#   irlog facts M -o DIR                  (the .facts files)
#   irlog facts M -o M.db --format sqlite (the SQLite database)
# REPEAT times (default 5), alternating the two, each pair one after the other (wall time),
# and prints the median of each and the median of the per-pair ratios sqlite/tsv (target
# of issue 26: <= 2.0 on lua -O0, <= 2.5 on sqlite3 -O0; pairs share the machine's load, so their ratio is steadier than
# either time), the lowest and highest of those ratios, and the sizes. Not a test: it
# never fails on a ratio. Environment: IRLOG (default build/irlog, else build-*/irlog), BENCH_DIR (where the
# outputs go; default a temporary directory under $TMPDIR or /tmp, removed at the end),
# REPEAT, LLVM_BIN (default /usr/lib/llvm-19/bin, for the generated module).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
irlog=${IRLOG:-}
if [ -z "$irlog" ]; then
  for c in "$top/build/irlog" "$top"/build-*/irlog; do [ -x "$c" ] && { irlog=$c; break; }; done
fi
[ -x "${irlog:-}" ] || { echo "sqlite.sh: no irlog binary; build it or set IRLOG" >&2; exit 2; }
repeat=${REPEAT:-5}
if [ -n "${BENCH_DIR:-}" ]; then work=$BENCH_DIR; mkdir -p "$work"
else work=$(mktemp -d "${TMPDIR:-/tmp}/irlog-bench-sqlite.XXXXXX"); trap 'rm -rf "$work"' EXIT; fi
mods=("$@")
if [ ${#mods[@]} = 0 ]; then
  if [ -f /work/peers/bc/sqlite3_O0.bc ]; then mods=(/work/peers/bc/sqlite3_O0.bc)
  else
    llvm_bin=${LLVM_BIN:-/usr/lib/llvm-19/bin}
    python3 "$here/gen.py" 100k > "$work/gen100k.ll"
    "$llvm_bin/llvm-as" "$work/gen100k.ll" -o "$work/gen100k.bc"
    mods=("$work/gen100k.bc")
  fi
fi
now() { date +%s.%N; }
# run FORMAT MODULE → seconds of one run (the output removed first, untimed)
run() {
  local fmt=$1 m=$2 out
  if [ "$fmt" = sqlite ]; then out="$work/out.db"; else out="$work/out.$fmt"; fi
  rm -rf "$out"
  local t0 t1
  t0=$(now)
  "$irlog" facts "$m" -o "$out" --format "$fmt" > /dev/null
  t1=$(now)
  echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }'
}
# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-28s %9s %9s %7s %13s %8s %8s\n' module tsv_s sqlite_s ratio ratio_range tsv_MB db_MB
for m in "${mods[@]}"; do
  ts=() ss=() rs=()
  for ((k = 0; k < repeat; k++)); do
    t=$(run tsv "$m"); s=$(run sqlite "$m")
    ts+=("$t"); ss+=("$s")
    rs+=("$(echo "$s $t" | awk '{ printf "%.3f", $1 / $2 }')")
  done
  tsv_mb=$(du -sm "$work/out.tsv" | cut -f1); db_mb=$(du -sm "$work/out.db" | cut -f1)
  mt=$(printf '%s\n' "${ts[@]}" | median); ms=$(printf '%s\n' "${ss[@]}" | median)
  mr=$(printf '%s\n' "${rs[@]}" | median)
  lo=$(printf '%s\n' "${rs[@]}" | sort -g | head -1); hi=$(printf '%s\n' "${rs[@]}" | sort -g | tail -1)
  printf '%-28s %9s %9s %7s %13s %8s %8s\n' "$(basename "$m")" "$mt" "$ms" "$(printf '%.2fx' "$mr")" \
    "$(printf '%.2f-%.2f' "$lo" "$hi")" "$tsv_mb" "$db_mb"
done
echo "(medians of $repeat runs each, ratio: median of the per-pair ratios; targets: sqlite <= 2.0x tsv on lua -O0, <= 2.5x on sqlite3 -O0)"
