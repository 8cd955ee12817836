#!/usr/bin/env bash
# test_completeness.sh IRLOG LLVM_BIN SRCDIR — nothing llvm-dis prints is lost.
# For every test input (tests/golden/ir/*.ll, tests/ir/inputs/*.ll, and every program of
# tests/programs compiled at -O0 -g and at -O2), the facts are compared with llvm-dis's
# text of the same module: the number of instructions of each opcode
# (instruction_opcode), the functions with bodies (function_definition), the
# declarations (function_declaration), the global variables (global_variable), the
# blocks and instructions of each function, switch cases, phi pairs, landingpad
# clauses, direct calls/invokes/callbrs and #dbg_ records by kind (each once its
# relation exists; a note says which were not compared) — tests/ir/factcheck.py complete.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

FORMATS=bc compile_programs "$tmp/bin"
mkdir -p "$tmp/dis"
inputs=()
for f in "$srcdir"/tests/golden/ir/*.ll "$here"/inputs/*.ll "$tmp"/bin/*.bc; do
  [ -f "$f" ] && inputs+=("$f")
done
# irlog over all inputs at once, two at a time (--separate -j 2: OUT/<base name>);
# the fixtures and the programs have distinct base names
"$irlog" facts --separate -j 2 "${inputs[@]}" -o "$tmp/facts" 2>"$tmp/irlog.err" ||
  echo "note: irlog facts --separate exited with $?"
: >"$tmp/absent"
for in in "${inputs[@]}"; do
  name=$(basename "$in")
  dis="$tmp/dis/$name.dis.ll" out="$tmp/facts/${name%.*}"
  # llvm-dis of the bitcode is the reference text (for a .ll, after llvm-as)
  case "$in" in
    *.ll) "$llvm_as" "$in" -o - 2>"$tmp/err" | "$llvm_dis" -o "$dis" 2>>"$tmp/err" ;;
    *) "$llvm_dis" "$in" -o "$dis" 2>"$tmp/err" ;;
  esac
  if [ ! -s "$dis" ]; then
    fail "$name: llvm-as/llvm-dis failed"; sed 's/^/     /' "$tmp/err" | head; continue
  fi
  if [ ! -d "$out" ]; then
    fail "$name: irlog facts failed (its stderr, for all inputs:)"; sed 's/^/     /' "$tmp/irlog.err" | head -20; continue
  fi
  factcheck complete "$dis" "$out" >"$tmp/res.all"
  st=$?
  # notes about relations that do not exist yet are printed once, at the end
  grep -v 'facts absent:' "$tmp/res.all" >"$tmp/res"
  grep 'facts absent:' "$tmp/res.all" | sed 's/^ *note: //' >>"$tmp/absent"
  check $st "$name: $(wc -l <"$out/instruction.facts") instructions, $(wc -l <"$out/block.facts") blocks, $(wc -l <"$out/function.facts") functions as llvm-dis counts them" "$tmp/res"
done
[ ${#inputs[@]} -gt 0 ] || fail "no input found"
sort -u "$tmp/absent" | sed 's/^/note: /'
finish
