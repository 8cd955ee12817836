#!/usr/bin/env bash
# test_postgres.sh IRLOG LLVM_BIN SRCDIR — scripts/load-postgres.sh against a real
# PostgreSQL server.
#
# Starts a throwaway cluster (initdb + pg_ctl, Debian's postgresql; as the unprivileged
# user `nobody` when run as root) listening only on a Unix socket in the test's temporary
# directory, and stops it at the end. When the server cannot be started the test FAILS:
# it never skips. Then:
#  - `irlog schema --sql --dialect postgres` runs in PostgreSQL;
#  - the CSV fact set of a real C program (clang-19 -O0 -g) and of every golden fixture
#    whose symbols PostgreSQL's text can hold is loaded with scripts/load-postgres.sh, and
#    every table is compared, row for row, with the .facts files of the same input
#    (symbols read back as hex, escaped again by the test's own escaper: dbcheck.pl);
#    the row counts of several relations are checked apart; the entity-type views and
#    irlog_meta are there;
#  - the views of datalog/ir.dl and constraints.dl in the postgres dialect (`irlog
#    sql-views --dialect postgres`) are created over the real program's tables and every
#    one of them (recursive ones included) gives the rows `irlog run` derives; so do the
#    views of the small programs of tests/sql/views (negation, aggregates, recursion with
#    several recursive rules, arithmetic, strings), over their facts loaded with \copy;
#  - a fact set with a NUL byte in a symbol (which PostgreSQL's text cannot hold) is
#    refused with PostgreSQL's message and leaves the database empty; loading the same
#    fact set twice is refused and leaves the first load whole.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
sqldir="$srcdir/tests/sql"
load="$srcdir/scripts/load-postgres.sh"

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ] || [ ! -x "$pgbin/pg_ctl" ]; then
  fail "PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/initdb; apt-get install postgresql; scripts/deps.sh does)"
  finish
fi
pg="$tmp/pg"
mkdir -p "$pg/sock"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown -R nobody "$pg"
stop_pg() {
  if [ -f "$pg/data/postmaster.pid" ]; then
    as_pg "$pgbin/pg_ctl" -D "$pg/data" -m immediate -w stop > /dev/null 2>&1
  fi
}
trap 'stop_pg; chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
if ! as_pg "$pgbin/initdb" -D "$pg/data" -U irlog -A trust -E UTF8 --locale=C --no-sync \
     > "$pg/initdb.log" 2>&1; then
  fail "initdb failed (as $( [ "$(id -u)" = 0 ] && echo nobody || id -un))"; sed 's/^/     /' "$pg/initdb.log" | tail -10
  finish
fi
if ! as_pg "$pgbin/pg_ctl" -D "$pg/data" -l "$pg/server.log" -w -t 60 \
     -o "-c listen_addresses='' -k $pg/sock -c fsync=off -c full_page_writes=off -c synchronous_commit=off" \
     start > "$pg/pg_ctl.log" 2>&1; then
  fail "the PostgreSQL server did not start"; sed 's/^/     /' "$pg/pg_ctl.log" "$pg/server.log" 2>/dev/null | tail -15
  finish
fi
ok "a throwaway PostgreSQL server runs on $pg/sock ($("$pgbin/postgres" --version))"
export PGHOST="$pg/sock" PGUSER=irlog PGDATABASE=postgres
psql() { "$pgbin/psql" -X -v ON_ERROR_STOP=1 "$@"; }
export IRLOG="$irlog"
"$irlog" schema --sql > "$tmp/schema.sql"   # the relations and their column kinds, for dbcheck.pl

# ---- the DDL itself
psql -q -c "CREATE DATABASE ddl" && "$irlog" schema --sql --dialect postgres > "$tmp/pg.sql" &&
  psql -q -d ddl -f "$tmp/pg.sql" > "$tmp/err" 2>&1
