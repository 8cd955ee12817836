#!/usr/bin/env bash
# compile_programs.sh LLVM_BIN SRCDIR OUTDIR [PROGRAM...] — compiles every C/C++ program
# of SRCDIR/tests/programs (or the named ones, by base name) with clang-19/clang++-19 at
# `-O0 -g` and at `-O2`, both as text (-S -emit-llvm) and as bitcode (-c -emit-llvm):
#   OUTDIR/<prog>.O0.ll  OUTDIR/<prog>.O0.bc  OUTDIR/<prog>.O2.ll  OUTDIR/<prog>.O2.bc
# clang is looked up in LLVM_BIN first, then as clang-19 on PATH. FORMATS (environment;
# default "ll bc") restricts the outputs, e.g. FORMATS=bc. Exits nonzero (with
# clang's messages on stderr) if any compile fails. Sourced or run by the tests.
set -u
llvm_bin=$1 srcdir=$2 out=$3
shift 3
find_tool() { # find_tool NAME → path of NAME (LLVM_BIN/NAME, else NAME-19, else NAME)
  if [ -x "$llvm_bin/$1" ]; then echo "$llvm_bin/$1"
  elif command -v "$1-19" >/dev/null; then command -v "$1-19"
  else command -v "$1"; fi
}
cc=$(find_tool clang) cxx=$(find_tool clang++)
[ -n "$cc" ] && [ -n "$cxx" ] || { echo "compile_programs.sh: clang-19 not found" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
progs=("$@")
if [ ${#progs[@]} = 0 ]; then
  for f in "$srcdir"/tests/programs/*.c "$srcdir"/tests/programs/*.cpp; do
    [ -f "$f" ] && progs+=("$(basename "$f")")
  done
fi
rc=0
for p in "${progs[@]}"; do
  src="$srcdir/tests/programs/$p"
  [ -f "$src" ] || src=$(ls "$srcdir/tests/programs/$p".c* 2>/dev/null | head -1)
  [ -f "$src" ] || { echo "compile_programs.sh: no program $p" >&2; rc=1; continue; }
  name=$(basename "$src"); name=${name%.*}
  case "$src" in *.cpp) comp=$cxx std=-std=c++17;; *) comp=$cc std=-std=c17;; esac
  for lvl in O0 O2; do
    flags="-$lvl"; [ $lvl = O0 ] && flags="-O0 -g"
    # -ffile-prefix-map keeps absolute paths of this machine out of the modules
    # relative source name: source_filename and the debug info name `prog.c`, not a path
    common="$std $flags -ffile-prefix-map=$(dirname "$src")=. -fno-ident"
    case " ${FORMATS:-ll bc} " in *" ll "*)
      (cd "$(dirname "$src")" && $comp $common -S -emit-llvm "$(basename "$src")" -o "$out/$name.$lvl.ll") || rc=1;;
    esac
    case " ${FORMATS:-ll bc} " in *" bc "*)
      (cd "$(dirname "$src")" && $comp $common -c -emit-llvm "$(basename "$src")" -o "$out/$name.$lvl.bc") || rc=1;;
    esac
  done
done
exit $rc
