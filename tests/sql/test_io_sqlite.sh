#!/usr/bin/env bash
# test_io_sqlite.sh IRLOG LLVM_BIN SRCDIR — Souffle's SQLite I/O in the engine:
# `.input r(IO=sqlite, dbname=...)` and `.output r(IO=sqlite, dbname=...)`.
#  - Round trip: `irlog facts --format sqlite` → `irlog run` reading every relation from
#    the database → every relation written out (the inputs themselves, and every derived
#    relation of ir.dl and constraints.dl): the files are byte for byte those of the same
#    program reading the .facts files (fixtures with tabs, backslashes, NUL and non-UTF-8
#    bytes in symbols, and a real C program).
#  - Output: Souffle's layout (`_rel` with INTEGER columns '0', '1', ..., `__SymbolTable`, a
#    view `rel` with the attribute names); the view's rows are the rows of the .csv output;
#    what was written reads back (IO=sqlite input of the view) to the same files; a second
#    run replaces the rows; results can go into the facts database itself ("beside the
#    facts") and the fact tables stay whole; with Souffle built beside the project, its
#    database of the same program has the same rows and the same table layout.
#  - Bad input: a missing table or view, a missing database, a wrong column count, a
#    malformed number: each a located error and exit 3, nothing written; an output
#    database that cannot be created: exit 4, no file left.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
sqldir="$srcdir/tests/sql"
cmpv() { python3 -B "$sqldir/viewcmp.py" "$@"; }

"$irlog" sql-views "$srcdir/datalog/constraints.dl" > "$tmp/cons.sql" 2> /dev/null
derived=$(grep -o '^CREATE VIEW "[a-z_0-9]*"' "$tmp/cons.sql" | cut -d'"' -f2)
rels=$("$irlog" schema --list | cut -f1)
# strip the #include lines of a shipped program (the schema comes first)
body() { grep -v '^#include "' "$srcdir/datalog/$1"; }
# program MODE DB: the schema, every relation an input (IO=file or IO=sqlite) and an
# output, the rules of ir.dl and constraints.dl with every derived relation an output
program() {
  "$irlog" schema --dl --no-input
  for r in $rels; do
    if [ "$1" = sqlite ]; then echo ".input $r(IO=sqlite, dbname=\"$2\")"; else echo ".input $r"; fi
    echo ".output $r"
  done
  body ir.dl; body constraints.dl
  for r in $derived; do [ "$r" = constraint_violation ] || echo ".output $r"; done
}
program file > "$tmp/tsv.dl"
program sqlite f.db > "$tmp/sqlite.dl"

roundtrip() {
  local name=$1 in=$2 d="$tmp/rt/$1"
  mkdir -p "$d/db"
  if ! "$irlog" facts "$in" -o "$d/facts" 2> "$d/err" || ! "$irlog" facts "$in" -o "$d/db/f.db" --format sqlite 2>> "$d/err"; then
    fail "$name: irlog facts failed"; sed 's/^/     /' "$d/err" | head; return
  fi
  "$irlog" run "$tmp/tsv.dl" -F "$d/facts" -D "$d/out.tsv" 2> "$d/err1"
  local s1=$?
  "$irlog" run "$tmp/sqlite.dl" -F "$d/db" -D "$d/out.db" 2> "$d/err2"
  local s2=$?
  diff -r "$d/out.tsv" "$d/out.db" > "$d/diff" 2>&1
  local s3=$? n
  n=$(ls "$d/out.db" | wc -l)
  [ $s1 = 0 ] && [ $s2 = 0 ] && [ $s3 = 0 ] && [ "$n" -gt 500 ]
  check $? "$name: every relation read from the database (IO=sqlite) gives the files of reading the .facts ($n files, $(cat "$d"/out.db/*.csv | wc -l) rows)" \
    <(cat "$d/err1" "$d/err2"; head -20 "$d/diff")
}
mkdir -p "$tmp/rt"
for c in meta_nodes insn_other attr_all global_attrs insn_memory; do
  roundtrip "golden $c" "$srcdir/tests/golden/ir/$c.ll"
done
if FORMATS=bc compile_programs "$tmp/bin" linked_list.c; then
  roundtrip "program linked_list.O0" "$tmp/bin/linked_list.O0.bc"
fi
grep -qP '\\(t|x[0-9A-F]{2}|0)' "$tmp/rt/golden meta_nodes/out.db/"*.csv 2> /dev/null ||
  grep -qP '\\(t|x[0-9A-F]{2}|0)' "$tmp/rt/golden insn_other/out.db/"*.csv
check $? "the round trip covers symbols with escapes (\\t, \\0 or \\xNN)"

