#!/usr/bin/env bash
# test_link.sh IRLOG LLVM_BIN SRCDIR — linking, --separate, the output formats and the
# shape of every file.
#  1. a.ll (calls @g, declared) + b.bc (defines @g) + c.ll: one fact set in which the
#     call's callee @g is a defined function and nothing is left declared that the
#     other inputs define; module_input lists the inputs in order.
#  2. --separate -j 2 gives one directory per input, named after it, each unlinked.
#  3. Every declared relation has its file, even when empty (the file list equals
#     `irlog schema --list`), and every row of every .facts file has exactly `arity`
#     tab-separated fields with only \t \n \r \\ \0 escapes — over a compiled program
#     with debug info, every_opcode.ll and a module of names with tabs, newlines and
#     backslashes, whose rows are checked exactly; a NUL byte in a metadata string is
#     written \0 (and a backslash followed by 0 stays apart: \\0).
#  4. --format csv gives <relation>.csv files with a header row equal to the column
#     names of `irlog schema --dl`'s .decl, and rows of `arity` fields (RFC 4180).
#  5. Writing over an earlier output replaces it; an empty module (a .ll of comments) is a
#     valid input.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

"$irlog" schema --list >"$tmp/schema.list" 2>"$tmp/err" || { fail "irlog schema --list"; cat "$tmp/err"; finish; }
"$irlog" schema --dl >"$tmp/schema.dl" 2>"$tmp/err" || { fail "irlog schema --dl"; cat "$tmp/err"; finish; }
run() { # run OUT ARGS... → irlog facts ARGS -o OUT; status 0 when it worked
  local out=$1; shift
  "$irlog" facts "$@" -o "$out" 2>"$tmp/err" && return 0
  fail "irlog facts $* failed"; sed 's/^/     /' "$tmp/err" | head; return 1
}
py() { python3 -B - "$@" >"$tmp/res" 2>&1; }

# ---- 1. linking
mkdir -p "$tmp/in"
cat >"$tmp/in/a.ll" <<'LL'
declare i32 @g(i32)
declare void @h()
define i32 @main() {
entry:
  %r = call i32 @g(i32 41)
  call void @h()
  ret i32 %r
}
LL
cat >"$tmp/in/b.ll" <<'LL'
@shared = global i32 1
define i32 @g(i32 %x) {
entry:
  %v = load i32, ptr @shared
  %r = add i32 %x, %v
  ret i32 %r
}
LL
cat >"$tmp/in/c.ll" <<'LL'
@shared = external global i32
define void @h() {
  store i32 2, ptr @shared
  ret void
}
LL
"$llvm_as" "$tmp/in/b.ll" -o "$tmp/in/b.bc" || fail "llvm-as b.ll"
if run "$tmp/linked" "$tmp/in/a.ll" "$tmp/in/b.bc" "$tmp/in/c.ll"; then
  py "$tmp/linked" <<'PY'
import os, sys
d = sys.argv[1]
def rows(r):
    return [l.split("\t") for l in open(os.path.join(d, r + ".facts")).read().splitlines()]
bad = []
defined = {r[0] for r in rows("function_definition")}
declared = {r[0] for r in rows("function_declaration")}
for f in ("@main", "@g", "@h"):
    if f not in defined: bad.append(f"{f} is not in function_definition")
    if f in declared: bad.append(f"{f} is still in function_declaration")
calls = {r[0] for r in rows("call_instruction")}
main_calls = [c for c in calls if c.startswith("@main:")]
# the callee is the last operand of a call
ops = {}
for i, idx, o in rows("instruction_operand"):
    ops.setdefault(i, {})[int(idx)] = o
callees = {ops[c][max(ops[c])] for c in main_calls if c in ops}
if callees != {"@g", "@h"}: bad.append(f"the calls in @main have callees {sorted(callees)}, expected @g and @h")
if not callees <= defined: bad.append("a callee of @main is not a defined function")
if [r[0] for r in rows("function")].count("@g") != 1: bad.append("@g is not exactly once in function")
inputs = rows("module_input")
if inputs != [["0", "a.ll"], ["1", "b.bc"], ["2", "c.ll"]]: bad.append(f"module_input is {inputs}")
if len(rows("module")) != 1: bad.append("module has not exactly one row")
gv = os.path.join(d, "global_variable_definition.facts")
if os.path.exists(gv) and ["@shared"] not in [l.split("\t") for l in open(gv).read().splitlines()]:
    bad.append("@shared is not a defined global variable after linking")
bad and print("\n".join("  - " + b for b in bad)); sys.exit(1 if bad else 0)
PY
  check $? "a.ll + b.bc + c.ll linked: the calls in @main reach the defined @g and @h" "$tmp/res"
fi
# the order of the inputs does not change which functions are defined
if run "$tmp/linked2" "$tmp/in/c.ll" "$tmp/in/b.bc" "$tmp/in/a.ll"; then
  diff <(sort "$tmp/linked/function_definition.facts") <(sort "$tmp/linked2/function_definition.facts") >"$tmp/diff"
  check $? "linking in another order defines the same functions" "$tmp/diff"