check $? "irlog schema --sql --dialect postgres runs in PostgreSQL" "$tmp/err"
n=$(psql -At -d ddl -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'irlog\_%'")
[ "$n" = "$("$irlog" schema --list | wc -l)" ]
check $? "one table per relation ($n)"

# loadcheck NAME FACTS_TSV FACTS_CSV DB: load the CSV set, compare every table with the TSV set
loadcheck() {
  local name=$1 tsv=$2 csv=$3 db=$4
  if ! bash "$load" "$csv" "$db" > "$tmp/load.out" 2>&1; then
    fail "$name: load-postgres.sh failed"; sed 's/^/     /' "$tmp/load.out" | tail -10; return 1
  fi
  perl "$sqldir/dbcheck.pl" query "$tmp/schema.sql" postgres > "$tmp/q.sql"
  if ! psql -At -F $'\t' -d "$db" -f "$tmp/q.sql" > "$tmp/dump" 2> "$tmp/err"; then
    fail "$name: cannot read the tables back"; sed 's/^/     /' "$tmp/err" | head; return 1
  fi
  perl "$sqldir/dbcheck.pl" compare "$tmp/schema.sql" "$tmp/dump" "$tsv" > "$tmp/cmp.out" 2>&1
  check $? "$name: PostgreSQL holds exactly the rows of the .facts files ($(tail -1 "$tmp/cmp.out" | cut -d' ' -f1) rows)" \
    <(grep -v ' relations compared' "$tmp/cmp.out")
}

# ---- a real C program
if compile_programs "$tmp/bin" linked_list.c; then
  prog="$tmp/bin/linked_list.O0.bc"
  "$irlog" facts "$prog" -o "$tmp/prog.tsv" && "$irlog" facts "$prog" -o "$tmp/prog.csv" --format csv
  check $? "irlog facts linked_list.O0.bc, .facts and CSV"
  if loadcheck "linked_list -O0 -g" "$tmp/prog.tsv" "$tmp/prog.csv" prog; then
    for rel in instruction instruction_operand function_name block_successor metadata_string di_node_field; do
      a=$(psql -At -d prog -c "SELECT count(*) FROM \"$rel\"")
      b=$(wc -l < "$tmp/prog.tsv/$rel.facts")
      [ "$a" = "$b" ] && [ "$b" -gt 0 ]
      check $? "row count of $rel: $a in PostgreSQL, $b in $rel.facts"
    done
    n3=$(psql -At -d prog -c "SELECT count(*) FROM operand")
    n4=$(psql -At -d prog -c "SELECT (SELECT count(*) FROM variable) + (SELECT count(*) FROM constant)")
    [ "$n3" = "$n4" ] && [ "$n3" -gt 0 ]
    check $? "the operand view: $n3 rows = variables + constants ($n4)"
    meta=$(psql -At -d prog -c "SELECT string_agg(key || '=' || value, ' ' ORDER BY key) FROM irlog_meta")
    case "$meta" in
      "input=linked_list.O0.bc irlog_version="*" schema_version="*) check 0 "irlog_meta: $meta";;
      *) check 1 "irlog_meta names the version, the schema and the input (got: $meta)";;
    esac
    # the same query in SQL and over the .facts: the functions each function calls
    psql -At -F $'\t' -d prog -c "SELECT DISTINCT i.func, c.callee FROM call_instruction_function c
      JOIN instruction_function i ON i.insn = c.insn JOIN function f ON f.func = c.callee" |
      LC_ALL=C sort > "$tmp/calls.sql"
    awk -F'\t' 'FNR == 1 { k++ } k == 1 { fn[$1] = 1; next } k == 2 { f[$1] = $2; next }
                ($2 in fn) { print f[$1] "\t" $2 }' "$tmp/prog.tsv/function.facts" \
      "$tmp/prog.tsv/instruction_function.facts" "$tmp/prog.tsv/call_instruction_function.facts" |
      LC_ALL=C sort -u > "$tmp/calls.facts"
    cmp -s "$tmp/calls.sql" "$tmp/calls.facts" && [ -s "$tmp/calls.sql" ]
    check $? "the direct calls by SQL join equal those from the .facts files ($(wc -l < "$tmp/calls.sql"))"
    # the views of ir.dl and constraints.dl in the postgres dialect against irlog run
    "$irlog" sql-views "$srcdir/datalog/constraints.dl" --dialect postgres > "$tmp/views.sql" 2> "$tmp/err" &&
      [ ! -s "$tmp/err" ] && psql -q -d prog -f "$tmp/views.sql" > "$tmp/err" 2>&1
    check $? "sql-views --dialect postgres of datalog/constraints.dl: $(grep -c '^CREATE VIEW' "$tmp/views.sql") views created in PostgreSQL" "$tmp/err"
    allrels=$(grep -o '^CREATE VIEW "[a-z_0-9]*"' "$tmp/views.sql" | cut -d'"' -f2)
    { echo "#include \"$srcdir/datalog/constraints.dl\""
      for r in $allrels; do [ "$r" = constraint_violation ] || echo ".output $r"; done; } > "$tmp/all.dl"
    "$irlog" run "$tmp/all.dl" -F "$tmp/prog.tsv" -D "$tmp/prog.out" 2> "$tmp/err"
    check $? "irlog run of every derived relation over the same facts" "$tmp/err"
    some="operand_type instruction_type call_site call_site_arg block_reachable instruction_reachable
          extractvalue_instruction_interm_type insertvalue_instruction_interm_type function_wellformed
          conversion constraint_violation"
    for r in $allrels; do echo "SELECT '$r', * FROM \"$r\";"; done > "$tmp/vq.sql"
    psql -At -F $'\t' -d prog -f "$tmp/vq.sql" > "$tmp/vrows" 2> "$tmp/err"
    python3 -B "$sqldir/viewcmp.py" compare-pg "$tmp/prog.out" $allrels < "$tmp/vrows" > "$tmp/vcmp" 2>&1
    check $? "every view ($(echo $allrels | wc -w); recursive: block_reachable, extractvalue/insertvalue_instruction_interm_type) gives the rows of irlog run in PostgreSQL ($(awk '$1 == "ok" { n += $3 } END { print n + 0 }' "$tmp/vcmp") rows)" \
      <(cat "$tmp/err"; grep -v '^ok' "$tmp/vcmp")
    for r in $some; do grep -q "^ok $r " "$tmp/vcmp" || fail "view $r not compared"; done
    grep -q 'WITH RECURSIVE "block_reachable__rec"' "$tmp/views.sql" && grep -q 'CROSS JOIN LATERAL' "$tmp/views.sql"
    check $? "the recursive views are WITH RECURSIVE (two recursive rules: one term, LATERAL)"
    # loading again is refused, and the first load stays whole
    bash "$load" "$tmp/prog.csv" prog > "$tmp/again.out" 2>&1
    st=$?
    a=$(psql -At -d prog -c "SELECT count(*) FROM instruction")
    [ $st != 0 ] && grep -q 'already exists' "$tmp/again.out" && [ "$a" = "$(wc -l < "$tmp/prog.tsv/instruction.facts")" ]
    check $? "a second load into the same database is refused (exit $st) and the first stays whole"
  fi
