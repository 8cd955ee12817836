#!/usr/bin/env bash
# special_out.sh IRLOG LLVM_BIN SRCDIR — an output path that is a device or a FIFO is
# written in place. Every output goes under a temporary name renamed into place when it
# is whole; renaming over /dev/null would replace the device (as root, /dev/null itself
# became a regular file). For irlog emit (text and bitcode), irlog run's .output with a
# filename, and irlog sql-views -o, given a FIFO: the command exits 0, the FIFO is still a
# FIFO, and what was read from it is what the same command writes into a regular file.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
printf 'define i32 @f(i32 %%x) {\n  %%y = add i32 %%x, 1\n  ret i32 %%y\n}\n' > "$tmp/t.ll"

# wait_reader PID FIFO: the reader ends when the writer closes the FIFO; one still waiting
# after 5 s was never written to (the FIFO was replaced): it is killed
wait_reader() {
  for _ in $(seq 50); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
  kill "$1" 2>/dev/null
  wait "$1" 2>/dev/null
}

# through_fifo NAME EXPECTED CMD...: runs CMD with @OUT@ replaced by a FIFO that a reader
# drains into $tmp/got; checks the exit code, the FIFO, and the bytes against EXPECTED
through_fifo() {
  name=$1 want=$2
  shift 2
  rm -f "$tmp/fifo" "$tmp/got"
  mkfifo "$tmp/fifo"
  cat "$tmp/fifo" > "$tmp/got" &
  reader=$!
  args=()
  for a in "$@"; do args+=("${a//@OUT@/$tmp/fifo}"); done
  "${args[@]}" > "$tmp/log" 2>&1
  rc=$?
  wait_reader "$reader"
  [ "$rc" = 0 ]; check $? "$name: exit 0" "$tmp/log"
  [ -p "$tmp/fifo" ]; check $? "$name: the FIFO is still a FIFO"
  cmp -s "$tmp/got" "$want"; check $? "$name: what the FIFO carried is the file's content"
}

"$irlog" emit "$tmp/t.ll" -o "$tmp/want.ll" || fail "emit into a file"
through_fifo "emit -o FIFO (text)" "$tmp/want.ll" "$irlog" emit "$tmp/t.ll" -o @OUT@
# bitcode: LLVM writes it; compared as the text llvm-dis makes of it
mkfifo "$tmp/fifo.bc"
cat "$tmp/fifo.bc" > "$tmp/got.bc" &
reader=$!
"$irlog" emit "$tmp/t.ll" -o "$tmp/fifo.bc" > "$tmp/log" 2>&1
rc=$?
wait_reader "$reader"
[ "$rc" = 0 ]; check $? "emit -o FIFO.bc: exit 0" "$tmp/log"
[ -p "$tmp/fifo.bc" ]; check $? "emit -o FIFO.bc: the FIFO is still a FIFO"
"$llvm_dis" "$tmp/got.bc" -o - 2>/dev/null | grep -q 'add i32 %x, 1'
check $? "emit -o FIFO.bc: bitcode of the module came through"

cat > "$tmp/p.dl" <<'DL'
.decl r(x: number)
r(1). r(2). r(3).
.output r(IO=file, filename="@OUT@")
DL
sed "s#@OUT@#$tmp/want.csv#" "$tmp/p.dl" > "$tmp/pw.dl"
"$irlog" run "$tmp/pw.dl" -D "$tmp" || fail "run into a file"
sed "s#@OUT@#$tmp/fifo#" "$tmp/p.dl" > "$tmp/pf.dl"
through_fifo "run .output filename=FIFO" "$tmp/want.csv" "$irlog" run "$tmp/pf.dl" -D "$tmp"

printf '.decl e(x: number, y: number)\n.input e\n.decl p(x: number, y: number)\np(x, y) :- e(x, y).\n' \
  > "$tmp/v.dl"
"$irlog" sql-views "$tmp/v.dl" -o "$tmp/want.sql" || fail "sql-views into a file"
through_fifo "sql-views -o FIFO" "$tmp/want.sql" "$irlog" sql-views "$tmp/v.dl" -o @OUT@
finish