fi

# ---- 2. --separate
if run "$tmp/sep" --separate -j 2 "$tmp/in/a.ll" "$tmp/in/b.bc" "$tmp/in/c.ll"; then
  [ "$(ls "$tmp/sep" | tr '\n' ' ')" = "a b c " ]
  check $? "--separate -j 2 writes one directory per input: $(ls "$tmp/sep" | tr '\n' ' ')"
  grep -qx '@g' "$tmp/sep/a/function_declaration.facts" && grep -qx '@g' "$tmp/sep/b/function_definition.facts" &&
    ! grep -q '@main' "$tmp/sep/b/function.facts"
  check $? "--separate does not link: @g is declared in a, defined in b, and b has no @main"
  [ "$(cat "$tmp/sep/b/module_input.facts")" = "$(printf '0\tb.bc')" ]
  check $? "--separate: each part's module_input names its own input"
fi

# ---- 3. file list and arity, TSV
cat >"$tmp/in/names.ll" <<'LL'
; names with a tab, a newline, a backslash, a quote and a comma
@"g\09tab" = global [8 x i8] c"a\09b\0Ac\5Cd\00"
@"comma,\22quote\22" = constant i32 7

define void @"a\09b\0Ac\\d"(i32 %"p\09q") {
"blk\0Aname":
  %"x\\y" = add i32 %"p\09q", 1
  ret void
}
LL
FORMATS=bc compile_programs "$tmp/bin" shapes
cp "$here/inputs/every_opcode.ll" "$tmp/in/"
for in in "$tmp/bin/shapes.O0.bc" "$tmp/in/every_opcode.ll" "$tmp/in/names.ll"; do
  b=$(basename "$in")
  run "$tmp/tsv.$b" "$in" || continue
  factcheck arity "$tmp/tsv.$b" "$tmp/schema.list" facts >"$tmp/res"
  check $? "$b: one .facts file per declared relation ($(wc -l <"$tmp/schema.list")), every row of arity fields" "$tmp/res"
done
if [ -d "$tmp/tsv.names.ll" ]; then
  # the ids must be spelled as llvm-dis prints the names (docs/ids.md): take them from
  # llvm-dis's text of the same module
  "$llvm_as" "$tmp/in/names.ll" -o - | "$llvm_dis" -o "$tmp/names.dis.ll"
  py "$tmp/tsv.names.ll" "$tmp/names.dis.ll" <<'PY'
import os, re, sys
d, dis = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
def lines(r):
    return open(os.path.join(d, r + ".facts"), encoding="utf-8").read().splitlines()
bad = []
def esc(s):  # the TSV escaping: \ \t \n \r
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
def want(rel, ident, name):
    row = esc(ident) + "\t" + esc(name)
    if row not in lines(rel): bad.append(f"{rel} lacks the row {row!r}; it has {lines(rel)!r}")
q = r'"(?:[^"\\]|\\.)*"'
f = re.search(r"define void (@" + q + r")\(i32 (%" + q + r")\)", dis)
blk = re.search(r"^(" + q + r"):", dis, re.M)
x = re.search(r"^  (%" + q + r") = add", dis, re.M)
g = re.findall(r"^(@" + q + r") = ", dis, re.M)
if not (f and blk and x and len(g) == 2):
    print("  - cannot find the names in llvm-dis's text"); sys.exit(1)
fn, p = f.group(1), f.group(2)
# names are the raw bytes; both columns TSV-escaped
want("function_name", fn, "a\tb\nc\\d")
want("variable_name", fn + ":" + p, "p\tq")
want("variable_name", fn + ":" + x.group(1), "x\\y")
want("block_name", fn + ":%" + blk.group(1), "blk\nname")
if os.path.exists(os.path.join(d, "global_variable_name.facts")):
    want("global_variable_name", g[0], "g\ttab")
    want("global_variable_name", g[1], 'comma,"quote"')
bad and print("\n".join("  - " + b for b in bad)); sys.exit(1 if bad else 0)
PY
  check $? "names.ll: ids spelled as llvm-dis prints them; tabs, newlines, backslashes in names escaped as \\t \\n \\\\" "$tmp/res"
fi

# a NUL byte inside a string (here a metadata string, next to a backslash and a 0) is
# written \0, a backslash \\ (docs/ids.md)
cat >"$tmp/in/nul.ll" <<'LL'
!named = !{!0}
!0 = !{!"a\00b\\0c"}
LL
if run "$tmp/tsv.nul" "$tmp/in/nul.ll"; then
  factcheck arity "$tmp/tsv.nul" "$tmp/schema.list" facts >"$tmp/res" &&
    [ "$(cat "$tmp/tsv.nul/metadata_string.facts")" = "$(printf '%s\t%s' '!"a\\00b\\\\0c"' 'a\0b\\0c')" ]
  check $? "nul.ll: the metadata string a<NUL>b\\0c is written whole, as a\\0b\\\\0c" "$tmp/res"
fi