# ---- output: Souffle's layout, read back, replaced, beside the facts
d="$tmp/rt/golden meta_nodes"
o="$tmp/out"; mkdir -p "$o"
{ "$irlog" schema --dl --no-input
  for r in $rels; do echo ".input $r(IO=sqlite, dbname=\"f.db\")"; echo ".output $r(IO=sqlite, dbname=\"res.db\")"; done
  body ir.dl
  echo '.output block_reachable(IO=sqlite, dbname="res.db")'
  echo '.output call_site(IO=sqlite, dbname="res.db")'
  echo '.output operand_type(IO=sqlite, dbname="res.db")'; } > "$tmp/w.dl"
"$irlog" run "$tmp/w.dl" -F "$d/db" -D "$o" 2> "$tmp/err"
check $? "irlog run writes every relation to res.db (IO=sqlite)" "$tmp/err"
sqlite3 "$o/res.db" ".schema _call_site" ".schema call_site" > "$tmp/schema.txt" 2>&1
grep -q "CREATE TABLE.* '_call_site' ('0' INTEGER,'1' INTEGER,'2' INTEGER)" "$tmp/schema.txt" &&
  grep -q "CREATE VIEW.* 'call_site' AS SELECT '_symtab_0'.symbol AS 'insn'" "$tmp/schema.txt" &&
  sqlite3 "$o/res.db" ".schema __SymbolTable" | grep -q 'id INTEGER PRIMARY KEY, symbol TEXT UNIQUE'
check $? "Souffle's layout: _call_site of INTEGER columns, __SymbolTable, the view call_site" "$tmp/schema.txt"
cmpv compare "$o/res.db" "$d/out.tsv" $rels block_reachable call_site operand_type > "$tmp/cmp" 2>&1
check $? "every view written by IO=sqlite holds the rows of the .csv output ($(grep -c '^ok' "$tmp/cmp") relations)" <(grep -v '^ok' "$tmp/cmp")
# read back what was written
{ "$irlog" schema --dl --no-input
  for r in $rels; do echo ".input $r(IO=sqlite, dbname=\"res.db\")"; echo ".output $r"; done; } > "$tmp/r.dl"
"$irlog" run "$tmp/r.dl" -F "$o" -D "$tmp/back" 2> "$tmp/err" &&
  for r in $rels; do cmp -s "$tmp/back/$r.csv" "$d/out.tsv/$r.csv" || { echo "$r differs"; break; }; done > "$tmp/diff"
[ $? = 0 ] && [ ! -s "$tmp/diff" ]
check $? "what IO=sqlite wrote reads back (IO=sqlite) to the files of the .facts, escapes included" <(cat "$tmp/err" "$tmp/diff")
n1=$(sqlite3 "$o/res.db" "SELECT count(*) FROM call_site")
"$irlog" run "$tmp/w.dl" -F "$d/db" -D "$o" 2> "$tmp/err"
n2=$(sqlite3 "$o/res.db" "SELECT count(*) FROM call_site")
[ "$n1" = "$n2" ] && [ "$n1" -gt 0 ] && [ "$(sqlite3 "$o/res.db" "SELECT count(*) FROM (SELECT DISTINCT * FROM _call_site)")" = "$n2" ]
check $? "a second run replaces the rows ($n1, then $n2)" "$tmp/err"
# beside the facts: into the facts database itself
cp "$d/db/f.db" "$tmp/beside.db"
ni=$(sqlite3 "$tmp/beside.db" "SELECT count(*) FROM instruction")
{ "$irlog" schema --dl --no-input
  echo '.input block_successor(IO=sqlite, dbname="beside.db")'
  echo '.input function_entry_block(IO=sqlite, dbname="beside.db")'
  body ir.dl
  echo '.output block_reachable(IO=sqlite, dbname="beside.db")'; } > "$tmp/b.dl"
"$irlog" run -w "$tmp/b.dl" -F "$tmp" -D "$tmp" 2> "$tmp/err"
st=$?
a=$(sqlite3 "$tmp/beside.db" "SELECT count(*) FROM _block_reachable")
b=$(wc -l < "$d/out.tsv/block_reachable.csv")
[ $st = 0 ] && [ "$a" = "$b" ] && [ "$(sqlite3 "$tmp/beside.db" "SELECT count(*) FROM instruction")" = "$ni" ]
check $? "results written into the facts database itself ($a rows of block_reachable as _block_reachable), the facts untouched" "$tmp/err"

# ---- Souffle built beside the project: the same database layout and rows
souffle=${SOUFFLE:-}
[ -z "$souffle" ] && [ -x "$srcdir/../peers/souffle-build/src/souffle" ] && souffle="$srcdir/../peers/souffle-build/src/souffle"
[ -z "$souffle" ] && souffle=$(command -v souffle 2> /dev/null)
if [ -n "$souffle" ]; then
  mkdir -p "$tmp/sf"
  cat > "$tmp/sf/p.dl" <<'DL'
