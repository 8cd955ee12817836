#!/usr/bin/env bash
# test_cli.sh IRLOG LLVM_BIN SRCDIR — the command `irlog taint`: the same relations as
# `irlog run datalog/analysis/taint.dl` over `irlog facts`, -j 2 changes nothing, the formats
# (JSON parses, SARIF is the same as OUT/taint.sarif, two runs give the same bytes),
# --config (added relations; errors at the config file's file:line:col, exit 3),
# --no-default-config (the config replaces the shipped one), --entry,
# the summary's counts and its reason for no finding, and every error's exit code with
# nothing left behind; two inputs linked; signals.
irlog=$1 llvm_bin=$2 srcdir=$3
case $irlog in /*) ;; *) irlog=$PWD/$irlog ;; esac
. "$srcdir/tests/ir/lib.sh"
progs="$srcdir/tests/taint/programs"
clang=$(tool clang)
dl="$srcdir/datalog/analysis/taint.dl"
for p in strcpy_cat varargs no_source; do
  (cd "$progs" && "$clang" -O0 -g -c -emit-llvm -ffile-prefix-map="$progs"=. "$p.c" -o "$tmp/$p.bc") ||
    { fail "clang $p"; finish; }
done
bc=$tmp/strcpy_cat.bc

# ---- the relations are those of irlog run over the fact directory
"$irlog" taint "$bc" -o "$tmp/a" -q >"$tmp/a.txt" 2>"$tmp/a.err"; check $? "taint runs" "$tmp/a.err"
"$irlog" facts "$bc" -o "$tmp/facts" >/dev/null 2>&1 || fail "irlog facts"
"$irlog" run "$dl" -F "$tmp/facts" -D "$tmp/r" -q -w 2>"$tmp/r.err"; check $? "irlog run datalog/analysis/taint.dl" "$tmp/r.err"
bad=0
for f in taint_finding taint_source_site taint_sink_site; do
  cmp -s "$tmp/a/$f.csv" "$tmp/r/$f.csv" || { echo "$f.csv differs" >>"$tmp/diff"; bad=1; }
done
check $bad "taint_finding, taint_source_site, taint_sink_site byte for byte those of irlog run" "$tmp/diff"
ls "$tmp/a" >"$tmp/ls"
printf '%s\n' taint.sarif taint_finding.csv taint_sink_site.csv taint_source_site.csv taint_witness.csv |
  cmp -s - "$tmp/ls"; check $? "OUT holds the three relations, the witnesses and the SARIF log" "$tmp/ls"
[ "$(wc -l <"$tmp/a/taint_finding.csv")" = 2 ]; check $? "strcpy_cat: 2 findings"
grep -q '^findings: *2: buffer-overflow 1, command-injection 1$' "$tmp/a.txt"
check $? "summary: findings by class" "$tmp/a.txt"
grep -q '^sources: *1 in the reachable code, 1 reaching a sink$' "$tmp/a.txt"; check $? "summary: sources"
grep -q '^sinks: *5 arguments in the reachable code, 2 reached$' "$tmp/a.txt"; check $? "summary: sinks" "$tmp/a.txt"
grep -q '^  *1\. strcpy_cat.c:7:22 in main: source: getenv$' "$tmp/a.txt"
check $? "the witness starts at the source's file:line:col" "$tmp/a.txt"

# ---- -j 2, formats, determinism
"$irlog" taint "$bc" -o "$tmp/b" -q -j 2 --format sarif >"$tmp/b.sarif" 2>"$tmp/b.err"
check $? "taint -j 2 --format sarif" "$tmp/b.err"
bad=0
for f in "$tmp"/a/*; do cmp -s "$f" "$tmp/b/$(basename "$f")" || { echo "$(basename "$f") differs"; bad=1; }; done >"$tmp/diff"
check $bad "-j 2: every file the same" "$tmp/diff"
cmp -s "$tmp/b.sarif" "$tmp/b/taint.sarif"; check $? "--format sarif prints OUT/taint.sarif"
"$irlog" taint "$bc" -o "$tmp/c" -q --format json >"$tmp/c.json" 2>"$tmp/c.err"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["findings"]) == 2, d["findings"]
assert d["by_class"] == {"buffer-overflow": 1, "command-injection": 1}, d["by_class"]
assert d["sources"] == 1 and d["sinks_reached"] == 2
w = d["findings"][0]["witness"]
assert w[0]["what"] == "source: getenv" and w[-1]["what"].startswith("sink: "), w
assert all("line" in s for s in w), w
' "$tmp/c.json" 2>"$tmp/py.err"
check $? "--format json: parses, with the findings and their witnesses" "$tmp/py.err"

# ---- no finding, and why
"$irlog" taint "$tmp/no_source.bc" -o "$tmp/n" -q >"$tmp/n.txt" 2>&1
grep -q '^findings: *0 (no source in the reachable code)$' "$tmp/n.txt"; check $? "no source: said so" "$tmp/n.txt"
[ ! -s "$tmp/n/taint_finding.csv" ] && [ -f "$tmp/n/taint.sarif" ]; check $? "no source: empty relations, a SARIF log"
"$irlog" taint "$tmp/no_source.bc" -o "$tmp/n2" -q --format json >"$tmp/n.json" 2>&1
grep -q '"why_none": "no source in the reachable code"' "$tmp/n.json"; check $? "no source: JSON says why"

# ---- --config: added sinks; errors at the config's file:line:col
cat >"$tmp/extra.dl" <<'X'
#include "taint.dl"
// puts as a sink of a class of our own
taint_sink("puts", 0, "my-class").
taint_class("my-class", "my own class").
X
"$irlog" taint "$tmp/varargs.bc" -o "$tmp/v" -q --config "$tmp/extra.dl" >/dev/null 2>"$tmp/v.err"
check $? "--config runs" "$tmp/v.err"
grep -q 'my-class' "$tmp/v/taint.sarif"; check $? "--config: its class is a SARIF rule"
printf 'taint_sink("puts", 0).\n\ntaint_sink_value(X, 1, "c") :- nothing(X).\n' >"$tmp/bad.dl"
"$irlog" taint "$bc" -o "$tmp/x1" -q --config "$tmp/bad.dl" >/dev/null 2>"$tmp/x1.err"; rc=$?
[ $rc = 3 ]; check $? "config with errors: exit 3 (got $rc)" "$tmp/x1.err"
grep -q "bad.dl:1:1: error" "$tmp/x1.err"; check $? "config error at its file:line:col (arity)" "$tmp/x1.err"
grep -q "bad.dl:3:" "$tmp/x1.err"; check $? "config error at its file:line:col (undeclared relation)" "$tmp/x1.err"
[ ! -e "$tmp/x1" ]; check $? "config with errors: nothing written"
"$irlog" taint "$bc" -o "$tmp/x2" -q --config "$tmp/missing.dl" >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && [ ! -e "$tmp/x2" ]; check $? "missing config: exit 3, nothing written (got $rc)"

# ---- --no-default-config: the config replaces the shipped one
cat >"$tmp/only.dl" <<'X'
// getenv into system, through strcat; no strcpy/strcat sink
taint_source_ret("getenv").
taint_sink("system", 0, "command-injection").
taint_prop_arg("strcat", 0, 1).
taint_class("command-injection", "a command from input").
X
"$irlog" taint "$bc" -o "$tmp/o1" -q --config "$tmp/only.dl" --no-default-config >"$tmp/o1.txt" 2>"$tmp/o1.err"
check $? "--no-default-config runs" "$tmp/o1.err"
grep -q '^findings: *1: command-injection 1$' "$tmp/o1.txt"
check $? "--no-default-config: only the config's sink (no buffer-overflow of strcat)" "$tmp/o1.txt"
"$irlog" taint "$bc" -o "$tmp/o2" -q --config "$tmp/only.dl" >"$tmp/o2.txt" 2>"$tmp/o2.err"
grep -q '^findings: *2: buffer-overflow 1, command-injection 1$' "$tmp/o2.txt"
check $? "the same config without it: added to the shipped one" "$tmp/o2.txt"
"$irlog" taint "$bc" -o "$tmp/o3" -q --no-default-config >/dev/null 2>"$tmp/o3.err"; rc=$?
[ $rc = 2 ] && [ ! -e "$tmp/o3" ] && grep -q 'needs --config' "$tmp/o3.err"
check $? "--no-default-config without --config: exit 2, nothing written (got $rc)" "$tmp/o3.err"

# ---- linked inputs: the source in one module, the sink in another
printf '#include <stdlib.h>\nconst char *get_cmd(void) { return getenv("C"); }\n' >"$tmp/lib.c"
printf 'int system(const char *);\nconst char *get_cmd(void);\nint main(void) { return system(get_cmd()); }\n' >"$tmp/app.c"
(cd "$tmp" && "$clang" -O0 -g -c -emit-llvm lib.c -o lib.bc && "$clang" -O0 -g -c -emit-llvm app.c -o app.bc) ||
  fail "clang lib.c app.c"
"$irlog" taint "$tmp/lib.bc" "$tmp/app.bc" -o "$tmp/l" -q >"$tmp/l.txt" 2>"$tmp/l.err"
check $? "two inputs linked" "$tmp/l.err"
grep -q '^finding 1: command-injection: getenv at lib.c:2:36 reaches argument 0 of system at app.c:3:25$' "$tmp/l.txt"
check $? "two inputs: the finding across modules, each step in its own file" "$tmp/l.txt"

# ---- usage and input errors
"$irlog" taint "$bc" -q >/dev/null 2>&1; [ $? = 2 ]; check $? "no -o: exit 2"
"$irlog" taint -o "$tmp/x3" >/dev/null 2>&1; [ $? = 2 ]; check $? "no input: exit 2"
"$irlog" taint "$bc" -o "$tmp/x3" --format xml >/dev/null 2>&1; [ $? = 2 ]; check $? "bad --format: exit 2"
"$irlog" taint "$bc" -o "$tmp/x3" --bogus >/dev/null 2>&1; [ $? = 2 ]; check $? "unknown option: exit 2"
"$irlog" taint --help | grep -q '^usage: irlog taint'; check $? "--help: usage on stdout"
"$irlog" taint "$tmp/none.bc" -o "$tmp/x4" -q >/dev/null 2>&1; rc=$?
[ $rc = 3 ] && [ ! -e "$tmp/x4" ]; check $? "missing input: exit 3, nothing written (got $rc)"
"$irlog" taint "$bc" -o "$tmp/x5" -q --entry nosuch >/dev/null 2>"$tmp/x5.err"; rc=$?
[ $rc = 3 ] && grep -q 'nosuch' "$tmp/x5.err" && [ ! -e "$tmp/x5" ]
check $? "--entry of no function: exit 3, nothing written (got $rc)" "$tmp/x5.err"
"$irlog" taint "$bc" -o "$tmp/x7/deep/out" -q >/dev/null 2>&1 && [ -f "$tmp/x7/deep/out/taint.sarif" ]
check $? "-o: missing parent directories created"
"$irlog" taint "$bc" -o "$tmp/x6" -q --entry main >/dev/null 2>&1; check $? "--entry main"
cmp -s "$tmp/a/taint_finding.csv" "$tmp/x6/taint_finding.csv"; check $? "--entry main: as the default"
: >"$tmp/afile"
"$irlog" taint "$bc" -o "$tmp/afile" -q >/dev/null 2>&1; rc=$?
[ $rc = 4 ] && [ ! -s "$tmp/afile" ]; check $? "-o names a file: exit 4 (got $rc)"
mkdir "$tmp/ro"; chmod 555 "$tmp/ro"
if [ "$(id -u)" != 0 ]; then
  "$irlog" taint "$bc" -o "$tmp/ro" -q >/dev/null 2>&1; rc=$?
  [ $rc = 4 ] && [ -z "$(ls -A "$tmp/ro")" ]; check $? "read-only -o: exit 4, nothing left (got $rc)"
fi
ls -a "$tmp"/a "$tmp"/b "$tmp"/c | grep -q '\.tmp\.' && fail "temporary files left behind" || ok "no temporary file left"

# ---- signals (a generated module of 20k instructions, every function an entry point):
# SIGINT once the walker (a child with irlog's command line) has ended, SIGTERM to the
# process group during the walk; nothing written either way
cd "$tmp" || finish
if command -v setsid >/dev/null && python3 -B "$srcdir/bench/facts/gen.py" 20k -o big.ll 2>/dev/null &&
   "$llvm_as" big.ll -o big.bc; then
  setsid "$irlog" taint big.bc -o sig1 --entry all 2>sig1.err >/dev/null &
  pid=$! seen=0
  for ((i = 0; i < 6000; i++)); do
    if pgrep -P "$pid" -f -- "-o sig1" >/dev/null; then seen=1
    elif [ $seen = 1 ]; then break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  kill -INT "$pid" 2>/dev/null; wait "$pid"; rc=$?
  if [ $rc = 0 ]; then echo "note: irlog finished before SIGINT; case not run"; else
    [ $rc = 130 ] && [ ! -e sig1 ] && grep -q "interrupted by signal 2" sig1.err
    check $? "SIGINT during the evaluation: exit 130, 'interrupted', nothing written (exit $rc)" sig1.err
  fi
  sigterm_group sig2 "$irlog" taint big.bc -o sig2 --entry all
else
  echo "note: no setsid or no generated module; the signal cases are skipped"
fi
finish
