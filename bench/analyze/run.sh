#!/usr/bin/env bash
# bench/analyze/run.sh WORKDIR [PROGRAM...] — the whole pipeline, .bc -> call graph and
# points-to, on real programs built from source, beside Soufflé on the same .dl.
#
# PROGRAM is NAME_LEVEL (lua_O0, zstd_O2, ...; default: bzip2_O0 gzip_O0 tinyxml2_O0
# jsoncpp_O0 yamlcpp_O0 xmlwf_O0 lua_O0 lz4_O0 zstd_O0 mawk_O0 duktape_O0 lmdb_O0 ninja_O0
# leveldb_O0 sqlite3_O0, and quickjs_O0 when
# QUICKJS_SRC is set): the bitcode
# bench/analyze/programs.sh builds into WORKDIR/bc (it is run first when one is missing).
# For each program, in the same run:
#   irlog analyze P.bc -o OUT --format json   wall time, peak RSS, phase times, sizes
#   irlog analyze ... --context 1-callsite    (CONTEXT1=1)
#   irlog analyze ... --models P_models.dl    (when bench/analyze/P_models.dl exists)
#   irlog taint   P.bc -o OUT                 (TAINT=1: datalog/analysis/taint.dl on top, default config)
#   irlog facts P.bc -o FACTS                 the facts Soufflé reads
#   irlog run   datalog/analysis/pointsto.dl -F FACTS  the engine alone on the fact files
#   souffle     datalog/analysis/pointsto.dl -F FACTS  Soufflé's interpreter, and its compiled mode
#                                             (souffle -o, compiled with -j JOBS)
#   wpa -ander -print-fp P16.bc               SVF (SVF_WPA), on LLVM 16 bitcode of the same
#                                             sources (programs.sh with LLVM_VERSION=16, into
#                                             WORKDIR/llvm16), then svf_compare.py: SVF's
#                                             average top-level set and the targets per
#                                             indirect call of both at the same calls (an
#                                             extra irlog analyze --source-names gives the
#                                             places of irlog's)
# and prints each time with its ratio to irlog's. Soufflé is found through $SOUFFLE or
# PATH; without it those rows are skipped. SVF is built outside the repository (against
# LLVM 16): SVF_WPA is its wpa, SVF_EXTAPI its extapi.bc (default: lib/extapi.bc beside
# wpa's bin/); without SVF_WPA those rows are skipped. Every run is cut at TIMEOUT seconds (default
# 600, whole seconds) and reported as such: `irlog analyze` through its own --max-time
# TIMEOUT (exit 5: "not finished in TIMEOUT s", its peak RSS still measured; `timeout`
# kills it only at 2 x TIMEOUT + 60 s, should reading or writing hang), the other
# commands by `timeout TIMEOUT`. Peak RSS is what wait4 gives (/usr/bin/time -f %M).
# WORKDIR/results/summary.tsv gets a row per program as it goes (a program measured again
# replaces its row): program, instructions (the "instructions" of the JSON summary, or the
# rows of instruction.facts when analyze did not finish), seconds of the plain `irlog
# analyze` or timeout:TIMEOUT, MiB. bench/analyze/plot.py draws it:
#   python3 bench/analyze/plot.py WORKDIR/results/summary.tsv -o docs/analyze-scaling.svg
# Environment: IRLOG (default build/irlog), JOBS (default 2), TIMEOUT, CONTEXT1, TAINT,
# SOUFFLE, SVF_WPA, SVF_EXTAPI.
# Never run from ctest. Measure on an idle machine.
set -eu
work=${1:?usage: run.sh WORKDIR [PROGRAM...]}; shift
progs=("$@")
if [ ${#progs[@]} = 0 ]; then
  progs=(bzip2_O0 gzip_O0 tinyxml2_O0 jsoncpp_O0 yamlcpp_O0 xmlwf_O0 lua_O0 lz4_O0 zstd_O0 mawk_O0
    duktape_O0 lmdb_O0 ninja_O0 leveldb_O0 sqlite3_O0)
  [ -z "${QUICKJS_SRC:-}" ] || progs+=(quickjs_O0)
fi
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
irlog=${IRLOG:-$top/build/irlog}
jobs=${JOBS:-2}
tmo=${TIMEOUT:-600}
case $tmo in '' | *[!0-9]* | 0) echo "run.sh: TIMEOUT is a whole number of seconds, not '$tmo'" >&2; exit 2 ;; esac
souffle=${SOUFFLE:-$(command -v souffle || true)}
if [ -n "${SVF_WPA:-}" ]; then
  [ -x "$SVF_WPA" ] || { echo "run.sh: SVF_WPA=$SVF_WPA is not an executable" >&2; exit 2; }
  svf_extapi=${SVF_EXTAPI:-$(cd "$(dirname "$SVF_WPA")/.." && pwd)/lib/extapi.bc}
  [ -f "$svf_extapi" ] || { echo "run.sh: no extapi.bc at $svf_extapi; set SVF_EXTAPI" >&2; exit 2; }
fi
[ -x "$irlog" ] || { echo "run.sh: no irlog at $irlog; build it or set IRLOG" >&2; exit 2; }
mkdir -p "$work" && work=$(cd "$work" && pwd)
for p in "${progs[@]}"; do
  [ -f "$work/bc/$p.bc" ] || bash "$here/programs.sh" "$work" "$p" || exit 1
done
res=$work/results; mkdir -p "$res"

# timed NAME LIMIT CMD...: runs CMD under `timeout LIMIT`; sets T (seconds, or
# "timeout(LIMITs)", "not finished in TIMEOUT s" for analyze's --max-time, "failed(rc=N)"),
# NF (1 when --max-time stopped it) and M (MiB)
timed() {
  local name=$1 limit=$2; shift 2
  local rc=0
  /usr/bin/time -f '%e %M' -o "$res/$name.time" timeout "$limit" "$@" >"$res/$name.out" \
    2>"$res/$name.err" || rc=$?
  NF=0
  # (time writes "Command exited with non-zero status N" first when the command failed)
  read -r T M < <(tail -n 1 "$res/$name.time" 2>/dev/null) || { T='?'; M=0; }
  case $M in '' | *[!0-9]*) M=0 ;; esac
  M=$((M / 1024))
  if [ $rc = 124 ]; then
    T="timeout(${limit}s)"
  elif [ $rc = 5 ] && grep -q 'stopped by --max-time' "$res/$name.err"; then
    T="not finished in $tmo s"; NF=1
  elif [ $rc != 0 ]; then
    T="failed(rc=$rc)"
  fi
}
# the limit of `timeout` around an analyze run that has --max-time TIMEOUT
alim=$((2 * tmo + 60))
# summary PROGRAM INSTRUCTIONS SECONDS MIB: (re)places PROGRAM's row in results/summary.tsv
summary() {
  local f=$res/summary.tsv
  [ -s "$f" ] || printf 'program\tinstructions\tseconds\tMiB\n' >"$f"
  awk -F '\t' -v p="$1" '$1 != p' "$f" >"$f.tmp"
  printf '%s\t%s\t%s\t%s\n' "$@" >>"$f.tmp"
  mv "$f.tmp" "$f"
}
ratio() { python3 -c "import sys; a,b=sys.argv[1:]; print('%.2fx' % (float(a)/float(b)))" "$1" "$2" 2>/dev/null || echo "-"; }

