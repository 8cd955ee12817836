#!/usr/bin/env bash
# test_bad_input.sh IRLOG LLVM_BIN SRCDIR — every kind of bad input or bad use gets a
# clear message and the right exit code, and leaves nothing behind.
# For each case: the exit code is the documented one (3 bad input, 2 usage, 4 output)
# and below 128 (no signal killed irlog: LLVM's abort() is contained in the child);
# stderr names the problem (a key phrase, and `file:line:col:` where LLVM gives one);
# the -o directory does not exist afterwards and no `*.tmp-irlog.*`/`*.old-irlog.*`
# directory is left beside it; a pre-existing -o file or directory is untouched.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

clang=$(tool clang)
n=0
# expect NAME CODE 'PHRASE[|PHRASE...]' IRLOG-ARGS...  (run in a fresh directory $d, whose
# `out` is the conventional -o target; every |-separated phrase must be in stderr)
expect() {
  local name=$1 want=$2 phrases=$3; shift 3
  local rc problems=()
  (cd "$d" && ${runner[@]+"${runner[@]}"} "$irlog" "$@" >"$d/stdout" 2>"$d/stderr"); rc=$?
  [ "$rc" = "$want" ] || problems+=("exit code $rc, expected $want")
  [ "$rc" -lt 128 ] || problems+=("killed by signal $((rc - 128))")
  local IFS='|' p
  for p in $phrases; do
    grep -qF -- "$p" "$d/stderr" || problems+=("stderr lacks \"$p\"")
  done
  unset IFS
  [ -e "$d/out" ] && problems+=("the -o directory 'out' was created")
  local left
  left=$(cd "$d" && ls -d -- *.tmp-irlog.* *.old-irlog.* */*.tmp-irlog.* 2>/dev/null)
  [ -n "$left" ] && problems+=("left behind: $left")
  if [ ${#problems[@]} = 0 ]; then
    ok "$name (exit $rc)"
  else
    fail "$name: $(printf '%s; ' "${problems[@]}")"
    sed 's/^/     stderr: /' "$d/stderr" | head -8
  fi
}
newcase() { n=$((n + 1)); d="$tmp/case$n"; mkdir -p "$d"; }
runner=() # a command that runs irlog (setpriv for the chmod 000 case as root)

# a valid module to build bad ones from, and clang's bitcode of a real program
printf 'define i32 @f() {\n  ret i32 1\n}\n' >"$tmp/good.ll"
(cd "$srcdir/tests/programs" && "$clang" -O1 -c -emit-llvm linked_list.c -o "$tmp/real.bc") ||
  fail "clang-19 linked_list.c"

newcase; expect "missing file" 3 "no_such.ll|cannot read|No such file" facts no_such.ll -o out

newcase
mkdir "$d/adir.ll"
expect "a directory as input" 3 "adir.ll|cannot read" facts adir.ll -o out
cp "$tmp/good.ll" "$d/secret.ll"; chmod 000 "$d/secret.ll"
if [ "$(id -u)" != 0 ]; then
  expect "unreadable file (chmod 000)" 3 "secret.ll|cannot read|Permission denied" facts secret.ll -o out
elif command -v setpriv >/dev/null && id nobody >/dev/null 2>&1 &&
     setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups "$irlog" --version >/dev/null 2>&1; then
  # root reads a chmod 000 file: run irlog as nobody (the case directory is writable by
  # all, so only the unreadable input can stop it)
  chmod 777 "$d"
  runner=(setpriv --reuid="$(id -u nobody)" --regid="$(id -g nobody)" --clear-groups)
  expect "unreadable file (chmod 000; irlog run as nobody through setpriv)" 3 \
    "secret.ll|cannot read|Permission denied" facts secret.ll -o out
  runner=()
else
  echo "note: running as root, and nobody cannot run $irlog through setpriv: the chmod 000 case is skipped (root can read the file)"
fi

newcase; head -c 4096 /dev/urandom >"$d/random.bin"
# random bytes are read as (bad) text unless they start with the bitcode magic
expect "random bytes" 3 "random.bin" facts random.bin -o out

newcase; size=$(wc -c <"$tmp/real.bc"); head -c $((size / 2)) "$tmp/real.bc" >"$d/half.bc"
expect "truncated bitcode (first half of a real .bc)" 3 "half.bc" facts half.bc -o out

newcase; printf 'BC\300\336' >"$d/magic.bc"
expect "bitcode magic and nothing else" 3 "magic.bc" facts magic.bc -o out

newcase; printf 'define i32 @f() {\n  %%x = add i32 1,\n  ret i32 %%x\n}\n' >"$d/syntax.ll"
expect "syntax error in a .ll" 3 "syntax.ll:3:3:|expected value token" facts syntax.ll -o out

newcase; printf 'define i32 @f() {\nentry:\n  %%x = add i32 1, 2\n}\n' >"$d/noterm.ll"
# a block without a terminator cannot even be parsed from text
expect "block without a terminator (.ll)" 3 "noterm.ll:4:1:|expected instruction opcode" facts noterm.ll -o out

newcase
printf 'define i32 @f() {\nentry:\n  %%y = add i32 %%x, 1\n  %%x = add i32 1, 2\n  ret i32 %%y\n}\n' >"$d/usedef.ll"
expect "verifier: use before def" 3 "usedef.ll|not valid LLVM IR|does not dominate" facts usedef.ll -o out

newcase
printf 'define void @f() {\nentry:\n  br label %%entry\n}\n' >"$d/entrypred.ll"
expect "verifier: branch to the entry block" 3 "entrypred.ll|Entry block to function must not have predecessors" facts entrypred.ll -o out
# --no-verify lets such a module through (it is still well-formed enough to walk)
newcase; cp "$tmp/case$((n - 1))/entrypred.ll" "$d/"
(cd "$d" && "$irlog" facts --no-verify entrypred.ll -o nv >/dev/null 2>&1)
check $? "--no-verify accepts the module that fails the verifier"

newcase
python3 -B "$here/future_bitcode.py" "$tmp/real.bc" "$d/future.bc" 2>"$d/gen.err" || fail "future_bitcode.py: $(cat "$d/gen.err")"
expect "bitcode from a future LLVM (identification epoch 1, producer LLVM99)" 3 "future.bc|Incompatible epoch" facts future.bc -o out
# the control: the same rewrite with LLVM 19's epoch 0 reads fine
python3 -B "$here/future_bitcode.py" "$tmp/real.bc" "$d/control.bc" LLVM19.1 0 &&
  (cd "$d" && "$irlog" facts control.bc -o control >/dev/null 2>&1)
check $? "control: the rewritten identification block with epoch 0 is accepted"

newcase
cat >"$d/dbgabort.ll" <<'LL'
define i32 @f() {
entry:
  %y = add i32 %x, 1
  %x = add i32 1, 2
  ret i32 %y
}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
LL
# LLVM's parser verifies modules with debug info itself and calls abort() on failure
expect "invalid module with \"Debug Info Version\" (LLVM aborts)" 3 "dbgabort.ll|signal|nothing was written" facts dbgabort.ll -o out

newcase
printf 'define i32 @f() {\n  ret i32 1\n}\n' >"$d/a.ll"; printf 'define i32 @f() {\n  ret i32 2\n}\n' >"$d/b.ll"
expect "two inputs that both define @f" 3 "b.ll|link|multiply defined" facts a.ll b.ll -o out

# inputs that are almost certainly mistakes, given to every command that reads IR (check
# exits 2 on any error, the others 3): an empty file (LLVM would read an empty module),
# and C or C++ source where IR is expected (known by the extension, or by text that
# cannot be IR); the message says how to compile it
printf '#include <stdio.h>\nint main(void) {\n  puts("hi");\n  return 0;\n}\n' >"$tmp/prog.c"
printf '#include <iostream>\nint main() {\n  std::cout << "hi";\n}\n' >"$tmp/prog.cpp"
c_msg="prog.c is C source, not LLVM IR: compile it first, e.g. clang-19 -O0 -g -c -emit-llvm prog.c -o prog.bc"
for cmd in facts check analyze taint emit; do
  case $cmd in check) code=2 o=() ;; *) code=3 o=(-o out) ;; esac
  newcase; : >"$d/empty.bc"
  expect "$cmd: an empty .bc" $code "empty.bc: error: empty file (not LLVM IR or bitcode)" $cmd empty.bc "${o[@]}"
  newcase; : >"$d/empty.ll"
  expect "$cmd: an empty .ll" $code "empty.ll: error: empty file (not LLVM IR or bitcode)" $cmd empty.ll "${o[@]}"
  newcase; cp "$tmp/prog.c" "$d/"
  expect "$cmd: C source as input" $code "$c_msg" $cmd prog.c "${o[@]}"
  newcase; cp "$tmp/prog.cpp" "$d/"
  expect "$cmd: C++ source as input" $code \
    "prog.cpp is C++ source, not LLVM IR: compile it first, e.g. clang++-19 -O0 -g -c -emit-llvm prog.cpp -o prog.bc" \
    $cmd prog.cpp "${o[@]}"
done
newcase; cp "$tmp/good.ll" "$d/"; : >"$d/empty.ll"
expect "an empty file after a good one (linked inputs)" 3 "empty.ll: error: empty file" facts good.ll empty.ll -o out
# by the text: C in a .ll (comments first), C++ without an extension; clang needs -x
newcase
printf '/* a licence\n   header */\n// more\n\n#include <stdlib.h>\nint main(void) { return 0; }\n' >"$d/c.ll"
expect "C text in a .ll" 3 "c.ll looks like C source, not LLVM IR: compile it first, e.g. clang-19 -O0 -g -c -emit-llvm -x c c.ll -o c.bc" facts c.ll -o out
newcase; printf 'namespace n { int f(); }\nint main() { return n::f(); }\n' >"$d/prog"
expect "C++ text without an extension" 3 "prog looks like C++ source, not LLVM IR|clang++-19 -O0 -g -c -emit-llvm -x c++ prog -o prog.bc" analyze prog -o out
newcase; printf 'int main(void) { return 0; }\n' >"$d/main.bc"
expect "C text in a .bc (the suggested output is not the input)" 3 "-x c main.bc -o main.compiled.bc" facts main.bc -o out
# IR with a syntax error keeps LLVM's message, also when its first line is not IR
newcase; printf 'hello world\n' >"$d/hello.ll"
expect "a .ll that is neither IR nor C: LLVM's message" 3 "hello.ll:1:1: error: expected top-level entity" facts hello.ll -o out
! grep -q "source" "$d/stderr"; check $? "  ... and no word of source"
newcase; printf '; ModuleID = x\ndefine i32 @main() {\n  %%x = add i32 1,\n  ret i32 %%x\n}\n' >"$d/ir.ll"
expect "IR with a syntax error: LLVM's message" 3 "ir.ll:4:3: error: expected value token" facts ir.ll -o out
! grep -q "source" "$d/stderr"; check $? "  ... and no word of source"
# a file with a source extension that holds IR is read as IR
newcase; cp "$tmp/good.ll" "$d/ir.c"
(cd "$d" && "$irlog" facts ir.c -o ir >/dev/null 2>"$d/stderr") && grep -qx '@f' "$d/ir/function.facts"
check $? "valid IR in a .c file is read as IR" "$d/stderr"
# the suggested command works: run it, then irlog reads its output
newcase; cp "$tmp/prog.c" "$d/"
(cd "$d" && "$irlog" facts prog.c -o out 2>"$d/stderr")
suggested=$(sed -n 's/.*, e\.g\. //p' "$d/stderr")
(cd "$d" && ${suggested/#clang-19/$clang} 2>"$d/clang.err" && "$irlog" facts prog.bc -o out 2>>"$d/clang.err") &&
  grep -qx '@main' "$d/out/function.facts"
check $? "the suggested clang command compiles prog.c into IR irlog reads (\`$suggested\`)" "$d/clang.err"

newcase; cp "$tmp/good.ll" "$d/"; echo "precious" >"$d/afile"
expect "-o names an existing regular file" 4 "afile|not a directory" facts good.ll -o afile
[ "$(cat "$d/afile")" = precious ]; check $? "  ... and the file is untouched"

newcase; cp "$tmp/good.ll" "$d/"; mkdir "$d/mine"; echo "precious" >"$d/mine/notes.txt"
expect "-o names a directory holding a foreign file" 4 "mine|refusing" facts good.ll -o mine
[ "$(ls "$d/mine")" = notes.txt ] && [ "$(cat "$d/mine/notes.txt")" = precious ]
check $? "  ... and the directory is untouched"

newcase; cp "$tmp/good.ll" "$d/"
expect "-o in a directory that does not exist" 4 "no/such/dir" facts good.ll -o no/such/dir/out

newcase; cp "$tmp/good.ll" "$d/"
expect "usage: no -o" 2 "missing -o|usage" facts good.ll
expect "usage: no input" 2 "no input|usage" facts -o out
expect "usage: unknown option" 2 "--frobnicate|usage" facts --frobnicate good.ll -o out
expect "usage: unknown format" 2 "xml|usage" facts --format xml good.ll -o out
expect "usage: bad -j" 2 "-j|usage" facts -j 0 good.ll -o out
expect "usage: -o without a value" 2 "usage" facts good.ll -o

# every command answers --help and -h on stdout with exit 0 (its usage line, and where
# its options are documented, or its own option list)
for c in facts schema run check analyze taint emit sql-views; do
  for h in --help -h; do
    out=$("$irlog" "$c" "$h" 2>"$tmp/help.err"); rc=$?
    { [ $rc = 0 ] && printf '%s\n' "$out" | grep -q "^usage: irlog $c " && [ ! -s "$tmp/help.err" ]; }
    check $? "irlog $c $h: exit 0, the usage on stdout (exit $rc)" "$tmp/help.err"
  done
done

# irlog --help's line for a command names every option of the command's own help that
# has no short form there (-j for --jobs, -o for --output, ...)
"$irlog" --help >"$tmp/usage.txt" 2>&1
for c in analyze taint; do
  line=$(grep "^  irlog $c " "$tmp/usage.txt")
  "$irlog" "$c" --help >"$tmp/help_$c.txt" 2>/dev/null
  missing=""
  for opt in $(grep -oE '(^|[ ,])--[a-z][a-z-]*' "$tmp/help_$c.txt" | sed 's/^[ ,]//' | sort -u); do
    short=$(grep -oE -- "-[a-zA-Z], $opt\b" "$tmp/help_$c.txt" | cut -c1-2)
    case " $line " in
      *" [$opt"* | *" $opt "* | *"[$opt "* | *"|$opt"*) ;;
      *) [ -n "$short" ] && case " $line " in *" [$short"* | *" $short "*) continue ;; esac
         missing="$missing $opt" ;;
    esac
  done
  [ -n "$line" ] && [ -z "$missing" ]
  check $? "irlog --help's line for $c names its options (missing:$missing)"
done

# --separate names each directory after its input's base name: two inputs with the same
# base name (a/x.ll and b/x.ll) must be refused, not written over each other
newcase; mkdir "$d/a" "$d/b"
printf 'define void @fa() {\n  ret void\n}\n' >"$d/a/x.ll"; printf 'define void @fb() {\n  ret void\n}\n' >"$d/b/x.ll"
(cd "$d" && "$irlog" facts --separate -j 2 a/x.ll b/x.ll -o out >"$d/stdout" 2>"$d/stderr"); rc=$?
{ echo "exit $rc; out/ holds: $(ls "$d/out" 2>/dev/null | tr '\n' ' ')"; cat "$d/stderr"; } >"$d/detail"
# either fix will do: refused (exit 2, nothing written), or both written to two
# distinct directories
{ [ $rc = 2 ] && [ ! -e "$d/out" ] && grep -q 'x.ll' "$d/stderr"; } ||
  { [ $rc = 0 ] && [ "$(cat "$d"/out/*/function.facts 2>/dev/null | sort | tr '\n' ' ')" = "@fa @fb " ]; }
check $? "--separate with two inputs of the same base name: refused, or both kept" "$d/detail"

newcase; cp "$tmp/good.ll" "$d/"; cp "$tmp/case7/syntax.ll" "$d/" 2>/dev/null ||
  printf 'define i32 @f() {\n  %%x = add i32 1,\n  ret i32 %%x\n}\n' >"$d/syntax.ll"
(cd "$d" && "$irlog" facts --separate -j 2 good.ll syntax.ll -o sep >"$d/stdout" 2>"$d/stderr"); rc=$?
problems=()
[ $rc = 3 ] || problems+=("exit code $rc, expected 3")
grep -qF "syntax.ll:3:3:" "$d/stderr" || problems+=("stderr lacks syntax.ll:3:3:")
[ -f "$d/sep/good/function.facts" ] || problems+=("sep/good/function.facts was not written")
[ -e "$d/sep/syntax" ] && problems+=("sep/syntax exists")
left=$(cd "$d" && ls -d sep/*.tmp-irlog.* sep/*.old-irlog.* 2>/dev/null)
[ -n "$left" ] && problems+=("left behind: $left")
if [ ${#problems[@]} = 0 ]; then ok "--separate with one good and one bad input: good written, bad reported (exit 3)"
else fail "--separate with one good and one bad input: $(printf '%s; ' "${problems[@]}")"; sed 's/^/     stderr: /' "$d/stderr" | head; fi
finish
