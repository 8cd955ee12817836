#!/usr/bin/env bash
# broken.sh IRLOG LLVM_BIN SRCDIR — irlog emit on broken fact sets (docs/emit.md, Errors).
#
# From valid fact sets (every_opcode.ll, and a C program at -O0 -g for debug info), each
# non-empty relation in turn is cut (its file emptied), then deleted, and irlog emit runs
# on what is left. Each run must end normally: exit 0 (the relation was optional: the
# module is still whole, e.g. without its `!tbaa` attachments) or exit 3 with an
# `irlog: error:` message that names a relation (or an entity type's relation, such
# as `function` or `block`); never a signal, a crash or another exit
# code (under ASan/UBSan a report is a failure too: the build's sanitizers abort).
# A deleted file (tried on the first fact set) must give exit 3 naming that relation.
# On the second fact set, each optional cut is also emitted with -o .bc: LLVM's parser
# and verifier (in irlog's child) accept it, or it exits 3 with their message and writes
# nothing; text that the parser rejects (an i0 type) gives that under -o .bc and
# --verify. Prints `N passed, M failed`.
set -u
irlog=$1 llvm_bin=$2 srcdir=$3
tool() { if [ -x "$llvm_bin/$1" ]; then echo "$llvm_bin/$1"; else command -v "$1-19"; fi; }
llvm_as=$(tool llvm-as) clang=$(tool clang)
base=${TMPDIR:-}
if [ -z "$base" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then base=/dev/shm; else base=/tmp; fi
fi
tmp=$(mktemp -d "$base/irlog-emit-broken.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
npass=0 nfail=0
"$llvm_as" "$srcdir/tests/ir/inputs/every_opcode.ll" -o "$tmp/every_opcode.bc" || exit 1
(cd "$srcdir/tests/programs" && "$clang" -O0 -g -std=c17 -fno-ident -c -emit-llvm linked_list.c \
   -o "$tmp/linked_list.bc") || exit 1
for m in every_opcode linked_list; do
  "$irlog" facts "$tmp/$m.bc" -o "$tmp/$m.facts" >/dev/null || exit 1
  "$irlog" emit "$tmp/$m.facts" -o "$tmp/$m.ll" || { echo "FAIL $m: the valid facts do not emit"; exit 1; }
  nok=0 ncut=0 nopt=0 nrej=0
  ls "$tmp/$m.facts" | sed 's/\.facts$//' >"$tmp/names"
  for f in "$tmp/$m.facts"/*.facts; do
    [ -s "$f" ] || continue
    rel=$(basename "$f" .facts)
    mv "$f" "$tmp/saved"
    : >"$f"
    "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.ll" 2>"$tmp/err"; rc=$?
    ncut=$((ncut + 1))
    if [ $rc = 0 ]; then
      nopt=$((nopt + 1))
      # what is left is emitted; LLVM (in irlog's child) accepts it or says why (exit 3)
      # (on the second fact set only: it has debug info, and each run parses the module)
      [ $m = linked_list ] && "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.bc" 2>"$tmp/err"; rc=$?
      if [ $m != linked_list ]; then :
      elif [ $rc = 3 ] && grep -q "not valid LLVM IR" "$tmp/err" && [ ! -e "$tmp/out.bc" ]; then
        nrej=$((nrej + 1))
      elif [ $rc != 0 ]; then
        echo "FAIL $m: cutting $rel: -o .bc: exit $rc"; sed 's/^/     /' "$tmp/err" | head -5; nfail=$((nfail + 1))
      fi
      rm -f "$tmp/out.bc"
    elif [ $rc = 3 ] && grep '^irlog: error: ' "$tmp/err" | grep -qwFf "$tmp/names"; then
      nok=$((nok + 1))
    else
      echo "FAIL $m: cutting $rel: exit $rc"; sed 's/^/     /' "$tmp/err" | head -5; nfail=$((nfail + 1))
    fi
    rm -f "$f"
    # deleting: the same path for every relation, so on the first fact set only
    [ $m = every_opcode ] && "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.ll" 2>"$tmp/err"; rc=$?
    if [ $m = every_opcode ] && { [ $rc != 3 ] || ! grep -q "cannot read the relation $rel:" "$tmp/err"; }; then
      echo "FAIL $m: deleting $rel: exit $rc"; sed 's/^/     /' "$tmp/err" | head -5; nfail=$((nfail + 1))
    fi
    mv "$tmp/saved" "$f"
  done
  bc=""; [ $m = linked_list ] && bc="; with -o .bc $nrej of them rejected by LLVM with its message, exit 3"
  echo "ok   $m: $ncut relations cut one at a time: $nok clear errors (exit 3), $nopt optional (exit 0$bc), no crash"
  npass=$((npass + 1))
  # a malformed row: a column too few, a bad escape
  printf 'x\n' >>"$tmp/$m.facts/instruction_opcode.facts"
  "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.ll" 2>"$tmp/err"; rc=$?
  if [ $rc = 3 ] && grep -q 'instruction_opcode.facts:[0-9]*: error: relation instruction_opcode has 2 columns' "$tmp/err"; then
    echo "ok   $m: a row with a column too few"; npass=$((npass + 1))
  else echo "FAIL $m: a row with a column too few: exit $rc"; head -3 "$tmp/err"; nfail=$((nfail + 1)); fi
  printf '@zz\tbad\\q\n' >>"$tmp/$m.facts/function_name.facts"
  "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.ll" 2>"$tmp/err"; rc=$?
  if [ $rc = 3 ] && grep -q 'function_name.facts:[0-9]*: error: relation function_name, column name: bad escape' "$tmp/err"; then
    echo "ok   $m: a bad escape sequence"; npass=$((npass + 1))
  else echo "FAIL $m: a bad escape sequence: exit $rc"; head -3 "$tmp/err"; nfail=$((nfail + 1)); fi
done
# text that LLVM's parser rejects (an integer type of width 0): -o .bc and --verify exit 3
# with the parser's message and write nothing; text output without --verify is written
m=linked_list
sed -i 's/^i32\t32$/i32\t0/' "$tmp/$m.facts/integer_type_width.facts"
sed -i '$d' "$tmp/$m.facts/instruction_opcode.facts"; sed -i '$d' "$tmp/$m.facts/function_name.facts"
"$irlog" emit "$tmp/$m.facts" -o "$tmp/w0.bc" 2>"$tmp/err"; rc=$?
"$irlog" emit "$tmp/$m.facts" -o "$tmp/w0.ll" --verify 2>"$tmp/err2"; rc2=$?
if [ $rc = 3 ] && [ $rc2 = 3 ] && grep -q "LLVM's parser rejects" "$tmp/err" && grep -q 'expected type' "$tmp/err2" &&
   [ ! -e "$tmp/w0.bc" ] && [ ! -e "$tmp/w0.ll" ] && ! ls "$tmp"/w0.* >/dev/null 2>&1 &&
   "$irlog" emit "$tmp/$m.facts" -o "$tmp/w0.ll" 2>/dev/null; then
  echo "ok   text LLVM's parser rejects (i0): -o .bc and --verify exit 3 with its message, nothing written"; npass=$((npass + 1))
else echo "FAIL text LLVM's parser rejects: exit $rc / $rc2"; head -5 "$tmp/err" "$tmp/err2"; nfail=$((nfail + 1)); fi
echo "$npass passed, $nfail failed"
[ $nfail = 0 ]