row() { printf '%-12s %-28s %21s %9s %8s\n' "$@"; }
row program run seconds MiB ratio
for p in "${progs[@]}"; do
  bc=$work/bc/$p.bc
  timed "$p.analyze" "$alim" "$irlog" analyze "$bc" -o "$res/$p.out" --format json -j "$jobs" \
    --max-time "$tmo" -q
  base=$T
  case $T in
    timeout\(*) sum_t=timeout:$alim ;;
    *[!0-9.]*) if [ "$NF" = 1 ]; then sum_t=timeout:$tmo; else sum_t=failed; fi ;;
    *) sum_t=$T ;;
  esac
  sum_m=$M
  row "$p" "irlog analyze" "$T" "$M" "1.00x"
  if [ -s "$res/$p.analyze.out" ]; then
    sed 's/^/    /' "$res/$p.analyze.out" |
      grep -E '"(pointer_variables|dereferenced|objects|call_graph_edges|reachable_functions|indirect_calls|unmodelled_calls|seconds)"' || true
  fi
  if [ -n "${SVF_WPA:-}" ]; then
    bc16=$work/llvm16/bc/$p.bc
    [ -f "$bc16" ] || LLVM_VERSION=16 bash "$here/programs.sh" "$work/llvm16" "$p" || exit 1
    timed "$p.svf" "$tmo" "$SVF_WPA" -ander -print-fp -extapi="$svf_extapi" \
      -ind-call-limit=1000000 "$bc16"
    row "$p" "SVF wpa -ander" "$T" "$M" "$(ratio "$T" "$base")"
    timed "$p.analyze_src" "$alim" "$irlog" analyze "$bc" -o "$res/$p.outs" --source-names \
      -j "$jobs" --max-time "$tmo" -q
    if [ -s "$res/$p.outs/indirect_call_targets.csv" ] && [ -s "$res/$p.svf.out" ]; then
      python3 "$here/svf_compare.py" "$res/$p.outs" "$res/$p.svf.out" | sed 's/^/    /' || true
    fi
    rm -rf "$res/$p.outs"
  fi
  # a program with a model file of its own here (sqlite3_models.dl: its allocator as an
  # allocator) is also analysed with it
  mf=$here/${p%_*}_models.dl
  if [ -f "$mf" ]; then
    timed "$p.analyze_models" "$alim" "$irlog" analyze "$bc" -o "$res/$p.outm" --models "$mf" \
      --format json -j "$jobs" --max-time "$tmo" -q
    row "$p" "irlog analyze --models" "$T" "$M" "$(ratio "$T" "$base")"
  fi
  if [ "${TAINT:-0}" = 1 ]; then
    timed "$p.taint" "$alim" "$irlog" taint "$bc" -o "$res/$p.taint" --format json -j "$jobs" \
      --max-time "$tmo" -q
    row "$p" "irlog taint" "$T" "$M" "$(ratio "$T" "$base")"
  fi
  if [ "${CONTEXT1:-0}" = 1 ]; then
    timed "$p.analyze1" "$alim" "$irlog" analyze "$bc" -o "$res/$p.out1" --context 1-callsite \
      --format json -j "$jobs" --max-time "$tmo" -q
    row "$p" "irlog analyze 1-callsite" "$T" "$M" "$(ratio "$T" "$base")"
  fi
  rm -rf "$res/$p.facts"
  timed "$p.facts" "$tmo" "$irlog" facts "$bc" -o "$res/$p.facts"
  row "$p" "irlog facts" "$T" "$M" "-"
  # the instruction count: analyze's JSON summary, else the facts just written
  n=$(sed -n 's/^ *"instructions": *\([0-9]*\).*/\1/p' "$res/$p.analyze.out" 2>/dev/null | head -1)
  if [ -z "$n" ] && [ -f "$res/$p.facts/instruction.facts" ]; then
    n=$(wc -l <"$res/$p.facts/instruction.facts")
  fi
  summary "$p" "${n:-?}" "$sum_t" "$sum_m"
  timed "$p.run" "$tmo" "$irlog" run "$top/datalog/analysis/pointsto.dl" -F "$res/$p.facts" -D "$res/$p.run" -j "$jobs" -q
  mkdir -p "$res/$p.run"
  run=$T
  row "$p" "irlog run (engine only)" "$T" "$M" "1.00x"
  if [ -n "$souffle" ]; then
    mkdir -p "$res/$p.si" "$res/$p.sc"
    timed "$p.souffle_i" "$tmo" "$souffle" -F "$res/$p.facts" -D "$res/$p.si" -j "$jobs" "$top/datalog/analysis/pointsto.dl"
    row "$p" "souffle interpreter" "$T" "$M" "$(ratio "$T" "$run")"
    # (compiled once per version of the rules: the binary is named after their hash, so a
    # changed pointsto.dl is never measured by a binary of the old one)
    sb="$res/pointsto_souffle.$(cat "$top"/datalog/*.dl "$top"/datalog/analysis/*.dl | sha256sum | cut -c1-12)"
    if [ ! -x "$sb" ]; then
      "$souffle" -j "$jobs" -o "$sb" "$top/datalog/analysis/pointsto.dl" >"$res/compile.log" 2>&1 ||
        echo "(souffle -o failed: $res/compile.log)"
    fi
    timed "$p.souffle_c" "$tmo" "$sb" -F "$res/$p.facts" -D "$res/$p.sc" -j "$jobs"
    row "$p" "souffle compiled" "$T" "$M" "$(ratio "$T" "$run")"
  else
    echo "(no souffle: set SOUFFLE or put it on PATH for the Soufflé rows)"
  fi
done
echo "outputs and logs: $res (summary: $res/summary.tsv)"
