#!/usr/bin/env bash
# bench/facts/run.sh [SIZE|MODULE...] — the cost of `irlog facts` against LLVM's own parser.
#
# An argument that is a file (.bc or .ll, e.g. the sqlite3 shell at -O0) is measured as
# it is; its instructions are counted from the facts. For each size (default: 10k 100k
# 1M instructions) gen.py writes a synthetic module
# (bench/facts/gen.py: many functions, a realistic instruction mix, globals, !tbaa and
# debug locations), llvm-as-19 turns it into bitcode, and then, in the same run:
#   llvm-dis-19 x.bc -o /dev/null      (LLVM reading the bitcode and printing all of it)
#   irlog facts x.bc -o DIR            (reading, verifying, walking, writing the facts)
# are timed with their peak RSS (wall time to the millisecond; peak RSS as wait4 gives it,
# which is what /usr/bin/time -f %M reports). irlog does its work in a
# forked child; time reports the peak of the largest process, and the child, which
# starts without the parent's page-table entries for libLLVM, under-counts what one
# process doing it all needs. So irlog also runs once with --in-process (same work, one
# process, like llvm-dis), and the memory ratio uses the larger of the two peaks.
# The table gives the ratios beside the targets of DESIGN.md: time <= 2x llvm-dis,
# memory <= 3x.
#
# Environment: IRLOG (default build/irlog, else build-*/irlog), LLVM_BIN (default
# /usr/lib/llvm-19/bin), BENCH_DIR (where the modules and facts go; default a temporary
# directory, removed at the end unless KEEP=1), REPEAT (runs per measurement, the best
# is kept; default 1). Never run from ctest: it takes minutes at 1M.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-19/bin}
irlog=${IRLOG:-}
if [ -z "$irlog" ]; then
  for c in "$top/build/irlog" "$top"/build-*/irlog; do [ -x "$c" ] && { irlog=$c; break; }; done
fi
[ -x "${irlog:-}" ] || { echo "run.sh: no irlog binary; build it or set IRLOG" >&2; exit 2; }
llvm_as="$llvm_bin/llvm-as"; [ -x "$llvm_as" ] || llvm_as=llvm-as-19
llvm_dis="$llvm_bin/llvm-dis"; [ -x "$llvm_dis" ] || llvm_dis=llvm-dis-19
repeat=${REPEAT:-1}
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(10k 100k 1M)
if [ -n "${BENCH_DIR:-}" ]; then work=$BENCH_DIR; mkdir -p "$work"
else work=$(mktemp -d "${TMPDIR:-/tmp}/irlog-bench.XXXXXX"); [ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT; fi

# measure CMD... → prints "seconds peak_KiB" (the best of REPEAT runs, to the millisecond;
# the peak RSS is wait4's: the largest of the process and the children it waited for,
# as /usr/bin/time reports it); $prep is run (untimed) before each run
prep=:
measure() {
  python3 - "$repeat" "$prep" "$@" <<'PY'
import os, subprocess, sys, time
best = None
for _ in range(int(sys.argv[1])):
    subprocess.run(["bash", "-c", sys.argv[2]])
    t = time.monotonic()
    p = subprocess.Popen(sys.argv[3:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    t = time.monotonic() - t
    if status:
        sys.stderr.write(err.decode(errors="replace")); sys.exit(1)
    if best is None or t < best[0]:
        best = (t, ru.ru_maxrss)
print(f"{best[0]:.3f} {best[1]}")
PY
}

commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$top" status --porcelain -- src cli 2>/dev/null | head -1)
echo "irlog facts vs llvm-dis-19 — $(date -u '+%Y-%m-%d %H:%M UTC'); source tree at $commit${dirty:+ (src/cli modified)}"
echo "irlog: $irlog ($("$irlog" --version 2>&1 | head -1); the tree commit is that of the binary only if it was built from this tree)"
echo "$(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); best of $repeat"
echo
printf '%12s %9s %8s %11s %8s %10s %10s %12s %8s\n' instructions "irlog s" "us/insn" "llvm-dis s" "time x" "irlog MiB" "in-proc" "llvm-dis MiB" "mem x"
printf '%12s %9s %8s %11s %8s %10s %10s %12s %8s\n' "" "" "" "" "(<= 2)" "" "MiB" "" "(<= 3)"
for size in "${sizes[@]}"; do
  if [ -f "$size" ]; then
    ll= bc=$size out="$work/facts.$(basename "$size")" n=
  else
    ll="$work/m$size.ll" bc="$work/m$size.bc" out="$work/facts$size"
    python3 -B "$here/gen.py" "$size" -o "$ll" 2>"$work/gen.err"
    n=$(sed -n 's/^gen.py: \([0-9]*\) instructions.*/\1/p' "$work/gen.err")
    "$llvm_as" "$ll" -o "$bc"
  fi
  rm -rf "$out"
  prep=:
  read -r dis_s dis_k <<<"$(measure "$llvm_dis" "$bc" -o /dev/null)"
  prep="rm -rf '$out'"
  read -r ir_s ir_k <<<"$(measure "$irlog" facts "$bc" -o "$out")"
  read -r _ ip_k <<<"$(measure "$irlog" facts --in-process "$bc" -o "$out")"
  rows=$(cat "$out"/*.facts | wc -l)
  [ -n "$n" ] || n=$(wc -l < "$out/instruction.facts")
  awk -v n="$n" -v is="$ir_s" -v ik="$ir_k" -v pk="$ip_k" -v ds="$dis_s" -v dk="$dis_k" -v rows="$rows" 'BEGIN {
    us = n ? is * 1e6 / n : 0; tr = ds > 0 ? is / ds : 0; mk = ik > pk ? ik : pk; mr = dk > 0 ? mk / dk : 0
    printf "%12d %9.3f %8.2f %11.3f %7.2f%s %10.1f %10.1f %12.1f %7.2f%s  (%d rows)\n", n, is, us, ds, tr,
      (tr <= 2 ? " " : "!"), ik / 1024, pk / 1024, dk / 1024, mr, (mr <= 3 ? " " : "!"), rows }'
  rm -rf "$out" ${ll:+"$ll"}
done
echo
echo "(! marks a ratio above its target; time x = irlog s / llvm-dis s; mem x = the larger"
echo " of irlog's two peaks (default, --in-process) / llvm-dis's peak; rows: facts written)"
