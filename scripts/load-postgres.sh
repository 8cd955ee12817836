#!/usr/bin/env bash
# load-postgres.sh FACTDIR DBNAME — loads a fact set into PostgreSQL.
#
# FACTDIR is the output of `irlog facts INPUT... -o FACTDIR --format csv` (one
# <relation>.csv per relation, with a header row). DBNAME is created when it does not
# exist (UTF-8, C collation). In one transaction: the DDL of `irlog schema --sql
# --dialect postgres --part tables` (the tables, the entity-type views, irlog_meta),
# one `\copy` per file, then `--part indexes` (the indexes, the input rows of
# irlog_meta); then ANALYZE. Any error stops the load and rolls it back: the database
# is left as it was (a database that already holds the tables is refused).
#
# The connection comes from libpq's environment (PGHOST, PGPORT, PGUSER, ...). irlog is
# $IRLOG, else build/irlog beside this script, else `irlog` on PATH; psql and createdb
# are found on PATH, else in the newest /usr/lib/postgresql/*/bin.
#
# Symbols are loaded byte for byte (CSV quoting of commas, quotes, newlines). PostgreSQL's
# text cannot hold a NUL byte, nor bytes that are not UTF-8 in a UTF-8 database: a fact
# set with a NUL in a symbol (rare: a metadata string or a name with \00) is refused
# before anything is loaded; a byte that is not UTF-8 stops the load with PostgreSQL's
# message naming the relation and the line.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 FACTDIR DBNAME" >&2
  exit 2
fi
factdir=$1 db=$2
here=$(cd "$(dirname "$0")" && pwd)
irlog=${IRLOG:-}
if [ -z "$irlog" ]; then
  if [ -x "$here/../build/irlog" ]; then irlog="$here/../build/irlog"; else irlog=irlog; fi
fi
pgbin=""
if ! command -v psql >/dev/null 2>&1; then
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$pgbin" ] || { echo "load-postgres: psql not found (install postgresql-client)" >&2; exit 3; }
  pgbin="$pgbin/"
fi
err() { echo "load-postgres: $*" >&2; exit 3; }
[ -d "$factdir" ] || err "$factdir: not a directory"
factdir=$(cd "$factdir" && pwd)
case "$factdir" in *"'"*|*$'\n'*) err "$factdir: a path with a quote or a newline is not supported";; esac
rels=$("$irlog" schema --list | cut -f1) || err "cannot run $irlog"
missing=0
for r in $rels; do
  [ -f "$factdir/$r.csv" ] || { echo "load-postgres: $factdir/$r.csv is missing" >&2; missing=1; }
done
[ $missing = 0 ] || err "$factdir is not a complete 'irlog facts --format csv' output"
# PostgreSQL's text cannot hold a NUL byte (and psql's \copy would cut the line there)
nul=$(LC_ALL=C grep -l -a -P '\x00' "$factdir"/*.csv | head -3 | tr '\n' ' ') || true
[ -z "$nul" ] || err "a symbol holds a NUL byte, which PostgreSQL's text cannot store (in: $nul); nothing was loaded"

exists=$("${pgbin}psql" -X -At -d postgres -v ON_ERROR_STOP=1 \
  -c "SELECT 1 FROM pg_database WHERE datname = '${db//\'/\'\'}'") || err "cannot connect to PostgreSQL"
if [ "$exists" != 1 ]; then
  "${pgbin}createdb" -E UTF8 --locale=C -T template0 "$db" || err "cannot create database $db"
fi

script=$(mktemp "${TMPDIR:-/tmp}/load-postgres.XXXXXX.sql")
trap 'rm -f "$script"' EXIT
{
  echo '\set ON_ERROR_STOP on'
  echo 'BEGIN;'
  "$irlog" schema --sql --dialect postgres --part tables
  for r in $rels; do
    echo "\\copy \"$r\" FROM '$factdir/$r.csv' WITH (FORMAT csv, HEADER true)"
  done
  "$irlog" schema --sql --dialect postgres --part indexes
  echo 'COMMIT;'
  echo 'ANALYZE;'
} > "$script"
PGCLIENTENCODING=UTF8 "${pgbin}psql" -X -q -v ON_ERROR_STOP=1 -d "$db" -f "$script" \
  || err "loading $factdir into $db failed (nothing was loaded)"
n=$(echo "$rels" | wc -l)
echo "load-postgres: loaded $n relations from $factdir into $db"