# bytes that are not UTF-8 (in names and metadata strings) are written \xNN, well-formed
# UTF-8 as it is, so that every file is UTF-8 and irlog's own engine reads the facts
cat >"$tmp/in/utf8.ll" <<'LL'
@"g\FFx" = global i32 0
@"caf\C3\A9" = global i32 1
define void @"f\80"() {
  ret void
}
!named = !{!0, !1}
!0 = !{!"bad \FF\FE \C0\80 \ED\A0\80 end"}
!1 = !{!"ok \C3\A9 \E2\82\AC \F0\9F\98\80"}
LL
if run "$tmp/tsv.utf8" "$tmp/in/utf8.ll"; then
  st=0; : >"$tmp/res"
  python3 - "$tmp/tsv.utf8" >>"$tmp/res" 2>&1 <<'PY' || st=1
import glob, sys
d = sys.argv[1]
for f in glob.glob(d + "/*.facts"):
    open(f, encoding="utf-8", errors="strict").read()
def rows(r):
    return [l.split("\t") for l in open(f"{d}/{r}.facts", encoding="utf-8").read().splitlines()]
want = {
    ("metadata_string", "bad \\xFF\\xFE \\xC0\\x80 \\xED\\xA0\\x80 end"),
    ("metadata_string", "ok \u00e9 \u20ac \U0001F600"),
    ("function_name", "f\\x80"),
    ("global_variable_name", "g\\xFFx"),
    ("global_variable_name", "caf\u00e9"),
}
have = {(r, row[1]) for r in ("metadata_string", "function_name", "global_variable_name") for row in rows(r)}
missing = want - have
if missing:
    print("missing:", missing, "have:", have); sys.exit(1)
PY
  "$irlog" check "$tmp/tsv.utf8" >>"$tmp/res" 2>&1 || st=1
  check $st "utf8.ll: non-UTF-8 bytes written \\xNN, UTF-8 kept; every file is UTF-8 and irlog check reads them" "$tmp/res"
fi

# ---- 4. CSV
for in in "$tmp/bin/shapes.O0.bc" "$tmp/in/names.ll"; do
  b=$(basename "$in")
  run "$tmp/csv.$b" --format csv "$in" || continue
  factcheck arity "$tmp/csv.$b" "$tmp/schema.list" csv >"$tmp/res" && factcheck csv "$tmp/csv.$b" "$tmp/schema.dl" >>"$tmp/res"
  check $? "$b --format csv: one .csv per relation, headers as in schema --dl, rows of arity fields" "$tmp/res"
done
if [ -d "$tmp/csv.names.ll" ]; then
  py "$tmp/csv.names.ll" <<'PY'
import csv, os, sys
d = sys.argv[1]
rows = list(csv.reader(open(os.path.join(d, "function_name.csv"), newline="", encoding="utf-8")))
ok = len(rows) == 2 and rows[1][1] == 'a\tb\nc\\d' and rows[1][0].startswith('@"a')
if not ok: print(f"  - function_name.csv: want one row whose name is 'a<TAB>b<NL>c\\d': {rows!r}")
sys.exit(0 if ok else 1)
PY
  check $? "names.ll --format csv: a name with a tab and a newline is one quoted field" "$tmp/res"
  # the TSV and CSV outputs hold the same rows, relation by relation
  py "$tmp/tsv.names.ll" "$tmp/csv.names.ll" <<'PY'
import csv, os, re, sys
tsv, csvd = sys.argv[1], sys.argv[2]
un = lambda s: re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n", "r": "\r"}.get(m.group(1), m.group(1)), s)
bad = []
for f in sorted(os.listdir(tsv)):
    r = f[:-6]
    t = [[un(x) for x in l.split("\t")] for l in open(os.path.join(tsv, f), encoding="utf-8").read().splitlines()]
    c = list(csv.reader(open(os.path.join(csvd, r + ".csv"), newline="", encoding="utf-8")))[1:]
    if t != c: bad.append(f"{r}: TSV {t[:3]!r} vs CSV {c[:3]!r}")
bad and print("\n".join("  - " + b for b in bad[:10])); sys.exit(1 if bad else 0)
PY
  check $? "names.ll: the CSV and the TSV output hold the same rows" "$tmp/res"
fi

# ---- 5. replacing an earlier output; the empty module
if run "$tmp/linked" "$tmp/in/b.ll"; then
  ! grep -q '@main' "$tmp/linked/function.facts" && [ -z "$(ls -d "$tmp"/*.old-irlog.* "$tmp"/*.tmp-irlog.* 2>/dev/null)" ]
  check $? "writing over an earlier output replaces it and leaves no temporary directory"
fi
# (an empty file is an error, see test_bad_input.sh; a .ll of comments is an empty module)
printf '; nothing but a comment\n\n' >"$tmp/in/empty.ll"
if run "$tmp/empty" "$tmp/in/empty.ll"; then
  factcheck arity "$tmp/empty" "$tmp/schema.list" >"$tmp/res" && [ "$(wc -l <"$tmp/empty/module.facts")" = 1 ] &&
    [ ! -s "$tmp/empty/function.facts" ]
  check $? "a .ll with only a comment is an empty module: every file, one module row, no function" "$tmp/res"
fi
finish
