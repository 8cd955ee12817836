#!/usr/bin/env bash
# bench/analyze/run.sh WORKDIR [PROGRAM...] — the whole pipeline, .bc -> call graph and
# points-to, on real programs built from source, beside Soufflé on the same .dl.
#
# PROGRAM is lua_O0, sqlite3_O0, lua_O2, ... (default: lua_O0 sqlite3_O0): the bitcode
# bench/analyze/programs.sh builds into WORKDIR/bc (it is run first when one is missing).
# For each program, in the same run:
#   irlog analyze P.bc -o OUT --format json   wall time, peak RSS, phase times, sizes
#   irlog analyze ... --context 1-callsite    (CONTEXT1=1)
#   irlog analyze ... --models P_models.dl    (when bench/analyze/P_models.dl exists)
#   irlog facts P.bc -o FACTS                 the facts Soufflé reads
#   irlog run   datalog/pointsto.dl -F FACTS  the engine alone on the fact files
#   souffle     datalog/pointsto.dl -F FACTS  Soufflé's interpreter, and its compiled mode
#                                             (souffle -o, compiled with -j JOBS)
# and prints each time with its ratio to irlog's. Soufflé is found through $SOUFFLE or
# PATH; without it those rows are skipped. Every run is cut at TIMEOUT seconds (default
# 600) and reported as such. Peak RSS is what wait4 gives (/usr/bin/time -f %M).
# Environment: IRLOG (default build/irlog), JOBS (default 2), TIMEOUT, CONTEXT1.
# Never run from ctest. Measure on an idle machine.
set -u
work=${1:?usage: run.sh WORKDIR [PROGRAM...]}; shift
progs=("$@"); [ ${#progs[@]} -gt 0 ] || progs=(lua_O0 sqlite3_O0)
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
irlog=${IRLOG:-$top/build/irlog}
jobs=${JOBS:-2}
tmo=${TIMEOUT:-600}
souffle=${SOUFFLE:-$(command -v souffle || true)}
[ -x "$irlog" ] || { echo "run.sh: no irlog at $irlog; build it or set IRLOG" >&2; exit 2; }
mkdir -p "$work" && work=$(cd "$work" && pwd)
for p in "${progs[@]}"; do
  [ -f "$work/bc/$p.bc" ] || bash "$here/programs.sh" "$work" "${p##*_}" || exit 1
done
res=$work/results; mkdir -p "$res"

# timed NAME CMD...: runs CMD under TIMEOUT; sets T (seconds or "timeout"/"failed") and M (MiB)
timed() {
  local name=$1; shift
  /usr/bin/time -f '%e %M' -o "$res/$name.time" timeout "$tmo" "$@" >"$res/$name.out" 2>"$res/$name.err"
  local rc=$?
  # (time writes "Command exited with non-zero status N" first when the command failed)
  read -r T M < <(tail -n 1 "$res/$name.time" 2>/dev/null) || { T=?; M=0; }
  case $M in '' | *[!0-9]*) M=0 ;; esac
  M=$((M / 1024))
  if [ $rc = 124 ]; then T="timeout(${tmo}s)"; elif [ $rc != 0 ]; then T="failed(rc=$rc)"; fi
}
ratio() { python3 -c "import sys; a,b=sys.argv[1:]; print('%.2fx' % (float(a)/float(b)))" "$1" "$2" 2>/dev/null || echo "-"; }

printf '%-12s %-28s %12s %9s %8s\n' program run seconds MiB ratio
for p in "${progs[@]}"; do
  bc=$work/bc/$p.bc
  timed "$p.analyze" "$irlog" analyze "$bc" -o "$res/$p.out" --format json -j "$jobs" -q
  base=$T
  printf '%-12s %-28s %12s %9s %8s\n' "$p" "irlog analyze" "$T" "$M" "1.00x"
  [ -s "$res/$p.analyze.out" ] && sed 's/^/    /' "$res/$p.analyze.out" | grep -E '"(pointer_variables|dereferenced|objects|call_graph_edges|reachable_functions|indirect_calls|unmodelled_calls|seconds)"'
  # a program with a model file of its own here (sqlite3_models.dl: its allocator as an
  # allocator) is also analysed with it
  mf=$here/${p%_*}_models.dl
  if [ -f "$mf" ]; then
    timed "$p.analyze_models" "$irlog" analyze "$bc" -o "$res/$p.outm" --models "$mf" --format json -j "$jobs" -q
    printf '%-12s %-28s %12s %9s %8s\n' "$p" "irlog analyze --models" "$T" "$M" "$(ratio "$T" "$base")"
  fi
  if [ "${CONTEXT1:-0}" = 1 ]; then
    timed "$p.analyze1" "$irlog" analyze "$bc" -o "$res/$p.out1" --context 1-callsite --format json -j "$jobs" -q
    printf '%-12s %-28s %12s %9s %8s\n' "$p" "irlog analyze 1-callsite" "$T" "$M" "$(ratio "$T" "$base")"
  fi
  rm -rf "$res/$p.facts"
  timed "$p.facts" "$irlog" facts "$bc" -o "$res/$p.facts"
  printf '%-12s %-28s %12s %9s %8s\n' "$p" "irlog facts" "$T" "$M" "-"
  timed "$p.run" "$irlog" run "$top/datalog/pointsto.dl" -F "$res/$p.facts" -D "$res/$p.run" -j "$jobs" -q
  mkdir -p "$res/$p.run"
  run=$T
  printf '%-12s %-28s %12s %9s %8s\n' "$p" "irlog run (engine only)" "$T" "$M" "1.00x"
  if [ -n "$souffle" ]; then
    mkdir -p "$res/$p.si" "$res/$p.sc"
    timed "$p.souffle_i" "$souffle" -F "$res/$p.facts" -D "$res/$p.si" -j "$jobs" "$top/datalog/pointsto.dl"
    printf '%-12s %-28s %12s %9s %8s\n' "$p" "souffle interpreter" "$T" "$M" "$(ratio "$T" "$run")"
    [ -x "$res/pointsto_souffle" ] ||
      "$souffle" -j "$jobs" -o "$res/pointsto_souffle" "$top/datalog/pointsto.dl" >"$res/compile.log" 2>&1
    timed "$p.souffle_c" "$res/pointsto_souffle" -F "$res/$p.facts" -D "$res/$p.sc" -j "$jobs"
    printf '%-12s %-28s %12s %9s %8s\n' "$p" "souffle compiled" "$T" "$M" "$(ratio "$T" "$run")"
  else
    echo "(no souffle: set SOUFFLE or put it on PATH for the Soufflé rows)"
  fi
done
echo "outputs and logs: $res"