fi

# ---- small programs (tests/sql/views): the postgres-dialect views against irlog run
vdir="$sqldir/views"
psql -q -c "CREATE DATABASE small" 2> "$tmp/err"
for p in negation aggregates recursion arithmetic strings; do
  d="$tmp/small/$p"; mkdir -p "$d"
  psql -q -d small -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" > /dev/null 2>&1
  (cd "$vdir" && "$irlog" sql-views "$p.dl" --tables --dialect postgres) > "$d/v.sql" 2> "$d/err" && [ ! -s "$d/err" ] &&
    psql -q -d small -f "$d/v.sql" >> "$d/err" 2>&1 &&
    for t in node edge weight name dept emp; do
      if grep -q "CREATE TABLE IF NOT EXISTS \"$t\"" "$d/v.sql"; then
        psql -q -d small -c "\\copy \"$t\" FROM '$vdir/facts/$t.facts'" || exit 1
      fi
    done >> "$d/err" 2>&1
  if ! check $? "$p: the postgres-dialect views and tables are created, the facts loaded" "$d/err"; then continue; fi
  (cd "$vdir" && "$irlog" run "$p.dl" -F facts -D "$d/out") 2> "$d/err"
  vs=$(grep -o '^CREATE VIEW "[a-z_0-9]*"' "$d/v.sql" | cut -d'"' -f2)
  for r in $vs; do echo "SELECT '$r', * FROM \"$r\";"; done > "$d/q.sql"
  psql -At -F $'\t' -d small -f "$d/q.sql" > "$d/rows" 2>> "$d/err"
  python3 -B "$sqldir/viewcmp.py" compare-pg "$d/out" $vs < "$d/rows" > "$d/cmp" 2>&1
  check $? "$p: every postgres view ($(echo $vs | wc -w)) gives the rows of irlog run" <(cat "$d/err"; grep -v '^ok' "$d/cmp")
done

# ---- golden fixtures: special characters through CSV and \copy
mkdir -p "$tmp/g"
nul=""
for ll in "$srcdir"/tests/golden/ir/*.ll; do
  c=$(basename "$ll" .ll)
  "$irlog" facts "$ll" -o "$tmp/g/$c.tsv" 2> /dev/null && "$irlog" facts "$ll" -o "$tmp/g/$c.csv" --format csv 2> /dev/null ||
    { fail "golden $c: irlog facts failed"; continue; }
  # a NUL byte (\0) or a byte that is not UTF-8 (\xNN) cannot be PostgreSQL text
  if grep -qP '(?<!\\)(\\\\)*\\(0|x)' "$tmp/g/$c.tsv"/*.facts; then nul="$nul $c"; continue; fi
  db=$(echo "g_$c" | tr 'A-Z' 'a-z')
  loadcheck "golden $c" "$tmp/g/$c.tsv" "$tmp/g/$c.csv" "$db"
done
[ -n "$nul" ]
check $? "some fixtures hold symbols with NUL bytes:$nul"
for c in $nul; do
  bash "$load" "$tmp/g/$c.csv" "nul_$c" > "$tmp/nul.out" 2>&1
  st=$?
  n=$(psql -At -c "SELECT count(*) FROM pg_database WHERE datname = 'nul_$c'")
  [ $st != 0 ] && grep -q 'NUL byte' "$tmp/nul.out" && [ "$n" = 0 ]
  check $? "golden $c (a NUL byte in a symbol): the load is refused (exit $st), no database created: $(tail -1 "$tmp/nul.out")" \
    "$tmp/nul.out"
done

as_pg "$pgbin/pg_ctl" -D "$pg/data" -m fast -w stop > "$tmp/stop.log" 2>&1
check $? "the server stops" "$tmp/stop.log"
finish
