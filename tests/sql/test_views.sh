#!/usr/bin/env bash
# test_views.sh IRLOG LLVM_BIN SRCDIR — `irlog sql-views` and the views of
# `irlog facts --format sqlite`, against `irlog run`.
#  - The databases of every golden fixture and of real C programs (clang-19 -O0 -g and -O2)
#    hold a view for every derived relation of datalog/ir.dl and datalog/constraints.dl
#    (constraint_violation included), and each view gives exactly the rows `irlog run`
#    derives for that relation from the .facts files of the same input (sorted, symbols
#    spelled as in .facts files: viewcmp.py, Python's sqlite3). `irlog sql-views` of the
#    shipped programs translates every relation, with no warning.
#  - Small programs (tests/sql/views/*.dl: negation, aggregates, linear recursion,
#    arithmetic, strings) over tests/sql/views/facts: `sql-views --tables`, the facts
#    loaded into SQLite by the test, every view compared with `irlog run`.
#  - The comparison can fail: a view changed by hand is caught.
#  - Each program that cannot be translated (tests/sql/views/untranslatable/*.dl) exits 0
#    with exactly the warnings of its .expect file, the comments in the SQL, and the
#    view of its translatable relation `ok`.
#  - The SQL runs: every view of the small programs is created in SQLite without error.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
sqldir="$srcdir/tests/sql"
vdir="$sqldir/views"
cmpv() { python3 -B "$sqldir/viewcmp.py" "$@"; }

# ---- the shipped programs translate whole
"$irlog" sql-views "$srcdir/datalog/constraints.dl" > "$tmp/cons.sql" 2> "$tmp/cons.err"
st=$?
nv=$(grep -c '^CREATE VIEW' "$tmp/cons.sql")
[ $st = 0 ] && [ ! -s "$tmp/cons.err" ] && ! grep -q '^-- not translated' "$tmp/cons.sql" && [ "$nv" -ge 40 ]
check $? "sql-views datalog/constraints.dl: $nv views, no warning, nothing left out" "$tmp/cons.err"
rels=$(grep -o '^CREATE VIEW "[a-z_0-9]*"' "$tmp/cons.sql" | cut -d'"' -f2)
for r in operand_type instruction_type call_site block_reachable extractvalue_instruction_interm_type constraint_violation; do
  echo "$rels" | grep -qx "$r" || fail "no view $r"
done
# a program that outputs every derived relation
{ echo "#include \"$srcdir/datalog/constraints.dl\""
  for r in $rels; do [ "$r" = constraint_violation ] || echo ".output $r"; done; } > "$tmp/all.dl"

# viewcheck NAME INPUT: facts (.facts and SQLite) of INPUT, irlog run of every relation,
# every view compared
viewcheck() {
  local name=$1 in=$2 d="$tmp/v/$1"
  mkdir -p "$d"
  if ! "$irlog" facts "$in" -o "$d/facts" 2> "$d/err" || ! "$irlog" facts "$in" -o "$d/f.db" --format sqlite 2>> "$d/err"; then
    fail "$name: irlog facts failed"; sed 's/^/     /' "$d/err" | head; return
  fi
  if ! "$irlog" run "$tmp/all.dl" -F "$d/facts" -D "$d/out" 2> "$d/err"; then
    fail "$name: irlog run failed"; sed 's/^/     /' "$d/err" | head; return
  fi
  local views
  views=$(sqlite3 "$d/f.db" "SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name" | grep -vx 'operand\|value\|opcode')
  [ "$(echo "$views" | sort)" = "$(echo "$rels" | sort)" ] || { fail "$name: the database's views are not the translated relations"; return; }
  cmpv compare "$d/f.db" "$d/out" $rels > "$d/cmp" 2>&1
  local st=$? rows
  rows=$(awk '$1 == "ok" { n += $3 } END { print n + 0 }' "$d/cmp")
  check $st "$name: every view of ir.dl and constraints.dl ($(echo $rels | wc -w)) gives the rows of irlog run ($rows rows)" \
    <(grep -v '^ok' "$d/cmp")
}

