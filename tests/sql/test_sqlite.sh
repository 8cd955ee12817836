#!/usr/bin/env bash
# test_sqlite.sh IRLOG LLVM_BIN SRCDIR — `irlog facts --format sqlite`.
#  - For every golden fixture (tests/golden/ir/*.ll) and every real program of
#    tests/programs (clang-19 -O0 -g and -O2, bitcode), the database holds exactly the
#    rows of the .facts files: every table is read back with Python's sqlite3 module
#    (dbdump.py), escaped again by an escaper of the test's own and compared, sorted,
#    with the .facts file of the same relation (dbcheck.pl).
#  - The comparison can fail: a database with one value changed, one row removed and one
#    row added is caught.
#  - Deterministic: the same input twice, and from another directory, gives the same bytes.
#  - The layout: one table per relation, the DDL of `irlog schema --sql` and the views of
#    `irlog sql-views datalog/constraints.dl`, the entity-type views, irlog_meta, every relation searchable by its first column (and by (first
#    column, index)) without a scan.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
sqldir="$srcdir/tests/sql"
"$irlog" schema --sql > "$tmp/schema.sql" || { fail "irlog schema --sql"; finish; }

# compare NAME DB FACTDIR: the database against the fact directory
compare() {
  local name=$1 db=$2 dir=$3
  if ! python3 -B "$sqldir/dbdump.py" "$db" "$tmp/schema.sql" > "$tmp/dump" 2> "$tmp/dump.err"; then
    fail "$name: cannot read the database back"; sed 's/^/     /' "$tmp/dump.err" | head; return
  fi
  perl "$sqldir/dbcheck.pl" compare "$tmp/schema.sql" "$tmp/dump" "$dir" > "$tmp/cmp.out" 2>&1
  local st=$?
  check $st "$name: the database holds exactly the rows of the .facts files ($(tail -1 "$tmp/cmp.out" | cut -d' ' -f1) rows)" \
    <(grep -v ' relations compared' "$tmp/cmp.out")
}

