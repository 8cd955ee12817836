# lib.sh — sourced by tests/analyze/test_*.sh after `irlog=$1 llvm_bin=$2 srcdir=$3`.
# Builds on tests/ir/lib.sh ($tmp, ok/fail/check/finish, tool) and adds:
#   $clang / $clangxx       clang-19 and clang++-19 (LLVM_BIN first)
#   $progs                  tests/analyze/programs
#   compile_one SRC LEVEL OUT.bc [FLAGS...]
#                           SRC at -LEVEL -g to bitcode, from SRC's directory with
#                           -ffile-prefix-map (no path of this machine in the module)
#   collapse_runs DL FACTDIR OUTDIR [irlog run options...]
#                           DL over FACTDIR as irlog analyze runs it (objects collapsed)
#   analysis FACTDIR OUTDIR [irlog run options...]
#                           datalog/analysis/pointsto.dl with the markers' model over FACTDIR
#   pts_check ARGS...       tests/analyze/pts_check.py
. "$srcdir/tests/ir/lib.sh"
ahere="$srcdir/tests/analyze"
progs="$ahere/programs"
clang=$(tool clang)
clangxx=$(tool clang++)
# the analysis with the markers modelled: a program that includes both files (by
# absolute path, so that it runs from anywhere, under irlog and under Souffle)
ptdl="$tmp/pointsto_markers.dl"
printf '#include "%s"\n#include "%s"\n' "$srcdir/datalog/analysis/pointsto.dl" "$ahere/markers.dl" >"$ptdl"
# collapse_runs DL FACTS OUT [irlog run options]: DL run as irlog analyze runs it
# (docs/analyze.md): the objects a run reaches at an unknown offset (collapse_need) are
# collapsed in the next, until a run reaches none (FACTS/collapsed.facts: those collapsed)
collapse_runs() {
  local dl=$1 f=$2 o=$3 k; shift 3
  : >"$f/collapsed.facts" || return 1
  for k in 1 2 3 4 5 6 7 8 9 10; do
    "$irlog" run "$dl" -F "$f" -D "$o" -w -q -M IRLOG_COLLAPSED "$@" || return
    [ -s "$o/collapse_need.csv" ] || return 0
    cat "$o/collapse_need.csv" >>"$f/collapsed.facts"
  done
  return 1
}
analysis() {
  local f=$1 o=$2; shift 2
  collapse_runs "$ptdl" "$f" "$o" "$@"
}
compile_one() {
  local src=$1 lvl=$2 out=$3; shift 3
  local cc=$clang
  case $src in *.cpp) cc=$clangxx ;; esac
  local dir; dir=$(dirname "$src")
  (cd "$dir" && "$cc" "-$lvl" -g -c -emit-llvm -ffile-prefix-map="$dir"=. -I"$progs" \
      -Wno-unused-command-line-argument "$@" "$(basename "$src")" -o "$out")
}
pts_check() { python3 -B "$ahere/pts_check.py" "$@"; }
