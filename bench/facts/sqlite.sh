#!/usr/bin/env bash
# bench/facts/sqlite.sh [MODULE.bc|.ll ...] — `irlog facts --format sqlite` against
# `--format tsv` on the same modules, in one run.
#
# For each module (default: the sqlite3 shell and lua at -O0, sqlite3_O0.bc and lua_O0.bc
# from BC_DIR, else /work/peers/bc, else /tmp/benchwork/bc; gen.py's 100k-instruction
# module when none is there), times
#   irlog facts M -o DIR                  (the .facts files)
#   irlog facts M -o M.db --format sqlite (the SQLite database)
# REPEAT times (default 5), alternating the two, each pair one after the other, and prints
# the median wall time of each, the median of the per-pair ratios sqlite/tsv of wall time
# (pairs share the machine's load, so their ratio is steadier than either time) with the
# lowest and highest, the median ratio of CPU time (user + sys), issue 26's target for
# the module (sqlite at most 2.0x tsv on lua -O0, 2.5x on sqlite3 -O0; none for other
# modules) and the sizes. Not a test: it never fails on a ratio. Environment: IRLOG
# (default build/irlog, else build-*/irlog), BC_DIR, BENCH_DIR (where the outputs go;
# default a temporary directory under $TMPDIR or /tmp, removed at the end; tmpfs such as
# /dev/shm keeps the disk out of the figures), REPEAT, LLVM_BIN (default
# /usr/lib/llvm-19/bin, for the generated module).
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
  for d in ${BC_DIR:-} /work/peers/bc /tmp/benchwork/bc; do
    [ -f "$d/sqlite3_O0.bc" ] && [ -f "$d/lua_O0.bc" ] && { mods=("$d/sqlite3_O0.bc" "$d/lua_O0.bc"); break; }
  done
  if [ ${#mods[@]} = 0 ]; then
    llvm_bin=${LLVM_BIN:-/usr/lib/llvm-19/bin}
    python3 "$here/gen.py" 100k > "$work/gen100k.ll"
    "$llvm_bin/llvm-as" "$work/gen100k.ll" -o "$work/gen100k.bc"
    mods=("$work/gen100k.bc")
  fi
fi
# run FORMAT MODULE → "wall cpu" seconds of one run (the output removed first, untimed);
# a run that fails stops the benchmark with irlog's message (a failed run is no figure)
run() {
  local fmt=$1 m=$2 out
  if [ "$fmt" = sqlite ]; then out="$work/out.db"; else out="$work/out.$fmt"; fi
  rm -rf "$out"
  local TIMEFORMAT='%R %U %S' t rc=0
  t=$( { time "$irlog" facts "$m" -o "$out" --format "$fmt" > /dev/null 2> "$work/err"; } 2>&1 ) || rc=$?
  if [ "$rc" != 0 ]; then
    echo "sqlite.sh: irlog facts $m --format $fmt failed (exit $rc):" >&2
    cat "$work/err" >&2
    return 1
  fi
  echo "$t" | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }'
}
# target MODULE → issue 26's ratio for it, or "-"
target() {
  case "$(basename "$1")" in
    lua_O0.*) echo 2.0 ;;
    sqlite3_O0.*) echo 2.5 ;;
    *) echo - ;;
  esac
}
# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-20s %7s %9s %7s %11s %9s %11s %7s %7s\n' module tsv_s sqlite_s ratio ratio_range cpu_ratio target tsv_MB db_MB
for m in "${mods[@]}"; do
  ts=() ss=() rs=() cs=()
  for ((k = 0; k < repeat; k++)); do
    r=$(run tsv "$m") || exit 1; read -r tw tc <<< "$r"
    r=$(run sqlite "$m") || exit 1; read -r sw sc <<< "$r"
    ts+=("$tw"); ss+=("$sw")
    rs+=("$(echo "$sw $tw" | awk '{ printf "%.3f", $1 / $2 }')")
    cs+=("$(echo "$sc $tc" | awk '{ printf "%.3f", ($2 > 0) ? $1 / $2 : 0 }')")
  done
  tsv_mb=$(du -sm "$work/out.tsv" | cut -f1); db_mb=$(du -sm "$work/out.db" | cut -f1)
  mt=$(printf '%s\n' "${ts[@]}" | median); ms=$(printf '%s\n' "${ss[@]}" | median)
  mr=$(printf '%s\n' "${rs[@]}" | median); mc=$(printf '%s\n' "${cs[@]}" | median)
  lo=$(printf '%s\n' "${rs[@]}" | sort -g | head -1); hi=$(printf '%s\n' "${rs[@]}" | sort -g | tail -1)
  tg=$(target "$m")
  if [ "$tg" != - ]; then
    tg="<=${tg}x:$(echo "$mr $tg" | awk '{ print ($1 <= $2) ? "met" : "not" }')"
  fi
  printf '%-20s %7s %9s %7s %11s %9s %11s %7s %7s\n' "$(basename "$m")" "$mt" "$ms" "$(printf '%.2fx' "$mr")" \
    "$(printf '%.2f-%.2f' "$lo" "$hi")" "$(printf '%.2fx' "$mc")" "$tg" "$tsv_mb" "$db_mb"
done
echo "(medians of $repeat alternating pairs; ratio: median of the per-pair wall-time ratios sqlite/tsv;"
echo " cpu_ratio: the same of user+sys; load average now: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo ?))"
