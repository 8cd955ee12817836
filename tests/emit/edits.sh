#!/usr/bin/env bash
# edits.sh IRLOG LLVM_BIN SRCDIR — issue 11's edits: change the facts of a program on
# purpose (tests/emit/edit_facts.py), emit, and check the module that comes out
# (docs/emit.md). The program is tests/emit/programs/edit_prog.c, compiled here by
# clang-19 at -O0 -g (and -O2 for the logging edit); it prints "sum=30 calls=4".
#
# Every edited module must be accepted by llvm-as-19 and by opt-19 -passes=verify, and
# `irlog emit -o X.bc` (bitcode through LLVM's C API, verified) must be byte for byte
# `llvm-as-19 --preserve-bc-uselistorder=false` of the emitted text. Then, per edit:
#  - rename @scale to @triple (function_name only): llvm-dis of the result is the
#    original's with @scale replaced, exactly; it runs (lli-19) and prints the same;
#  - change the constant of `x * 3` to 5 (one operand of one mul): llvm-dis of the
#    result is llvm-dis of clang's module of the source with `x * 5`, except the
#    DIFile checksum line (the source's MD5); it prints "sum=50 calls=4";
#  - delete the dead block of @scale: llvm-dis of the result is clang's module of the
#    source with the dead lines blanked, except the checksum line; prints the same;
#  - add `call void @irlog_enter(i32 K)` at the entry of every defined function: the
#    declaration and one call as the first instruction of each function are there;
#    linked (clang-19) with a logging function, the program logs main, sum_to and four
#    times scale, in that order, then prints the same (at -O0 -g and at -O2).
# Prints ok/FAIL per check and `N passed, M failed`; exits 1 when a check fails.
set -u
irlog=$1 llvm_bin=$2 srcdir=$3
tool() { if [ -x "$llvm_bin/$1" ]; then echo "$llvm_bin/$1"; else command -v "$1-19"; fi; }
llvm_as=$(tool llvm-as) llvm_dis=$(tool llvm-dis) opt=$(tool opt) lli=$(tool lli) clang=$(tool clang)
edit="python3 $srcdir/tests/emit/edit_facts.py"
prog=$srcdir/tests/emit/programs/edit_prog.c
tmp=$(mktemp -d "${TMPDIR:-/tmp}/irlog-edits.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
npass=0 nfail=0
chk() { # chk STATUS NAME [FILE with details]
  if [ "$1" = 0 ]; then echo "ok   $2"; npass=$((npass + 1))
  else echo "FAIL $2"; nfail=$((nfail + 1)); [ -n "${3:-}" ] && head -12 "$3" | sed 's/^/     /'; fi
}
# compile SRCFILE LEVEL OUT.bc: clang-19 as the test programs are compiled (relative
# file name, no ident), so that two sources that differ only in lines give modules
# that differ only there
compile() {
  local flags="-O2"; [ "$2" = O0 ] && flags="-O0 -g"
  (cd "$(dirname "$1")" && "$clang" -std=c17 $flags -ffile-prefix-map="$(dirname "$1")"=. \
     -fno-ident -c -emit-llvm "$(basename "$1")" -o "$3")
}
dis() { "$llvm_dis" "$1" -o - | grep -v '^; ModuleID = ' | sed 's/checksum: "[0-9a-f]*"/checksum: "-"/'; }
# emitted NAME FACTDIR: emit text and bitcode, assemble, verify; NAME.dis = llvm-dis
emitted() {
  local n=$tmp/$1
  "$irlog" emit "$2" -o "$n.ll" 2>"$n.err" &&
    "$llvm_as" "$n.ll" -o "$n.bc" 2>>"$n.err" &&
    "$opt" -passes=verify -disable-output "$n.bc" 2>>"$n.err" &&
    "$irlog" emit "$2" -o "$n.api.bc" 2>>"$n.err" &&
    "$llvm_as" --preserve-bc-uselistorder=false "$n.ll" -o "$n.ref.bc" 2>>"$n.err" &&
    cmp "$n.api.bc" "$n.ref.bc" >>"$n.err" 2>&1 &&
    dis "$n.bc" >"$n.dis"
  chk $? "$1: emitted, llvm-as-19 and opt-19 -passes=verify accept it, -o .bc = llvm-as of the text" "$n.err"
}
runs() { # runs NAME EXPECTED COMMAND...
  local n=$1 want=$2; shift 2
  "$@" >"$tmp/$n.out" 2>&1
  printf '%s\n' "$want" | diff - "$tmp/$n.out" >"$tmp/$n.rdiff"
  chk $? "$n: runs and prints $(printf '%s' "$want" | sed 's/$/; /' | tr -d '\n' | sed 's/; $//')" "$tmp/$n.rdiff"
}

mkdir -p "$tmp/src"
cp "$prog" "$tmp/src/edit_prog.c"
for lvl in O0 O2; do
  compile "$tmp/src/edit_prog.c" $lvl "$tmp/orig.$lvl.bc" || { echo "FAIL clang-19 cannot compile $prog"; exit 1; }
  "$irlog" facts "$tmp/orig.$lvl.bc" -o "$tmp/facts.$lvl" >/dev/null || { echo "FAIL irlog facts"; exit 1; }
done
dis "$tmp/orig.O0.bc" >"$tmp/orig.dis"
runs original "sum=30 calls=4" "$lli" "$tmp/orig.O0.bc"

# ---- rename
cp -r "$tmp/facts.O0" "$tmp/f.rename"
$edit "$tmp/f.rename" rename scale triple
emitted rename "$tmp/f.rename"
sed 's/@scale\b/@triple/g' "$tmp/orig.dis" | diff - "$tmp/rename.dis" >"$tmp/rename.diff"
chk $? "rename: the original with @scale renamed @triple, nothing else" "$tmp/rename.diff"
! grep -q '@scale\b' "$tmp/rename.dis" && grep -q '^define .*@triple(' "$tmp/rename.dis" &&
  grep -q 'call .*@triple(' "$tmp/rename.dis"
chk $? "rename: no @scale left; @triple is defined and called"
runs rename "sum=30 calls=4" "$lli" "$tmp/rename.bc"

# ---- change a constant
cp -r "$tmp/facts.O0" "$tmp/f.const"
$edit "$tmp/f.const" set-operand @scale mul "i32 3" "i32 5"
emitted const "$tmp/f.const"
mkdir -p "$tmp/src5"
sed 's/return x \* 3;/return x * 5;/' "$prog" >"$tmp/src5/edit_prog.c"
compile "$tmp/src5/edit_prog.c" O0 "$tmp/src5.bc" && dis "$tmp/src5.bc" | diff - "$tmp/const.dis" >"$tmp/const.diff"
chk $? "constant: = clang's module of the source with x * 5 (checksum aside)" "$tmp/const.diff"
[ "$(diff "$tmp/orig.dis" "$tmp/const.dis" | grep -c '^[<>]')" = 2 ] &&
  diff "$tmp/orig.dis" "$tmp/const.dis" | grep -q '^> .*= mul nsw i32 %[0-9]*, 5, !dbg'
chk $? "constant: one line differs from the original, the mul by 5"
runs const "sum=50 calls=4" "$lli" "$tmp/const.bc"

# ---- delete a dead block
cp -r "$tmp/facts.O0" "$tmp/f.dead"
entry=$(awk -F'\t' '$1 == "@scale" {print $2}' "$tmp/f.dead/function_entry_block.facts")
dead=$(awk -F'\t' '$2 == "@scale" {print $1}' "$tmp/f.dead/block_function.facts" | grep -vxF "$entry" | head -1)
$edit "$tmp/f.dead" delete-block "$dead"
emitted dead "$tmp/f.dead"
mkdir -p "$tmp/srcd"
sed -e 's/^unused:.*$//' -e 's/^    x += 100;$//' -e 's/^    goto unused;$//' "$prog" >"$tmp/srcd/edit_prog.c"
compile "$tmp/srcd/edit_prog.c" O0 "$tmp/srcd.bc" && dis "$tmp/srcd.bc" | diff - "$tmp/dead.dis" >"$tmp/dead.diff"
chk $? "dead block ($dead): = clang's module of the source without the dead code (checksum aside)" "$tmp/dead.diff"
runs dead "sum=30 calls=4" "$lli" "$tmp/dead.bc"
cp -r "$tmp/facts.O0" "$tmp/f.live"
! $edit "$tmp/f.live" delete-block "$entry" 2>/dev/null
chk $? "dead block: the script refuses to delete a block that is not dead ($entry)"

# ---- a logging call at each function's entry
cat >"$tmp/log.c" <<'EOF'
#include <stdio.h>
void irlog_enter(int k) { printf("enter %d\n", k); }
EOF
for lvl in O0 O2; do
  cp -r "$tmp/facts.$lvl" "$tmp/f.log.$lvl"
  $edit "$tmp/f.log.$lvl" log-entry irlog_enter "$tmp/log.$lvl.map"
  emitted log.$lvl "$tmp/f.log.$lvl"
  d=$tmp/log.$lvl.dis
  ndef=$(grep -c '^define ' "$d")
  ncall=$(awk '/^define /{getline; while ($0 ~ /^ *#dbg_/ || $0 ~ /^[0-9]+:/) getline; if ($0 ~ /^  call void @irlog_enter\(i32 [0-9]+\)$/) n++} END {print n+0}' "$d")
  grep -q '^declare void @irlog_enter(i32)' "$d" && [ "$ndef" = 3 ] && [ "$ncall" = 3 ]
  chk $? "log $lvl: declare void @irlog_enter(i32); each of the $ndef functions starts with its call ($ncall)"
  if [ $lvl = O0 ]; then
    [ "$(diff "$tmp/orig.dis" "$d" | grep -c '^<')" = 0 ] &&
      [ "$(diff "$tmp/orig.dis" "$d" | grep -c '^>')" = 5 ]
    chk $? "log $lvl: nothing of the original is removed or changed; 5 lines are added (3 calls, the declaration and a blank line)"
  fi
  want=$(for fn in main sum_to scale scale scale scale; do
           printf 'enter %s\n' "$(awk -F'\t' -v f=$fn '$2 == f {print $1}' "$tmp/log.$lvl.map")"; done
         echo "sum=30 calls=4")
  "$clang" "$tmp/log.$lvl.bc" "$tmp/log.c" -o "$tmp/log.$lvl.exe" 2>"$tmp/log.$lvl.link" ||
    cat "$tmp/log.$lvl.link"
  runs log.$lvl "$want" "$tmp/log.$lvl.exe"
done

echo "$npass passed, $nfail failed"
[ $nfail = 0 ]
