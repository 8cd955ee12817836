#!/usr/bin/env bash
# test_bad_output.sh IRLOG LLVM_BIN SRCDIR — `irlog facts --format sqlite` where the
# database cannot be written. Each case must give a clear message, exit 4 (the output
# could not be written), and leave nothing behind: no database, no temporary file, and an
# existing file untouched.
#   - the output path is an existing file that is not a database;
#   - it is an SQLite database that irlog did not write;
#   - it is a directory;
#   - the output directory is read-only (as an unprivileged user when run as root, since
#     root writes anywhere);
#   - the disk fills up (a file size limit, ulimit -f, below the database's size), before
#     the rows go in and while they go in;
# and, for contrast, an earlier irlog database is replaced.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
in="$srcdir/tests/golden/ir/insn_memory.ll"

# expect NAME DIR PATTERN -- CMD...: CMD exits 4, its stderr matches PATTERN, and DIR holds
# no temporary file afterwards
expect() {
  local name=$1 dir=$2 pat=$3; shift 4
  "$@" > "$tmp/out" 2> "$tmp/err"
  local st=$?
  local left; left=$(ls -a "$dir" 2>/dev/null | grep -c 'tmp-irlog')
  if [ $st = 4 ] && grep -q -- "$pat" "$tmp/err" && [ "$left" = 0 ]; then
    ok "$name: exit 4, '$(head -1 "$tmp/err")'"
  else
    fail "$name: exit $st (expected 4), $left temporary files left, stderr:"; sed 's/^/     /' "$tmp/err" | head -5
  fi
}

mkdir -p "$tmp/d"
printf 'my notes, not a database\n' > "$tmp/d/notes.db"
cp "$tmp/d/notes.db" "$tmp/notes.orig"
expect "existing file that is not a database" "$tmp/d" "is not an SQLite database" -- \
  "$irlog" facts "$in" -o "$tmp/d/notes.db" --format sqlite
cmp -s "$tmp/d/notes.db" "$tmp/notes.orig"
check $? "the file that is not a database is untouched"

sqlite3 "$tmp/d/other.db" "CREATE TABLE t(x); INSERT INTO t VALUES (42);"
cp "$tmp/d/other.db" "$tmp/other.orig"
expect "existing SQLite database irlog did not write" "$tmp/d" "irlog did not write" -- \
  "$irlog" facts "$in" -o "$tmp/d/other.db" --format sqlite
cmp -s "$tmp/d/other.db" "$tmp/other.orig"
check $? "the other database is untouched"

mkdir -p "$tmp/d/adir"
touch "$tmp/d/adir/keep"
expect "output path is a directory" "$tmp/d" "is a directory" -- \
  "$irlog" facts "$in" -o "$tmp/d/adir" --format sqlite
[ -f "$tmp/d/adir/keep" ] && [ "$(ls -A "$tmp/d/adir")" = keep ]
check $? "the directory is untouched"

# an earlier irlog database is replaced (and a failed run keeps it whole)
"$irlog" facts "$srcdir/tests/golden/ir/insn_binary.ll" -o "$tmp/d/prev.db" --format sqlite 2> "$tmp/err"
"$irlog" facts "$in" -o "$tmp/d/prev.db" --format sqlite 2>> "$tmp/err"
check $? "an earlier irlog database is replaced" "$tmp/err"
n=$(sqlite3 "$tmp/d/prev.db" "SELECT value FROM irlog_meta WHERE key = 'input'")
[ "$n" = insn_memory.ll ]
check $? "the replacement holds the new input ($n)"

# read-only output directory
mkdir -p "$tmp/ro"
if [ "$(id -u)" = 0 ]; then
  # root ignores permissions: write as nobody into a directory nobody may not write
  chmod 755 "$tmp/ro"
  cp "$in" "$tmp/in.ll"; chmod 644 "$tmp/in.ll"
  expect "read-only output directory (as nobody)" "$tmp/ro" "Permission denied" -- \
    runuser -u nobody -- "$irlog" facts "$tmp/in.ll" -o "$tmp/ro/x.db" --format sqlite
else
  chmod 555 "$tmp/ro"
  expect "read-only output directory" "$tmp/ro" "Permission denied" -- \
    "$irlog" facts "$in" -o "$tmp/ro/x.db" --format sqlite
  chmod 755 "$tmp/ro"
fi
[ -z "$(ls -A "$tmp/ro")" ]
check $? "nothing in the read-only directory"

# disk full: a file size limit of 1 MiB, while even an empty irlog database takes more
mkdir -p "$tmp/full"
expect "disk full (ulimit -f 1024)" "$tmp/full" "cannot write\|too large\|full" -- \
  bash -c 'ulimit -f 1024; exec "$@"' _ "$irlog" facts "$in" -o "$tmp/full/x.db" --format sqlite
[ -z "$(ls -A "$tmp/full")" ]
check $? "no partial database after the disk filled up"
# the same with the walk done in process (no child)
expect "disk full, --in-process" "$tmp/full" "cannot write\|too large\|full" -- \
  bash -c 'ulimit -f 1024; exec "$@"' _ "$irlog" facts "$in" -o "$tmp/full/x.db" --format sqlite --in-process
[ -z "$(ls -A "$tmp/full")" ]
check $? "no partial database after the disk filled up (in process)"
# the disk fills up while the rows go in: a module whose database (about 100 MB) is larger
# than SQLite's page cache (64 MiB), so pages go to the file during the inserts, under a
# limit of 20 MB
if python3 "$srcdir/bench/facts/gen.py" 150k -o "$tmp/gen150k.ll" 2> /dev/null; then
  expect "disk full during the inserts (ulimit -f 20000)" "$tmp/full" "cannot insert into .*too large\|cannot insert into .*full" -- \
    bash -c 'ulimit -f 20000; exec "$@"' _ "$irlog" facts "$tmp/gen150k.ll" -o "$tmp/full/x.db" --format sqlite
  [ -z "$(ls -A "$tmp/full")" ]
  check $? "no partial database after the disk filled up during the inserts"
else
  fail "bench/facts/gen.py 150k"
fi
finish