# ---- the golden fixtures
mkdir -p "$tmp/g"
for ll in "$srcdir"/tests/golden/ir/*.ll; do
  c=$(basename "$ll" .ll)
  if ! "$irlog" facts "$ll" -o "$tmp/g/$c" 2> "$tmp/err" ||
     ! "$irlog" facts "$ll" -o "$tmp/g/$c.db" --format sqlite 2>> "$tmp/err"; then
    fail "golden $c: irlog facts failed"; sed 's/^/     /' "$tmp/err" | head; continue
  fi
  compare "golden $c" "$tmp/g/$c.db" "$tmp/g/$c"
done

# ---- real programs
if FORMATS=bc compile_programs "$tmp/bin"; then
  "$irlog" facts --separate -j 2 "$tmp"/bin/*.bc -o "$tmp/p" 2> "$tmp/err.tsv"
  st1=$?
  "$irlog" facts --separate -j 2 "$tmp"/bin/*.bc -o "$tmp/pdb" --format sqlite 2> "$tmp/err.db"
  st2=$?
  check $((st1 + st2)) "irlog facts --separate over the programs, .facts and --format sqlite" "$tmp/err.db"
  for bc in "$tmp"/bin/*.bc; do
    p=$(basename "$bc" .bc)
    if [ ! -f "$tmp/pdb/$p.db" ]; then fail "program $p: no database $tmp/pdb/$p.db"; continue; fi
    compare "program $p" "$tmp/pdb/$p.db" "$tmp/p/$p"
  done
  one=$(ls "$tmp"/bin/*.O0.bc | head -1)
fi
one=${one:-$srcdir/tests/golden/ir/insn_memory.ll}
onedb="$tmp/one.db"
"$irlog" facts "$one" -o "$onedb" --format sqlite || fail "irlog facts $one --format sqlite"
"$irlog" facts "$one" -o "$tmp/one" || fail "irlog facts $one"

# ---- the comparison can fail
cp "$onedb" "$tmp/tampered.db"
sqlite3 "$tmp/tampered.db" "
  UPDATE instruction_opcode SET opcode = 'xor' WHERE insn = (SELECT min(insn) FROM instruction_opcode);
  DELETE FROM function_name WHERE func = (SELECT min(func) FROM function_name);
  INSERT INTO block_successor VALUES ('@nowhere:%a', '@nowhere:%b');" 2> "$tmp/err"
python3 -B "$sqldir/dbdump.py" "$tmp/tampered.db" "$tmp/schema.sql" > "$tmp/dump.t"
perl "$sqldir/dbcheck.pl" compare "$tmp/schema.sql" "$tmp/dump.t" "$tmp/one" > "$tmp/cmp.t"
st=$?
ndiff=$(grep -c '^FAIL' "$tmp/cmp.t")
[ $st = 1 ] && [ "$ndiff" = 3 ]
check $? "a changed value, a missing row and an extra row are each caught (3 relations differ: $ndiff)"

# ---- deterministic
"$irlog" facts "$one" -o "$tmp/one2.db" --format sqlite
cmp -s "$onedb" "$tmp/one2.db"
check $? "the same input twice gives the same database, byte for byte"
mkdir -p "$tmp/elsewhere/sub"
cp "$one" "$tmp/elsewhere/sub/"
(cd "$tmp/elsewhere" && "$irlog" facts "sub/$(basename "$one")" -o out.db --format sqlite)
cmp -s "$onedb" "$tmp/elsewhere/out.db"
check $? "the same input from another directory gives the same database"
# a module large enough that the big relations reach the writer in many buffers (sorted
# runs, merged at commit); and past the limit of rows held in memory (IRLOG_SQLITE_HOLD,
# here 64 KiB), relations go into the database before the walk ends and take more rows
# after: the same rows either way, and the same bytes on every run
python3 "$srcdir/bench/facts/gen.py" 20k -o "$tmp/gen20k.ll" 2> /dev/null &&
  "$irlog" facts "$tmp/gen20k.ll" -o "$tmp/gen20k" 2> "$tmp/err" &&
  "$irlog" facts "$tmp/gen20k.ll" -o "$tmp/gen20k.db" --format sqlite 2>> "$tmp/err" &&
  IRLOG_SQLITE_HOLD=65536 "$irlog" facts "$tmp/gen20k.ll" -o "$tmp/held.db" --format sqlite 2>> "$tmp/err" &&
  IRLOG_SQLITE_HOLD=65536 "$irlog" facts "$tmp/gen20k.ll" -o "$tmp/held2.db" --format sqlite 2>> "$tmp/err"
check $? "irlog facts over a 20,000-instruction module: .facts, sqlite, sqlite with a 64 KiB limit of rows held" "$tmp/err"
nbuf=$(awk '{ n += length($0) + 1 } END { print int(n / 262144) }' "$tmp/gen20k/instruction_operand.facts")
[ "$nbuf" -ge 2 ]
check $? "instruction_operand reaches the writer in several buffers (about $nbuf of 256 KiB)"
compare "20k module" "$tmp/gen20k.db" "$tmp/gen20k"
compare "20k module, 64 KiB held" "$tmp/held.db" "$tmp/gen20k"
cmp -s "$tmp/held.db" "$tmp/held2.db"
check $? "with that limit too, the same input twice gives the same database, byte for byte"

# ---- layout
q() { sqlite3 -batch -noheader "$onedb" "$@"; }
ntab=$(q "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'irlog\_%' ESCAPE '\\'")
nrel=$("$irlog" schema --list | wc -l)
[ "$ntab" = "$nrel" ]
check $? "one table per relation ($ntab tables, $nrel relations)"
sqlite3 "$tmp/ddl.db" < "$tmp/schema.sql" 2> "$tmp/err"
check $? "irlog schema --sql runs in sqlite3" "$tmp/err"
# the database's schema is that DDL plus the views of `irlog sql-views` of the shipped
# programs: the same tables, views and indexes, column for column
"$irlog" sql-views "$srcdir/datalog/constraints.dl" 2> "$tmp/err" | sqlite3 "$tmp/ddl.db" 2>> "$tmp/err"
check $? "irlog sql-views datalog/constraints.dl runs in sqlite3 over that schema" "$tmp/err"
for db in "$tmp/ddl.db" "$onedb"; do
  sqlite3 "$db" "SELECT type, name, tbl_name FROM sqlite_master ORDER BY name" > "$db.objects"
  sqlite3 "$db" "SELECT m.name, p.cid, p.name, p.type, p.pk FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' ORDER BY 1, 2" > "$db.cols"
done
cmp -s "$tmp/ddl.db.objects" "$onedb.objects" && cmp -s "$tmp/ddl.db.cols" "$onedb.cols"
check $? "the database's tables, views, indexes and columns are those of irlog schema --sql and sql-views"
v=$("$irlog" --version | awk '{print $2}')
meta=$(q "SELECT key || '=' || value FROM irlog_meta" | tr '\n' ' ')
case "$meta" in
  "irlog_version=$v schema_version="[0-9a-f]*" input=$(basename "$one") ") check 0 "irlog_meta: $meta";;
  *) check 1 "irlog_meta holds the version, the schema version and the input (got: $meta)";;
esac
# two inputs linked: both named, in command-line order
"$irlog" facts "$srcdir/tests/golden/ir/global_init.ll" "$srcdir/tests/golden/ir/insn_binary.ll" \
  -o "$tmp/two.db" --format sqlite 2> "$tmp/err"
inputs=$(sqlite3 "$tmp/two.db" "SELECT value FROM irlog_meta WHERE key = 'input'" | tr '\n' ' ')
[ "$inputs" = "global_init.ll insn_binary.ll " ]
check $? "irlog_meta names both linked inputs in order ($inputs)" "$tmp/err"
# entity types: every .type of the Datalog schema is listed, as a table or a view that exists
"$irlog" schema --dl | sed -n 's/^\.type \([A-Za-z0-9_]*\) .*/\1/p' | sort > "$tmp/types.dl"
q "SELECT type FROM irlog_entity_type ORDER BY type" | LC_ALL=C sort > "$tmp/types.db"
LC_ALL=C sort -o "$tmp/types.dl" "$tmp/types.dl"
diff "$tmp/types.dl" "$tmp/types.db" > "$tmp/err"
check $? "irlog_entity_type lists every entity type of schema.dl ($(wc -l < "$tmp/types.db"))" "$tmp/err"
bad=$(q "SELECT sql_name FROM irlog_entity_type t WHERE NOT EXISTS (SELECT 1 FROM sqlite_master m WHERE m.name = t.sql_name AND m.type = CASE t.is_view WHEN 1 THEN 'view' ELSE 'table' END)")
[ -z "$bad" ]
check $? "every entity type's table or view exists${bad:+ (missing: $bad)}"
n1=$(q "SELECT count(*) FROM add_instruction")
n2=$(q "SELECT count(*) FROM instruction_opcode WHERE opcode = 'add'")
n3=$(q "SELECT count(*) FROM operand")
n4=$(q "SELECT (SELECT count(*) FROM variable) + (SELECT count(*) FROM constant)")
n5=$(q "SELECT count(*) FROM (SELECT opcode FROM instruction_opcode UNION SELECT opcode FROM constant_expr_opcode)")
n6=$(q "SELECT count(*) FROM opcode")
[ "$n1" = "$n2" ] && [ "$n3" = "$n4" ] && [ "$n3" -gt 0 ] && [ "$n5" = "$n6" ]
check $? "entity tables and views: add_instruction ($n1) = add opcodes ($n2), operand ($n3) = variables + constants ($n4), opcode ($n6)"
# indexes: a lookup by the first column (and by first column and index) is a search
"$irlog" schema --sql | sed -n 's/^CREATE TABLE "\([a-z0-9_]*\)" ("\([a-z0-9_]*\)".*/\1 \2/p' | grep -v '^irlog_' |
  while read -r rel col; do echo "EXPLAIN QUERY PLAN SELECT * FROM \"$rel\" WHERE \"$col\" = 'x';"; done > "$tmp/plans.sql"
sqlite3 "$onedb" < "$tmp/plans.sql" > "$tmp/plans"
nsearch=$(grep -c 'SEARCH' "$tmp/plans"); nscan=$(grep -c 'SCAN' "$tmp/plans")
[ "$nsearch" = "$nrel" ] && [ "$nscan" = 0 ]
check $? "every relation is searched by its first column, never scanned ($nsearch searches, $nscan scans)"
for qy in "instruction_operand WHERE insn = 'x' AND \"index\" = 1" "function_param WHERE func = 'x' AND \"index\" = 0" \
          "instruction_operand WHERE operand = 'x'"; do
  plan=$(q "EXPLAIN QUERY PLAN SELECT * FROM $qy")
  case "$plan" in *SEARCH*index*|*SEARCH*operand*) check 0 "indexed: $qy";; *) check 1 "indexed: $qy (plan: $plan)";; esac
done
finish
