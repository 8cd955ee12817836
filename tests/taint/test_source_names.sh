#!/usr/bin/env bash
# test_source_names.sh IRLOG LLVM_BIN SRCDIR — irlog analyze --source-names on
# tests/taint/source_names.c: call-graph edges at their call's file:line:col with the
# caller's and the callee's source names (an indirect call too), the points-to sets of
# named variables (a local through #dbg_declare, a global through its !dbg, a heap
# object named by its allocating call) at -O0 and -O2; without debug info the summary
# says so once and the files fall back to IR names; without the option nothing changes.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
here="$srcdir/tests/taint"
clang=$(tool clang)
for v in "O0 -g" "O2 -g" "O0"; do
  set -- $v; name=$1${2:-nodebug}
  (cd "$here" && "$clang" "-$1" ${2:-} -c -emit-llvm -ffile-prefix-map="$here"=. source_names.c -o "$tmp/$name.bc") ||
    { fail "clang $v"; finish; }
done
T=$'\t'
has() { # FILE LINE: FILE holds the line exactly
  grep -qxF -- "$2" "$1"
}
"$irlog" analyze "$tmp/O0-g.bc" -o "$tmp/a" -q --source-names >"$tmp/a.txt" 2>"$tmp/a.err"
check $? "analyze --source-names -O0" "$tmp/a.err"
e=$tmp/a/call_graph_edge_source.csv v=$tmp/a/source_points_to.csv
has "$e" "@main:%2:13${T}source_names.c${T}13${T}12${T}main${T}malloc"; check $? "a call edge at file:line:col" "$e"
has "$e" "@main:%15:3${T}source_names.c${T}16${T}8${T}main${T}twice"; check $? "an indirect call edge, callee by its source name"
has "$v" "p${T}main${T}12${T}@main:%2:3${T}local"; check $? "a local pointer: name, function, line, target's source name" "$v"
has "$v" "gp${T}${T}5${T}@counter${T}counter"; check $? "a global pointer"
has "$v" "h${T}main${T}13${T}@main:%2:13${T}heap malloc@source_names.c:13:12"; check $? "a heap object named by its allocation"
has "$v" "op${T}${T}8${T}@twice${T}twice"; check $? "a function pointer"
grep -q '^source names: *3 call edges, 3 at a source line; 5 named variables with 5 points-to facts$' "$tmp/a.txt"
check $? "the summary's line" "$tmp/a.txt"
"$irlog" analyze "$tmp/O0-g.bc" -o "$tmp/j" -q --source-names --format json >"$tmp/j.json" 2>/dev/null
python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["source_names"]; assert d=={"debug_info":True,"call_edges":3,"located":3,"variables":5,"points_to":5}, d' \
  "$tmp/j.json" 2>"$tmp/py.err"; check $? "--format json: source_names" "$tmp/py.err"
"$irlog" analyze "$tmp/O2-g.bc" -o "$tmp/b" -q --source-names >/dev/null 2>"$tmp/b.err"; check $? "-O2" "$tmp/b.err"
has "$tmp/b/source_points_to.csv" "gp${T}${T}5${T}@counter${T}counter"; check $? "-O2: the global pointer" "$tmp/b/source_points_to.csv"
"$irlog" analyze "$tmp/O0nodebug.bc" -o "$tmp/c" -q --source-names >"$tmp/c.txt" 2>/dev/null; check $? "no debug info"
[ "$(grep -c 'no debug info' "$tmp/c.txt")" = 1 ]; check $? "no debug info: said once" "$tmp/c.txt"
has "$tmp/c/call_graph_edge_source.csv" "@main:%2:13${T}${T}0${T}0${T}main${T}malloc"; check $? "no debug info: IR names, no place"
[ ! -s "$tmp/c/source_points_to.csv" ]; check $? "no debug info: no named variable"
"$irlog" analyze "$tmp/O0-g.bc" -o "$tmp/d" -q >/dev/null 2>&1
[ ! -e "$tmp/d/source_points_to.csv" ] && [ ! -e "$tmp/d/call_graph_edge_source.csv" ]; check $? "without the option: not written"
bad=0; for f in "$tmp"/d/*.csv; do cmp -s "$f" "$tmp/a/$(basename "$f")" || bad=1; done
check $bad "without the option: the other files the same"
finish
