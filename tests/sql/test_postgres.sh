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
    # loading again is refused, and the first load stays whole
    bash "$load" "$tmp/prog.csv" prog > "$tmp/again.out" 2>&1
    st=$?
    a=$(psql -At -d prog -c "SELECT count(*) FROM instruction")
    [ $st != 0 ] && grep -q 'already exists' "$tmp/again.out" && [ "$a" = "$(wc -l < "$tmp/prog.tsv/instruction.facts")" ]
    check $? "a second load into the same database is refused (exit $st) and the first stays whole"
  fi
fi

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
