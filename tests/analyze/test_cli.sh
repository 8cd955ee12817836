#!/usr/bin/env bash
# test_cli.sh IRLOG LLVM_BIN SRCDIR — `irlog analyze` (docs/analyze.md): its options,
# outputs, summary, errors and exit codes.
#  - the result files are byte for byte those of `irlog run datalog/analysis/pointsto.dl -D` over
#    `irlog facts` of the same input (insensitive and 1-callsite; run again with the objects
#    to collapse until none is left), and -j 2 changes nothing;
#  - the summary (text and JSON) agrees with the files, on a program whose answers are
#    known (an indirect call with two targets and one with none, unmodelled externals
#    with known call counts, a function unreachable from main);
#  - --entry, --models (with the model file's errors located in it), --facts, several
#    inputs linked;
#  - every error has its documented exit code and leaves no output and no temporary file;
#  - SIGINT during the evaluation and SIGTERM to the process group leave nothing (these
#    two are timing-dependent: a note says so when irlog finished first).
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/analyze/lib.sh"

# check STATUS NAME [DETAIL_FILE]: as lib.sh's, but the detail only under a failure
check() { if [ "$1" = 0 ]; then ok "$2"; else fail "$2"; [ $# -ge 3 ] && [ -s "$3" ] && sed 's/^/     /' "$3" | head -40; fi; return 0; }
case $irlog in /*) ;; *) irlog=$PWD/$irlog ;; esac
case $srcdir in /*) ;; *) srcdir=$PWD/$srcdir ;; esac
cd "$tmp" || exit 1

# ---- the test program
cat >t.c <<'EOF'
#include <stdio.h>
#include <stdlib.h>
extern void *mystery(void *);
extern void *enigma(void *);
extern void *alpha(void *);
struct S { int *p; int (*f)(int); };
static int inc(int x) { return x + 1; }
static int dec(int x) { return x - 1; }
int (*never)(int); /* never assigned: an indirect call without a target */
int g;
struct T { int *a, *b; } t2; /* written at a variable byte offset: collapsed */
int *mk(void) { return malloc(sizeof(int)); }
int helper(int *p) { return *p; } /* not reachable from main */
int main(int argc, char **argv) {
  struct S s;
  s.p = &g;
  s.f = argc > 1 ? inc : dec;
  int *q = mk();
  *q = s.f(*s.p);
  *(int **)((char *)&t2 + argc) = q;
  if (argc > 5)
    never(1);
  mystery(q); mystery(argv); mystery(0);
  enigma(q); enigma(argv);
  alpha(q); alpha(argv);
  printf("%d\n", *q);
  free(q);
  return 0;
}
EOF
cat >lib.c <<'EOF'
int *other(int *p) { return p; }
EOF
cat >usesother.c <<'EOF'
int *other(int *p);
int main(void) { static int x; return *other(&x); }
EOF
"$clang" -O0 -g -c -emit-llvm t.c -o t.bc && "$clang" -O0 -g -c -emit-llvm lib.c -o lib.bc &&
  "$clang" -O0 -g -c -emit-llvm usesother.c -o usesother.bc || { fail "clang-19"; finish; }

outputs="call_graph_edge collapse_need collapsed indirect_call_targets obj_points_to
  object_base_kind object_field reachable_function unmodelled_call var_points_to"
# no_tmp DIR: no temporary file of irlog in or beside DIR
no_tmp() { ! ls -d "$1"/*.tmp.* "$1".tmp-irlog.* "$1"/*.tmp-irlog.* 2>/dev/null | grep -q .; }
# field NAME FILE: the value after "NAME:" on the summary line
field() { sed -n "s/^$1: *//p" "$2"; }
jq_() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

# ---- 1. the basic run
"$irlog" analyze t.bc -o out >sum.txt 2>err.txt; rc=$?
check $rc "analyze t.bc -o out exits 0" err.txt
missing=
for r in $outputs; do [ -f "out/$r.csv" ] || missing="$missing $r"; done
[ -z "$missing" ] && [ ! -e out/var_points_to_context.csv ]
check $? "every .output relation is written to out/<relation>.csv (no contexts when insensitive)${missing:+; missing:$missing}"
no_tmp out; check $? "no temporary file left in out/"
[ ! -s err.txt ]; check $? "nothing on stderr (no progress line when stderr is not a terminal)" err.txt

targets=$(awk -F'\t' '$2=="@inc"||$2=="@dec"{print $1}' out/call_graph_edge.csv | sort | uniq -c | awk '$1==2' | wc -l)
[ "$targets" = 1 ]; check $? "the indirect call s.f(...) has the edges to @inc and @dec" out/call_graph_edge.csv
for f in @main @mk @inc @dec; do grep -qx -- "$f" out/reachable_function.csv || fail "reachable: $f"; done
grep -qx @helper out/reachable_function.csv
[ $? != 0 ]; check $? "reachable functions: main, mk, inc, dec, not helper" out/reachable_function.csv
grep -q $'\t@g$' out/var_points_to.csv; check $? "a variable points to @g" out/var_points_to.csv
awk -F'\t' '$2=="heap"' out/object_base_kind.csv | grep -q .; check $? "a heap object (malloc in mk)" out/object_base_kind.csv

# the summary against the files
lines() { grep -c . "$1"; }
[ "$(field 'call graph' sum.txt)" = "$(lines out/call_graph_edge.csv) edges; $(lines out/reachable_function.csv) reachable functions" ]
check $? "summary: call graph edges and reachable functions = the files' rows" sum.txt
npt=$(cut -f1 out/var_points_to.csv | sort -u | wc -l)
field 'pointer variables' sum.txt | grep -q "^$npt with a points-to set; $(lines out/var_points_to.csv) targets"
check $? "summary: pointer variables ($npt) and targets = var_points_to" sum.txt
field 'indirect calls' sum.txt | grep -qF "2 in reachable functions; by number of targets: 0: 1, 1: 0, 2-5: 1, >5: 0"
check $? "summary: indirect calls: one with 2 targets, one (through a null global) with none" sum.txt
sed -n '/^unmodelled externals:/,/^seconds:/p' sum.txt >unm.txt
printf '%s\n' "unmodelled externals:   3 functions, 7 calls" "         3  mystery" "         2  alpha" \
  "         2  enigma" >unm.want
sed '$d' unm.txt | diff unm.want - >unm.diff
check $? "summary: unmodelled externals by calls (most first), then name" unm.diff
[ "$(cut -f2 out/unmodelled_call.csv | sort | uniq -c | awk '{print $1, $2}' | sort | tr '\n' ' ')" = "2 @alpha 2 @enigma 3 @mystery " ]
check $? "unmodelled_call.csv: the same call sites" out/unmodelled_call.csv
nobj=$(lines out/object_field.csv)
field objects sum.txt | grep -q "^$nobj (fields included); base objects:.* 1 heap,.* 1 unknown"
check $? "summary: objects = object_field rows; base objects by kind" sum.txt
# t2 is reached at an unknown offset (collapsed.csv), found by the first run
[ "$(cat out/collapsed.csv)" = "@t2" ] && [ ! -s out/collapse_need.csv ] &&
  field collapsed sum.txt | grep -Eq "^1 object reached at an unknown offset, one field each \(2 runs: [0-9]+\.[0-9] s \(1 found\), [0-9]+\.[0-9] s\)$"
check $? "summary: collapsed = collapsed.csv's rows, after 2 runs; collapse_need.csv empty" sum.txt
grep -q '^seconds: *walk+load facts [0-9.]*, evaluation [0-9.]*, output [0-9.]*$' sum.txt
check $? "summary: the phase times" sum.txt

# JSON: the same data
"$irlog" analyze t.bc -o outj --format json >sum.json 2>err.txt; rc=$?
check $rc "--format json exits 0" err.txt
python3 -m json.tool sum.json >/dev/null 2>err.txt; check $? "--format json prints valid JSON" err.txt
want="$(lines out/call_graph_edge.csv) $(lines out/reachable_function.csv) $npt $(lines out/var_points_to.csv) $nobj"
got=$(jq_ sum.json "d['call_graph_edges'], d['reachable_functions'], d['pointer_variables']['variables'], d['pointer_variables']['points_to'], d['objects']" | tr -d '(),')
[ "$got" = "$want" ]; check $? "JSON: edges, reachable, pointer variables, targets, objects = text ($got)"
[ "$(jq_ sum.json "d['collapsed']['objects'], d['collapsed']['runs'], d['collapsed']['run_found'], len(d['collapsed']['run_seconds']), all(x >= 0 for x in d['collapsed']['run_seconds'])")" = "(1, 2, [1, 0], 2, True)" ]
check $? "JSON: collapsed objects and runs = text"
got=$(jq_ sum.json "[(u['name'], u['calls']) for u in d['unmodelled']], d['indirect_calls'], d['context'], d['entry'], d['inputs']")
[ "$got" = "([('mystery', 3), ('alpha', 2), ('enigma', 2)], {'total': 2, '0': 1, '1': 0, '2-5': 1, '>5': 0}, 'insensitive', 'main', ['t.bc'])" ]
check $? "JSON: unmodelled, indirect calls, context, entry, inputs ($got)"
diff -r out outj >/dev/null; check $? "the JSON run wrote the same files"

# ---- 2. the same files as irlog run over irlog facts; -j 2 changes nothing
# (irlog run's loop, lib.sh's collapse_runs: the objects one run reached at an unknown
# offset are collapsed in the next, until a run reaches none; here t2)
run_collapsed() { # OUTDIR MACROS
  rm -rf "$1.facts" && cp -r facts "$1.facts" || return 1
  collapse_runs "$srcdir/datalog/analysis/pointsto.dl" "$1.facts" "$1" ${2:+-M "$2"}
}
"$irlog" facts t.bc -o facts >/dev/null 2>err.txt && run_collapsed ref "" 2>>err.txt
check $? "irlog facts + irlog run datalog/analysis/pointsto.dl" err.txt
diff -r ref out >d.txt; check $? "analyze's files are byte for byte irlog run's (context-insensitive)" d.txt
"$irlog" analyze t.bc -o out1 --context 1-callsite -q >/dev/null 2>err.txt &&
  run_collapsed ref1 IRLOG_CONTEXT_DEPTH=1 2>>err.txt
check $? "1-callsite: analyze and irlog run -M IRLOG_CONTEXT_DEPTH=1" err.txt
[ ! -e out1/var_points_to_context.csv ]
check $? "1-callsite without --per-context writes no var_points_to_context.csv"
diff -r ref1 out1 >d.txt; check $? "analyze's files are byte for byte irlog run's (1-callsite)" d.txt
# with contexts, the objects to collapse are first found context-insensitively (t2, in 2
# runs), and the 1-callsite analysis starts from them (1 run)
"$irlog" analyze t.bc -o out1s --context 1-callsite >sum1.txt 2>err.txt && diff -r out1 out1s >d.txt &&
  field collapsed sum1.txt |
  grep -Eq "^1 object reached at an unknown offset, one field each \(1 run: [0-9]+\.[0-9] s, after 2 of the context-insensitive analysis\)$"
check $? "1-callsite: t2 collapsed after 2 context-insensitive runs, then 1 run" sum1.txt
"$irlog" analyze t.bc -o out1j --context 1-callsite --format json >sum1.json 2>err.txt &&
  [ "$(jq_ sum1.json "d['collapsed']['objects'], d['collapsed']['runs'], d['collapsed']['insensitive_runs'], d['collapsed']['run_found']")" = "(1, 1, 2, [0])" ]
check $? "1-callsite JSON: collapsed objects, runs, insensitive_runs" sum1.json
"$irlog" analyze t.bc -o out1c --context 1-callsite --collapsed out/collapsed.csv >sum1c.txt 2>err.txt &&
  diff -r out1 out1c >d.txt && field collapsed sum1c.txt | grep -Eq "each \(1 run: [0-9]+\.[0-9] s\)$"
check $? "1-callsite --collapsed: no context-insensitive runs, the same files" d.txt
# a model file that reads a relation only with contexts: the facts are read again for it
cat >ctxonly.dl <<'EOF'
#if IRLOG_CONTEXT_DEPTH == 1
.decl ctx_triple(t: symbol)
.output ctx_triple
ctx_triple(T) :- module_target_triple(_, T).
#endif
EOF
"$irlog" analyze t.bc -o out1m --context 1-callsite --models ctxonly.dl >/dev/null 2>err.txt &&
  [ -s out1m/ctx_triple.csv ] && [ "$(cut -f2 facts/module_target_triple.facts)" = "$(cat out1m/ctx_triple.csv)" ]
check $? "1-callsite with a relation the context-insensitive analysis does not read: read again" err.txt
"$irlog" analyze t.bc -o outc --context 1-callsite --per-context -q >/dev/null 2>err.txt &&
  run_collapsed refc 'IRLOG_CONTEXT_DEPTH=1 IRLOG_CONTEXT_OUTPUT' 2>>err.txt
check $? "--per-context: analyze and irlog run -M 'IRLOG_CONTEXT_DEPTH=1 IRLOG_CONTEXT_OUTPUT'" err.txt
[ -s outc/var_points_to_context.csv ] &&
  [ "$(cut -f2- outc/var_points_to_context.csv | sort -u)" = "$(sort -u outc/var_points_to.csv)" ]
check $? "--per-context writes var_points_to_context.csv; its union over contexts is var_points_to"
diff -r refc outc >d.txt; check $? "analyze's files are byte for byte irlog run's (--per-context)" d.txt
# constants without pointers (printf's format) are <constants>; --model-consts keeps each
"$irlog" analyze t.bc -o outk --model-consts -q >/dev/null 2>err.txt &&
  run_collapsed refk IRLOG_MODEL_CONSTS 2>>err.txt
check $? "--model-consts: analyze and irlog run -M IRLOG_MODEL_CONSTS" err.txt
diff -r refk outk >d.txt; check $? "analyze's files are byte for byte irlog run's (--model-consts)" d.txt
grep -qx '<constants>	constant' out/object_base_kind.csv && ! grep -q '^@\.str' out/object_base_kind.csv &&
  grep -qx '@\.str	global' outk/object_base_kind.csv && ! grep -q '<constants>' outk/object_base_kind.csv
check $? "the format string: one object <constants>, or @.str with --model-consts" out/object_base_kind.csv
"$irlog" analyze t.bc -o outh --heap-depth 4 >sumh.txt 2>err.txt &&
  run_collapsed refh IRLOG_HEAP_DEPTH=4 2>>err.txt
check $? "--heap-depth 4: analyze and irlog run -M IRLOG_HEAP_DEPTH=4" err.txt
diff -r refh outh >d.txt; check $? "analyze's files are byte for byte irlog run's (--heap-depth 4)" d.txt
grep -q '^analysis: *context-insensitive (heap cloning by 4 wrapper sites)' sumh.txt
check $? "the summary names the heap depth" sumh.txt
"$irlog" analyze t.bc -o out2 --context 2-callsite -j 2 >sum2.txt 2>err.txt
check $? "2-callsite -j 2 exits 0" err.txt
grep -q '^analysis: *2-callsite contexts' sum2.txt; check $? "the summary names the contexts" sum2.txt
"$irlog" analyze t.bc -o outp -j 2 >/dev/null 2>err.txt && diff -r out outp >d.txt
check $? "-j 2 writes the same files as -j 1" d.txt
# --collapsed: the objects of an earlier analysis collapsed from the start, in one run
"$irlog" analyze t.bc -o outk --collapsed out/collapsed.csv >sumk.txt 2>err.txt &&
  diff -r out outk >d.txt
check $? "--collapsed out/collapsed.csv writes the same files" d.txt
field collapsed sumk.txt | grep -Eq "^1 object reached at an unknown offset, one field each \(1 run: [0-9]+\.[0-9] s\)$"
check $? "--collapsed out/collapsed.csv: one run" sumk.txt
: >none.csv
"$irlog" analyze t.bc -o outn --collapsed none.csv >sumn.txt 2>err.txt && diff -r out outn >d.txt &&
  field collapsed sumn.txt | grep -Eq "\(2 runs: [0-9]+\.[0-9] s \(1 found\), [0-9]+\.[0-9] s\)$"
check $? "--collapsed with an empty file: the same files, in the same 2 runs" d.txt

# ---- 3. entry points
"$irlog" analyze t.bc -o oute --entry helper,mk >sum.txt 2>err.txt
check $? "--entry helper,mk exits 0" err.txt
[ "$(sort oute/reachable_function.csv | tr '\n' ' ')" = "@helper @mk " ]
check $? "--entry helper,mk: helper and mk are the reachable functions" oute/reachable_function.csv
"$irlog" analyze t.bc -o outa --entry all >sum.txt 2>err.txt
check $? "--entry all exits 0" err.txt
grep -qx @helper outa/reachable_function.csv && grep -qx @main outa/reachable_function.csv
check $? "--entry all: helper and main are reachable" outa/reachable_function.csv
[ ! -s err.txt ]; check $? "--entry all: no warning about the shipped program" err.txt

# ---- 4. several inputs are linked
"$irlog" analyze usesother.bc lib.bc -o outl >/dev/null 2>err.txt
check $? "two inputs exit 0" err.txt
grep -qx @other outl/reachable_function.csv; check $? "two inputs are linked: main's callee in the other module is reachable" outl/reachable_function.csv

# ---- 5. --models
cat >models.dl <<'EOF'
// models of my own, in the form of pointsto_models.dl
#include "pointsto.dl"
model_alloc("mystery").
model_noop(N) :- my_noop(N).
EOF
mkdir -p mdir
cat >mdir/m.dl <<'EOF'
#include "more.dl"
model_noop(N) :- my_noop(N).
EOF
printf '.decl my_noop(n: symbol)\nmy_noop("enigma").\n' >mdir/more.dl
sed -i 's/^model_noop.*//' models.dl
"$irlog" analyze t.bc -o outm --models models.dl >sum.txt 2>err.txt
check $? "--models models.dl (with #include \"pointsto.dl\") exits 0" err.txt
! grep -q @mystery outm/unmodelled_call.csv; check $? "--models: mystery is no longer unmodelled" outm/unmodelled_call.csv
[ "$(awk -F'\t' '$2=="heap"' outm/object_base_kind.csv | wc -l)" = 4 ]
check $? "--models: each call of mystery makes a heap object (4 heap objects)" outm/object_base_kind.csv
"$irlog" analyze t.bc -o outm2 --models mdir/m.dl >/dev/null 2>err.txt
check $? "--models mdir/m.dl with an #include of its own (found beside it)" err.txt
! grep -q @enigma outm2/unmodelled_call.csv; check $? "--models: the included file's facts count" outm2/unmodelled_call.csv

# ---- 6. errors: exit code, message, nothing written
n=0
# expect NAME CODE 'PHRASE[|PHRASE...]' ARGS... (in a fresh directory with t.bc; `out` must
# not exist afterwards; no temporary file left)
expect() {
  local name=$1 want=$2 phrases=$3; shift 3
  n=$((n + 1)); local d="$tmp/case$n"; mkdir -p "$d"; cp t.bc models.dl "$d"/
  local rc problems=()
  (cd "$d" && "$irlog" analyze "$@" >"$d/stdout" 2>"$d/stderr"); rc=$?
  [ "$rc" = "$want" ] || problems+=("exit code $rc, expected $want")
  local IFS='|' p
  for p in $phrases; do grep -qF -- "$p" "$d/stderr" || problems+=("stderr lacks \"$p\""); done
  unset IFS
  [ -e "$d/out" ] && problems+=("the -o directory 'out' was created")
  [ -e "$d/facts" ] && problems+=("the --facts directory was created")
  local left; left=$(cd "$d" && ls -d -- *.tmp* */*.tmp* 2>/dev/null)
  [ -n "$left" ] && problems+=("left behind: $left")
  if [ ${#problems[@]} = 0 ]; then ok "$name (exit $rc)"; else
    fail "$name: $(printf '%s; ' "${problems[@]}")"; sed 's/^/     stderr: /' "$d/stderr" | head -8
  fi
}
"$clang" -O0 -c -emit-llvm -x c - -o nomain.bc <<<'int f(int *p) { return *p; }'
expect "no main" 3 "no function main; give --entry NAME or --entry all" ../nomain.bc -o out
expect "no main (--facts: nothing written either)" 3 "no function main" ../nomain.bc -o out --facts facts
expect "unknown --entry name" 3 "--entry nosuch: no function of that name" t.bc -o out --entry main,nosuch
expect "--entry names a declaration only" 3 "--entry printf:" t.bc -o out --entry printf
printf 'model_alloc("x").\nmodel_noop("y", 1).\n' >"$tmp/bad1.dl"
expect "model file: wrong arity, located in it" 3 "bad1.dl:2:1: error:|arity" t.bc -o out --models ../bad1.dl
printf '// c\n\nmodel_alloc("x") :- .\n' >"$tmp/bad2.dl"
expect "model file: syntax error, located in it" 3 "bad2.dl:3:21: error:" t.bc -o out --models ../bad2.dl
printf 'model_alloc(3).\n' >"$tmp/mdir/bad3.dl"
printf '#include "bad3.dl"\n' >"$tmp/mdir/bad4.dl"
expect "model file: an error in a file it includes, located there" 3 "mdir/bad3.dl:1:13: error:" \
  t.bc -o out --models ../mdir/bad4.dl
expect "model file: missing" 3 "cannot read model file 'nosuch.dl'" t.bc -o out --models nosuch.dl
expect "--collapsed file: missing" 3 "cannot read collapsed file 'nosuch.csv'" t.bc -o out --collapsed nosuch.csv
expect "missing input" 3 "nosuch.bc" nosuch.bc -o out
head -c 2048 /dev/urandom >"$tmp/random.bc"
expect "random bytes as input" 3 "random.bc" ../random.bc -o out
printf 'define i32 @main() {\n  %%x = add i32 1,\n  ret i32 %%x\n}\n' >"$tmp/syntax.ll"
expect "syntax error in a .ll" 3 "syntax.ll:3:3:" ../syntax.ll -o out
expect "no -o" 2 "no output directory" t.bc
expect "no input" 2 "no input" -o out
expect "bad --context" 2 "--context takes" t.bc -o out --context 3-callsite
expect "--per-context without call-site contexts" 2 "--per-context needs --context" t.bc -o out --per-context
expect "bad --max-time" 2 "--max-time expects a number of seconds" t.bc -o out --max-time 0
# the time budget: a budget far shorter than the analysis of the test program (which has
# hundreds of strata, each a check): exit 5, the error saying where it stopped, nothing
# written
expect "--max-time runs out" 5 "error: the time budget of 1e-06 s ran out|stopped by --max-time|nothing was written" \
  t.bc -o out --max-time 0.000001 --facts facts
expect "bad --heap-depth" 2 "--heap-depth takes" t.bc -o out --heap-depth 5
expect "bad --format" 2 "--format takes" t.bc -o out --format xml
expect "bad -j" 2 "-j expects" t.bc -o out -j 0
expect "unknown option" 2 "unknown option '--frobnicate'" t.bc -o out --frobnicate
expect "--entry with an empty name" 2 "empty name" t.bc -o out --entry main,
expect "option without its value" 2 "needs a value" t.bc -o out --models
expect "--facts = -o" 2 "--facts needs a directory of its own" t.bc -o out --facts out/
# -o names a file: exit 4, the file untouched
printf 'keep\n' >"$tmp/afile"
expect "-o names a file" 4 "cannot write to" t.bc -o ../afile
[ "$(cat "$tmp/afile")" = keep ]; check $? "-o names a file: the file is untouched"

# ---- 7. an existing output directory: other files stay, results are replaced
mkdir -p keep && printf 'mine\n' >keep/notes.txt && printf 'old\n' >keep/var_points_to.csv
"$irlog" analyze t.bc -o keep >/dev/null 2>err.txt; check $? "an existing -o directory" err.txt
[ "$(cat keep/notes.txt)" = mine ] && cmp -s keep/var_points_to.csv out/var_points_to.csv
check $? "an existing -o directory: other files untouched, results replaced"
"$irlog" analyze t.bc -o keep --entry nosuch >/dev/null 2>err.txt
[ $? = 3 ] && cmp -s keep/var_points_to.csv out/var_points_to.csv && no_tmp keep
check $? "a failed run leaves an existing -o directory as it was" err.txt

# ---- 8. --facts DIR: the fact directory of irlog facts
"$irlog" analyze t.bc -o outf --facts factsf >sum.txt 2>err.txt; check $? "--facts exits 0" err.txt
diff -r facts factsf >d.txt; check $? "--facts writes what irlog facts writes" d.txt
diff -r out outf >d.txt; check $? "--facts: the same results" d.txt
grep -q "the facts to factsf/" sum.txt; check $? "--facts: the summary says where" sum.txt
# --facts creates its missing parents, as -o does
"$irlog" analyze t.bc -o new1/deep/out --facts new2/deep/facts >/dev/null 2>err.txt &&
  diff -r facts new2/deep/facts >d.txt && diff -r out new1/deep/out >d.txt
check $? "--facts and -o in directories that do not exist yet: both created, the same files" err.txt
# ... and when one cannot be created (a regular file on the way; a name too long, after
# creating the parents before it): exit 4, the reason, no results, nothing it created left
long=$(printf 'x%.0s' $(seq 300))
printf 'keep\n' >plain
for bad in plain/sub/facts "new3/$long/facts"; do
  "$irlog" analyze t.bc -o out4 --facts "$bad" >/dev/null 2>err.txt; rc=$?
  { [ $rc = 4 ] && grep -q "cannot create its parent directories" err.txt && [ ! -e out4 ] &&
      [ ! -e new3 ] && [ "$(cat plain)" = keep ] && no_tmp .; } >/dev/null 2>&1
  check $? "--facts ${bad:0:12}...: its parent cannot be created: exit 4 ($rc), nothing written" err.txt
done
# the parents are made, the directory itself cannot be (its temporary name, 250 bytes and
# .tmp-irlog.PID, is too long): exit 4, and the parents made for it are removed again
"$irlog" analyze t.bc -o out5 --facts "new5/${long:0:250}" >/dev/null 2>err.txt; rc=$?
{ [ $rc = 4 ] && grep -q "File name too long" err.txt && [ ! -e out5 ] && [ ! -e new5 ]; } >/dev/null 2>&1
check $? "--facts: writing fails in parents it created: exit 4 ($rc), the parents removed" err.txt

# ---- 9. help
"$irlog" analyze --help >help.txt 2>&1 && grep -q -- '--entry' help.txt && grep -q '^exit: 0 ok, 2 usage, 3 bad input' help.txt
check $? "analyze --help: options and exit codes" help.txt
"$irlog" --help | grep -q 'irlog analyze INPUT'; check $? "irlog --help lists analyze"

# ---- 10. tests/programs: every program at -O0 -g and -O2 (entry main)
FORMATS=bc compile_programs "$tmp/progs" &&
  for bc in "$tmp"/progs/*.bc; do
    name=$(basename "$bc" .bc)
    "$irlog" analyze "$bc" -o "prog_$name" --format json >"prog_$name.json" 2>err.txt; rc=$?
    [ $rc = 0 ] && python3 -m json.tool "prog_$name.json" >/dev/null &&
      [ "$(jq_ "prog_$name.json" "d['reachable_functions']")" = "$(lines "prog_$name/reachable_function.csv")" ] &&
      grep -qx @main "prog_$name/reachable_function.csv"
    check $? "tests/programs $name: exit 0, JSON, main reachable" err.txt
  done

# ---- 11. signals (a module of 20k instructions, 1-callsite: the evaluation takes seconds).
# The walker is the child of irlog with irlog's command line (the preprocessor, also a
# child, has its own). A background job ignores SIGINT until irlog catches it for the
# evaluation, so SIGINT is sent once the walker has ended.
if command -v setsid >/dev/null && python3 -B "$srcdir/bench/facts/gen.py" 20k -o big.ll 2>/dev/null &&
   "$llvm_as" big.ll -o big.bc; then
  # start OUT: irlog in a process group of its own; returns once its walker child ended
  start() {
    local i seen=0
    setsid "$irlog" analyze big.bc -o "$1" --entry all --context 1-callsite 2>"$1.err" >/dev/null &
    pid=$!
    for ((i = 0; i < 6000; i++)); do
      if pgrep -P "$pid" -f -- "-o $1" >/dev/null; then seen=1
      elif [ $seen = 1 ]; then return 0; fi
      kill -0 "$pid" 2>/dev/null || return 1
      sleep 0.01
    done
    return 0
  }
  if start sig1; then
    sleep 0.3
    kill -INT "$pid"; wait "$pid"; rc=$?
    if [ $rc = 0 ]; then echo "note: irlog finished before SIGINT; case not run"; else
      [ $rc = 130 ] && [ ! -e sig1 ] && grep -q "interrupted by signal 2" sig1.err
      check $? "SIGINT during the evaluation: exit 130, 'interrupted', nothing written (exit $rc)" sig1.err
    fi
  else wait "$pid"; echo "note: irlog ended before its walk was seen; SIGINT case not run"; fi
  sigterm_group sig2 "$irlog" analyze big.bc -o sig2 --entry all --context 1-callsite
else
  echo "note: no setsid or no generated module; the signal cases are skipped"
fi
finish
