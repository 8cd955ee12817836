#!/usr/bin/env bash
# test_soundness.sh IRLOG LLVM_BIN SRCDIR — the points-to analysis against real runs.
# Every program of tests/analyze/programs (and programs/big/*.c) is compiled at -O0 -g
# and at -O2 -g with -finstrument-functions-after-inlining to bitcode, which is
# analysed and also made into an executable: llc, then linked with rt/trace.c (records
# each run-time call edge caller -> callee) and rt/markers.c (pts() prints what its
# pointer points into at run time; the allocators are wrapped with --wrap so that heap
# blocks are known by their allocation sites), plus programs/rt/<prog>.c when the
# program calls an external function the analysis must not see. Each executable runs
# (it must exit normally, whatever its status), and
#   - every function entered at run time must be reachable;
#   - every run-time call edge between functions of the program (the caller the
#     function that holds the call site) must be a call graph edge; a call from library
#     code (qsort calling its comparator) must be an edge from the innermost function
#     of the program on the stack, unless the callee is only reached by escaping;
#   - every object a marker's pointer points into at run time must be in the marker's
#     static set: a heap block by the lines of its allocating call and of the call
#     sites above it (heap@8@18 matches a block allocated at line 8 called from line
#     18), a global or function by its symbol, the stack by some local.
# One ok/FAIL line per program and level.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/analyze/lib.sh"
llvm_nm=$(tool llvm-nm)
llvm_symbolizer=$(tool llvm-symbolizer)
llc=$(tool llc)
if ! "$clang" --version >/dev/null 2>&1; then
  echo "skip: no clang-19"; exit 0
fi

mkdir -p "$tmp/rt" "$tmp/bc" "$tmp/bin" "$tmp/run" "$tmp/out"
for f in trace markers markers_cxx; do
  "$clang" -O1 -g -fPIC -c "$ahere/rt/$f.c" -o "$tmp/rt/$f.o" 2>"$tmp/rt/$f.err" ||
    { fail "compiling rt/$f.c"; sed 's/^/     /' "$tmp/rt/$f.err"; finish; }
done
wraps="-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,--wrap=strdup"
wraps="$wraps,--wrap=posix_memalign"
wrapsxx="-Wl,--wrap=_Znwm,--wrap=_Znam,--wrap=__cxa_allocate_exception"

list=()
for src in "$progs"/*.c "$progs"/*.cpp "$progs"/big/*.c; do
  [ -f "$src" ] && list+=("$src")
done
# one job per program and level: the bitcode (with the instrumentation's function
# attributes), the object code of that same bitcode (llc inserts the calls of
# __cyg_profile_func_enter/exit: the executable runs exactly the analysed IR), the
# executable, one run
build_and_run() { # SRC LEVEL
  local src=$1 lvl=$2 p cc=$clang extra=()
  p=$(basename "$src"); p=${p%.*}
  case $src in *.cpp) cc=$clangxx; extra=("$tmp/rt/markers_cxx.o" "$wrapsxx") ;; esac
  [ -f "$progs/rt/$p.c" ] && extra+=("$progs/rt/$p.c")
  local id=$p.$lvl
  compile_one "$src" "$lvl" "$tmp/bc/$id.bc" -finstrument-functions-after-inlining \
    2>"$tmp/run/$id.err" || { echo "clang (bitcode) failed" >>"$tmp/run/$id.err"; return; }
  "$llc" "-$lvl" -filetype=obj -relocation-model=static "$tmp/bc/$id.bc" -o "$tmp/bin/$id.o" \
    2>>"$tmp/run/$id.err" || { echo "llc failed" >>"$tmp/run/$id.err"; return; }
  "$cc" -no-pie "$tmp/bin/$id.o" "${extra[@]}" "$tmp/rt/trace.o" "$tmp/rt/markers.o" -pthread \
    $wraps -o "$tmp/bin/$id" 2>>"$tmp/run/$id.err" ||
    { echo "linking failed" >>"$tmp/run/$id.err"; return; }
  (cd "$tmp/run" && IRLOG_TRACE="$tmp/run/$id.trace" IRLOG_PTS="$tmp/run/$id.pts" \
      timeout 20 "$tmp/bin/$id" >/dev/null 2>>"$tmp/run/$id.err" </dev/null)
  echo $? >"$tmp/run/$id.status"
}
export -f build_and_run compile_one
export tmp progs clang clangxx wraps wrapsxx llc
for src in "${list[@]}"; do for lvl in O0 O2; do echo "$src $lvl"; done; done |
  xargs -P 2 -L 1 bash -c 'build_and_run "$0" "$1"'

"$irlog" facts --separate -j 2 "$tmp"/bc/*.bc -o "$tmp/facts" 2>"$tmp/facts.err" ||
  echo "note: irlog facts --separate exited with $?"
export -f analysis collapse_runs
export irlog ptdl
for d in "$tmp"/facts/*; do [ -d "$d" ] && basename "$d"; done |
  xargs -P 2 -L 1 bash -c 'analysis "'"$tmp"'/facts/$0" "'"$tmp"'/out/$0" 2>"'"$tmp"'/out/$0.err" ||
    rm -rf "'"$tmp"'/out/$0"'
for src in "${list[@]}"; do
  p=$(basename "$src"); p=${p%.*}
  for lvl in O0 O2; do
    id=$p.$lvl
    [ -d "$tmp/out/$id" ] && [ -x "$tmp/bin/$id" ] &&
      echo "$tmp/facts/$id $tmp/out/$id $tmp/bin/$id $tmp/run/$id.trace $tmp/run/$id.pts $tmp/run/$id.res"
  done
done | pts_check soundbatch "$llvm_nm" "$llvm_symbolizer"

for src in "${list[@]}"; do
  p=$(basename "$src"); p=${p%.*}
  for lvl in O0 O2; do
    id=$p.$lvl
    if [ ! -x "$tmp/bin/$id" ]; then
      fail "$p -$lvl: could not build"; sed 's/^/     /' "$tmp/run/$id.err" | head -20; continue
    fi
    # trace.c writes X when the program exits normally (whatever its exit status)
    if ! grep -qx X "$tmp/run/$id.trace" 2>/dev/null; then
      st=$(cat "$tmp/run/$id.status" 2>/dev/null)
      fail "$p -$lvl: the program did not exit normally (status ${st:-?})"
      sed 's/^/     /' "$tmp/run/$id.err" | head -10
      continue
    fi
    if [ ! -s "$tmp/run/$id.res" ]; then
      fail "$p -$lvl: no analysis result"; sed 's/^/     /' "$tmp/out/$id.err" "$tmp/facts.err" 2>/dev/null | head -10
      continue
    fi
    read -r ne no np nprob <"$tmp/run/$id.res"
    tail -n +2 "$tmp/run/$id.res" >"$tmp/res"
    check "$nprob" "$p -$lvl: $ne call edges, $no calls from library code, $np run-time pointers" "$tmp/res"
  done
done
finish