for ll in "$srcdir"/tests/golden/ir/*.ll; do
  viewcheck "golden $(basename "$ll" .ll)" "$ll"
done
if FORMATS=bc compile_programs "$tmp/bin" linked_list.c switch_loops.c shapes.cpp; then
  for bc in "$tmp"/bin/*.bc; do viewcheck "program $(basename "$bc" .bc)" "$bc"; done
fi

# ---- constraint_violation finds violations: a broken copy of a program's facts (the
# same rows removed from the .facts files and from the database)
d="$tmp/v/program linked_list.O0"
if [ -f "$d/f.db" ]; then
  b="$tmp/broken"; mkdir -p "$b"; cp -r "$d/facts" "$b/facts"; cp "$d/f.db" "$b/f.db"
  for r in variable_type instruction_block block_function; do
    head -1 "$b/facts/$r.facts" | cut -f1 > "$b/key"
    key=$(cat "$b/key")
    grep -v -F "$key	" "$d/facts/$r.facts" > "$b/facts/$r.facts"
    col=$(sqlite3 "$b/f.db" "SELECT name FROM pragma_table_info('$r') WHERE cid = 0")
    sqlite3 "$b/f.db" "DELETE FROM \"$r\" WHERE \"$col\" = '$(printf %s "$key" | sed "s/'/''/g")'"
  done
  "$irlog" run "$tmp/all.dl" -F "$b/facts" -D "$b/out" 2> "$b/err"
  nviol=$(wc -l < "$b/out/constraint_violation.csv")
  cmpv compare "$b/f.db" "$b/out" $rels > "$b/cmp" 2>&1
  [ $? = 0 ] && [ "$nviol" -gt 0 ]
  check $? "broken facts: constraint_violation and every other view give the rows of irlog run ($nviol violations)" \
    <(grep -v '^ok' "$b/cmp")
fi

# ---- the comparison can fail: a view changed by hand
d="$tmp/v/golden insn_memory"
if [ -f "$d/f.db" ]; then
  cp "$d/f.db" "$tmp/tampered.db"
  sqlite3 "$tmp/tampered.db" 'DROP VIEW instruction_type;
    CREATE VIEW instruction_type (insn, type) AS SELECT insn, "type" FROM instruction_to JOIN variable_type USING (var) WHERE insn NOT LIKE "%0%";'
  cmpv compare "$tmp/tampered.db" "$d/out" instruction_type operand_type > "$tmp/t.cmp"
  st=$?
  [ $st = 1 ] && grep -q '^FAIL instruction_type' "$tmp/t.cmp" && grep -q '^ok operand_type' "$tmp/t.cmp"
  check $? "a view that loses rows is caught ($(grep '^FAIL' "$tmp/t.cmp" | head -1))"
fi

# ---- small programs
for prog in "$vdir"/*.dl; do
  p=$(basename "$prog" .dl)
  [ "$p" = common ] && continue
  d="$tmp/small/$p"; mkdir -p "$d"
  if ! (cd "$vdir" && "$irlog" sql-views "$p.dl" --tables) > "$d/v.sql" 2> "$d/err" || [ -s "$d/err" ]; then
    fail "$p: sql-views failed or warned"; sed 's/^/     /' "$d/err" | head; continue
  fi
  sqlite3 "$d/db" < "$d/v.sql" 2> "$d/err" && cmpv load "$d/db" "$vdir/facts" node edge weight name dept emp 2>> "$d/err"
  check $? "$p: the views and tables are created in SQLite, the facts loaded" "$d/err" || continue
  if ! (cd "$vdir" && "$irlog" run "$p.dl" -F facts -D "$d/out") 2> "$d/err"; then
    fail "$p: irlog run failed"; sed 's/^/     /' "$d/err" | head; continue
  fi
  vs=$(grep -o '^CREATE VIEW "[a-z_0-9]*"' "$d/v.sql" | cut -d'"' -f2)
  cmpv compare "$d/db" "$d/out" $vs > "$d/cmp" 2>&1
  check $? "$p: every view ($(echo $vs | wc -w)) gives the rows of irlog run ($(awk '$1 == "ok" { n += $3 } END { print n + 0 }' "$d/cmp") rows)" \
    <(grep -v '^ok' "$d/cmp")
done
grep -q 'WITH RECURSIVE "path__rec"' "$tmp/small/recursion/v.sql" &&
  grep -q 'NOT EXISTS' "$tmp/small/negation/v.sql" && grep -q 'count(\*)' "$tmp/small/aggregates/v.sql"
check $? "recursion became WITH RECURSIVE, negation NOT EXISTS, aggregates subqueries"

# ---- programs that cannot be translated: warnings, comments, translation goes on
for prog in "$vdir"/untranslatable/*.dl; do
  p=$(basename "$prog" .dl)
  (cd "$vdir/untranslatable" && "$irlog" sql-views "$p.dl") > "$tmp/u.sql" 2> "$tmp/u.err"
  st=$?
  diff "$vdir/untranslatable/$p.expect" "$tmp/u.err" > "$tmp/u.diff"
  dst=$?
  nw=$(grep -c 'warning: ' "$tmp/u.err")
  nc=$(grep -c '^-- not translated: ' "$tmp/u.sql")
  [ $st = 0 ] && [ $dst = 0 ] && [ "$nw" -ge 1 ] && [ "$nc" -ge 1 ] && grep -q '^CREATE VIEW "ok"' "$tmp/u.sql"
  check $? "untranslatable $p: exit $st, the expected warning ($(head -1 "$tmp/u.err" | sed 's/.*not translated to SQL: //')), $nc comment(s), the rest translated" "$tmp/u.diff"
  sqlite3 "$tmp/u$p.db" "CREATE TABLE edge (a, b); CREATE TABLE node (n); CREATE TABLE name (id, s);" && sqlite3 "$tmp/u$p.db" < "$tmp/u.sql" 2> "$tmp/u.err"
  check $? "untranslatable $p: what was translated runs in SQLite" "$tmp/u.err"
done
# match translates for PostgreSQL
(cd "$vdir/untranslatable" && "$irlog" sql-views match.dl --dialect postgres) > "$tmp/m.sql" 2> "$tmp/m.err"
[ $? = 0 ] && [ ! -s "$tmp/m.err" ] && grep -q 'CREATE VIEW "fruit"' "$tmp/m.sql"
check $? "match is translated in the PostgreSQL dialect (~)" "$tmp/m.err"

# ---- usage and bad input
"$irlog" sql-views > /dev/null 2> "$tmp/e"; [ $? = 2 ]; check $? "no program: usage error (exit 2)" "$tmp/e"
"$irlog" sql-views "$vdir/negation.dl" --dialect oracle > /dev/null 2> "$tmp/e"; [ $? = 2 ]; check $? "unknown dialect: exit 2"
"$irlog" sql-views "$tmp/missing.dl" > /dev/null 2> "$tmp/e"; [ $? = 3 ] && grep -q 'missing.dl' "$tmp/e"
check $? "a missing program: exit 3 naming it ($(head -1 "$tmp/e"))"
printf '.decl a(x: number)\na(x) :- b(x).\n' > "$tmp/bad.dl"
"$irlog" sql-views "$tmp/bad.dl" > "$tmp/o" 2> "$tmp/e"; [ $? = 3 ] && grep -q 'bad.dl:2:' "$tmp/e" && [ ! -s "$tmp/o" ]
check $? "a program with an error: exit 3 with file:line:col, no SQL ($(head -1 "$tmp/e"))"
mkdir -p "$tmp/ro"; chmod 555 "$tmp/ro"
if [ "$(id -u)" != 0 ]; then
  "$irlog" sql-views "$vdir/negation.dl" -o "$tmp/ro/v.sql" 2> "$tmp/e"; st=$?
  [ $st = 4 ] && [ -z "$(ls -A "$tmp/ro")" ]
  check $? "-o into a read-only directory: exit 4, nothing written ($(head -1 "$tmp/e"))"
fi
(cd "$vdir" && "$irlog" sql-views negation.dl -o "$tmp/neg.sql") && (cd "$vdir" && "$irlog" sql-views negation.dl) | cmp -s - "$tmp/neg.sql"
check $? "-o FILE writes what stdout gets"
finish
