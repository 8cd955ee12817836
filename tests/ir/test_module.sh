#!/usr/bin/env bash
# test_module.sh IRLOG LLVM_BIN SRCDIR — the LLVM front end as the module irlog-llvm.so
# (the default build; CMakeLists.txt, cli/ir_plugin.c). irlog loads it only for the
# commands that read or write LLVM IR, from beside the executable, PREFIX/lib/irlog/, or
# $IRLOG_LLVM_MODULE, and refuses one from another build. Checked here:
#  1. an irlog copied alone still runs Datalog; a command that needs LLVM exits 5 and
#     says where it looked and what to do;
#  2. IRLOG_LLVM_MODULE pointing at the module: the same facts as the built irlog;
#     pointing nowhere: exit 5 naming the variable;
#  3. a module without irlog's build stamp (another build): exit 5, refused by name;
#  4. the installed layout (PREFIX/bin/irlog, PREFIX/lib/irlog/irlog-llvm.so) works.
# Built with -DIRLOG_LLVM_STATIC=ON there is no module: nothing to test (a note).
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

mod=$(dirname "$irlog")/irlog-llvm.so
if [ ! -f "$mod" ]; then
  echo "note: no irlog-llvm.so beside $irlog (an IRLOG_LLVM_STATIC build); nothing tested"
  finish
fi
cat >"$tmp/m.ll" <<'EOF'
define i32 @main() {
  %p = alloca i32
  store i32 1, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
}
EOF
printf '.decl e(a: number, b: number)\ne(1, 2).\n.decl p(a: number)\np(b) :- e(_, b).\n.output p\n' >"$tmp/t.dl"
"$irlog" facts "$tmp/m.ll" -o "$tmp/ref" 2>"$tmp/err"; check $? "the built irlog writes the facts" "$tmp/err"

# 1. alone
mkdir -p "$tmp/alone"
cp "$irlog" "$tmp/alone/irlog"
(cd "$tmp" && ./alone/irlog run t.dl -D - >out.txt 2>err.txt) && grep -qx '2' "$tmp/out.txt"
check $? "an irlog without its module runs Datalog" "$tmp/err.txt"
"$tmp/alone/irlog" facts "$tmp/m.ll" -o "$tmp/o1" 2>"$tmp/err"; rc=$?
[ $rc = 5 ] && grep -q "irlog-llvm.so is neither at $tmp/alone/irlog-llvm.so" "$tmp/err" &&
  grep -q "IRLOG_LLVM_MODULE" "$tmp/err" && [ ! -e "$tmp/o1" ]
check $? "without its module, irlog facts exits 5 (got $rc) naming where it looked, nothing written" "$tmp/err"

# 2. IRLOG_LLVM_MODULE
IRLOG_LLVM_MODULE=$mod "$tmp/alone/irlog" facts "$tmp/m.ll" -o "$tmp/o2" 2>"$tmp/err" &&
  diff -r "$tmp/ref" "$tmp/o2" >"$tmp/d"
check $? "IRLOG_LLVM_MODULE=the module: the same facts" "$tmp/err"
IRLOG_LLVM_MODULE=$tmp/nowhere.so "$tmp/alone/irlog" facts "$tmp/m.ll" -o "$tmp/o3" 2>"$tmp/err"; rc=$?
[ $rc = 5 ] && grep -q "IRLOG_LLVM_MODULE" "$tmp/err" && [ ! -e "$tmp/o3" ]
check $? "IRLOG_LLVM_MODULE naming no file: exit 5 (got $rc) naming the variable" "$tmp/err"

# 3. another build's module (here: a library with no build stamp at all)
if command -v cc >/dev/null; then
  echo 'int irlog_not_the_module;' | cc -shared -fPIC -o "$tmp/alone/irlog-llvm.so" -xc - 2>"$tmp/err"
  "$tmp/alone/irlog" facts "$tmp/m.ll" -o "$tmp/o4" 2>"$tmp/err"; rc=$?
  [ $rc = 5 ] && grep -q "from another build of irlog" "$tmp/err" && [ ! -e "$tmp/o4" ]
  check $? "a module from another build is refused: exit 5 (got $rc)" "$tmp/err"
  rm -f "$tmp/alone/irlog-llvm.so"
else
  echo "note: no C compiler; the other-build case is not tested"
fi

# 4. the installed layout
mkdir -p "$tmp/pfx/bin" "$tmp/pfx/lib/irlog"
cp "$irlog" "$tmp/pfx/bin/irlog" && cp "$mod" "$tmp/pfx/lib/irlog/irlog-llvm.so"
"$tmp/pfx/bin/irlog" facts "$tmp/m.ll" -o "$tmp/o5" 2>"$tmp/err" && diff -r "$tmp/ref" "$tmp/o5" >"$tmp/d"
check $? "PREFIX/bin/irlog with PREFIX/lib/irlog/irlog-llvm.so: the same facts" "$tmp/err"
finish
