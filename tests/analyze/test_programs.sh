#!/usr/bin/env bash
# test_programs.sh IRLOG LLVM_BIN SRCDIR — the points-to analysis (datalog/analysis/pointsto.dl)
# on small C and C++ programs, against hand-written expectations.
# Each tests/analyze/programs/<prog>.{c,cpp} is compiled during the test by clang-19 at
# `-O0 -g` and at `-O2 -g`; `irlog facts` and the analysis run over each module, and
# every line of programs/<prog>.expect must hold exactly at both levels (format:
# pts_check.py and docs/analyze-tests.md). One ok/FAIL line per program and level.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/analyze/lib.sh"

# compile and make the facts of every program, two at a time
mkdir -p "$tmp/bc"
list=()
for src in "$progs"/*.c "$progs"/*.cpp; do
  [ -f "$src" ] || continue
  list+=("$src")
done
[ ${#list[@]} -gt 0 ] || { fail "no program in $progs"; finish; }
# compile jobs: SRC LEVEL
for src in "${list[@]}"; do for lvl in O0 O2; do echo "$src $lvl"; done; done >"$tmp/jobs"
export -f compile_one
export clang clangxx progs
xargs -P 2 -L 1 bash -c 'p=$(basename "$0"); p=${p%.*}
  compile_one "$0" "$1" "'"$tmp"'/bc/$p.$1.bc" 2>"'"$tmp"'/bc/$p.$1.err" || rm -f "'"$tmp"'/bc/$p.$1.bc"' \
  <"$tmp/jobs"
"$irlog" facts --separate -j 2 "$tmp"/bc/*.bc -o "$tmp/facts" 2>"$tmp/facts.err" ||
  echo "note: irlog facts --separate exited with $?"

# the analysis, two at a time
for src in "${list[@]}"; do
  p=$(basename "$src"); p=${p%.*}
  for lvl in O0 O2; do
    [ -d "$tmp/facts/$p.$lvl" ] && echo "$p.$lvl"
  done
done >"$tmp/runs"
mkdir -p "$tmp/out"
export -f analysis collapse_runs
export irlog ptdl progs
# (a line "# macros: NAME=VALUE ..." in an expectation file runs its program with them;
# "# models: FILE.dl" adds programs/FILE.dl to the analysis, as irlog analyze --models)
xargs -P 2 -L 1 bash -c 'm=$(sed -n "s/^# macros: //p" "$progs/${0%.*}.expect" 2>/dev/null)
  mf=$(sed -n "s/^# models: //p" "$progs/${0%.*}.expect" 2>/dev/null)
  if [ -n "$mf" ]; then
    printf "#include \"%s\"\n#include \"%s\"\n" "$ptdl" "$progs/$mf" >"'"$tmp"'/$0.models.dl"
    ptdl="'"$tmp"'/$0.models.dl"
  fi
  analysis "'"$tmp"'/facts/$0" "'"$tmp"'/out/$0" ${m:+-M "$m"} 2>"'"$tmp"'/out/$0.err" ||
  { echo "irlog run exited with $?" >>"'"$tmp"'/out/$0.err"; rm -rf "'"$tmp"'/out/$0"; }' \
  <"$tmp/runs"

# check every program and level in one python process (python starts slowly)
for src in "${list[@]}"; do
  p=$(basename "$src"); p=${p%.*}
  [ -f "$progs/$p.expect" ] || continue
  for lvl in O0 O2; do
    [ -d "$tmp/out/$p.$lvl" ] && echo "$tmp/facts/$p.$lvl $tmp/out/$p.$lvl $progs/$p.expect $lvl $tmp/out/$p.$lvl.res"
  done
done | pts_check batch

nexp_total=0
for src in "${list[@]}"; do
  p=$(basename "$src"); p=${p%.*}
  exp="$progs/$p.expect"
  if [ ! -f "$exp" ]; then
    fail "$p: no expectation file programs/$p.expect"; continue
  fi
  for lvl in O0 O2; do
    if [ ! -f "$tmp/bc/$p.$lvl.bc" ]; then
      fail "$p -$lvl: clang failed"; sed 's/^/     /' "$tmp/bc/$p.$lvl.err" | head -20; continue
    fi
    if [ ! -d "$tmp/facts/$p.$lvl" ]; then
      fail "$p -$lvl: irlog facts failed"; sed 's/^/     /' "$tmp/facts.err" | head -20; continue
    fi
    if [ ! -d "$tmp/out/$p.$lvl" ]; then
      fail "$p -$lvl: the analysis failed"; sed 's/^/     /' "$tmp/out/$p.$lvl.err" | head -20; continue
    fi
    r="$tmp/out/$p.$lvl.res"
    if [ ! -s "$r" ]; then
      fail "$p -$lvl: pts_check.py wrote no result"; continue
    fi
    read -r n nprob <"$r"
    nexp_total=$((nexp_total + n))
    tail -n +2 "$r" >"$tmp/res"
    check "$nprob" "$p -$lvl: $n expectations" "$tmp/res"
  done
done
echo "$nexp_total expectations checked"
finish
