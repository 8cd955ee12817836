#!/usr/bin/env bash
# demo.sh IRLOG — compile the bundled example with clang-19 and write its facts.
set -eu
irlog=$1
here=$(cd "$(dirname "$0")" && pwd)
out=${DEMO_OUT:-out/demo}
mkdir -p "$(dirname "$out")"
clang=$(command -v clang-19 || echo /usr/lib/llvm-19/bin/clang)
(cd "$here" && "$clang" -O1 -g -fdebug-prefix-map="$here"=. -c -emit-llvm list.c -o "$OLDPWD/$out.bc")
echo "compiled examples/list.c with $("$clang" --version | head -1)"
"$irlog" facts "$out.bc" -o "$out" --stats
echo
echo "try:  head $out/call_instruction_function.facts $out/function_name.facts $out/struct_type_field.facts"
echo
echo "== irlog run examples/calls.dl -F $out -D -   (a Datalog query: the direct calls)"
"$irlog" run "$here/calls.dl" -F "$out" -D -
echo
echo "== irlog check $out   (the integrity constraints of the IR)"
"$irlog" check "$out"