.decl edge(a: symbol, b: symbol)
.input edge(IO=sqlite, dbname="in.db")
.decl path(a: symbol, b: symbol)
.output path(IO=sqlite, dbname="out.db")
path(x, y) :- edge(x, y).
path(x, z) :- path(x, y), edge(y, z).
.decl deg(a: symbol, n: number)
.output deg(IO=sqlite, dbname="out.db")
deg(x, n) :- edge(x, _), n = count : { edge(x, _) }.
DL
  sqlite3 "$tmp/sf/in.db" "CREATE TABLE edge (a TEXT, b TEXT); INSERT INTO edge VALUES ('a','b'),('b','c'),('c','a'),('c','d e'),('x''y','a');"
  mkdir -p "$tmp/sf/s" "$tmp/sf/i"
  if "$souffle" -F "$tmp/sf" -D "$tmp/sf/s" "$tmp/sf/p.dl" > "$tmp/sf/s.log" 2>&1; then
    "$irlog" run "$tmp/sf/p.dl" -F "$tmp/sf" -D "$tmp/sf/i" 2> "$tmp/err"
    for r in path deg; do
      for x in s i; do sqlite3 -separator ' ' "$tmp/sf/$x/out.db" "SELECT * FROM $r" | LC_ALL=C sort > "$tmp/sf/$x.$r"; done
      cmp -s "$tmp/sf/s.$r" "$tmp/sf/i.$r" && [ -s "$tmp/sf/s.$r" ] || echo "$r: rows differ"
      for x in s i; do sqlite3 "$tmp/sf/$x/out.db" ".schema $r" > "$tmp/sf/$x.$r.schema"; done
      cmp -s "$tmp/sf/s.$r.schema" "$tmp/sf/i.$r.schema" || echo "$r: schema differs"
    done > "$tmp/sf/diff"
    [ ! -s "$tmp/sf/diff" ]
    check $? "Souffle ($souffle) and irlog write the same rows and the same tables and views (IO=sqlite)" <(cat "$tmp/err" "$tmp/sf/diff")
  else
    echo "note: $souffle cannot run the IO=sqlite program (built without SQLite?); that comparison is left out"
  fi
fi

# ---- bad input
bad() { # bad NAME EXPECTED_EXIT PATTERN PROGRAM_TEXT
  local name=$1 want=$2 pat=$3
  mkdir -p "$tmp/bad"
  printf '%s\n' "$4" > "$tmp/bad/p.dl"
  rm -rf "$tmp/bad/out"
  "$irlog" run "$tmp/bad/p.dl" -F "$tmp/bad" -D "$tmp/bad/out" > /dev/null 2> "$tmp/bad/err"
  local st=$?
  [ $st = "$want" ] && grep -q -- "$pat" "$tmp/bad/err" && [ ! -e "$tmp/bad/out" ]
  check $? "$name: exit $st, nothing written: $(head -1 "$tmp/bad/err")" "$tmp/bad/err"
}
mkdir -p "$tmp/bad"; sqlite3 "$tmp/bad/x.db" "CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), ('abc'); CREATE TABLE two (a, b); INSERT INTO two VALUES (1, 2);"
bad "a missing table" 3 "p.dl:2:[0-9]*: error: database '.*x.db' has no table or view 'nosuch'" \
  '.decl nosuch(x: symbol)
.input nosuch(IO=sqlite, dbname="x.db")
.output nosuch'
bad "a missing database" 3 "p.dl:2:[0-9]*: error: cannot open database '.*none.db' of relation 'n'" \
  '.decl n(x: number)
.input n(IO=sqlite, dbname="none.db")
.output n'
[ ! -e "$tmp/bad/none.db" ]; check $? "the missing database is not created"
bad "a wrong column count" 3 "relation 'two' has 1 column, but table 'two' of database '.*x.db' has 2" \
  '.decl two(a: number)
.input two(IO=sqlite, dbname="x.db")
.output two'
bad "a malformed number" 3 "x.db\[n\]:2:1: error: relation 'n', column 1 ('x: number'): expected a number, found 'abc'" \
  '.decl n(x: number)
.input n(IO=sqlite, dbname="x.db")
.output n'
bad "a nullary relation" 3 "IO=sqlite cannot hold relation 'z'" \
  '.decl z()
z().
.output z(IO=sqlite, dbname="z.db")'
mkdir -p "$tmp/bad/out"
printf '.decl n(x: number)\nn(1).\n.output n(IO=sqlite, dbname="%s/no/such/dir/r.db")\n.output n\n' "$tmp" > "$tmp/bad/w.dl"
"$irlog" run "$tmp/bad/w.dl" -D "$tmp/bad/out" 2> "$tmp/bad/err"
st=$?
[ $st = 4 ] && [ -z "$(ls -A "$tmp/bad/out")" ] && grep -q "cannot open database" "$tmp/bad/err"
check $? "an output database that cannot be created: exit $st, no file written ($(head -1 "$tmp/bad/err"))" "$tmp/bad/err"
finish
