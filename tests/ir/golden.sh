#!/usr/bin/env bash
# golden.sh IRLOG LLVM_BIN CASE.ll — the golden test of one hand-written fixture.
#  1. `irlog facts CASE.ll` must succeed, and every file in CASE.expected/ must equal
#     the output byte for byte (the expected directory holds the relations this case
#     pins; tests/bless.sh rewrites them).
#  2. The same module through bitcode (llvm-as) must give identical relations (all of
#     them, except the module_* files that name the input file).
set -u
irlog=$1 llvm_bin=$2 case=$3
name=$(basename "$case" .ll)
exp="${case%.ll}.expected"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
if [ ! -d "$exp" ] || [ -z "$(ls -A "$exp" 2>/dev/null)" ]; then
  echo "FAIL $name: no expected files in $exp (run tests/bless.sh $case)"; exit 1
fi
if ! "$irlog" facts "$case" -o "$tmp/ll" 2>"$tmp/err"; then
  echo "FAIL $name: irlog facts failed:"; cat "$tmp/err"; exit 1
fi
n=$(ls "$exp" | wc -l)
# one diff for the common case (spawning a cmp per file is slow on some machines); the
# loop below says which file differs and how
if [ -z "$(diff -rq "$exp" "$tmp/ll" 2>&1 | grep -v "^Only in $tmp/ll")" ]; then quick1=1; else quick1=0; fi
for f in "$exp"/*; do
  [ $quick1 = 1 ] && break
  b=$(basename "$f")
  if [ ! -f "$tmp/ll/$b" ]; then
    echo "FAIL $name: $b is not in the output (is the relation still declared?)"; fail=1; continue
  fi
  if ! cmp -s "$f" "$tmp/ll/$b"; then
    echo "FAIL $name: $b differs from the expected file:"
    diff -u "$f" "$tmp/ll/$b" | head -20
    fail=1
  fi
done
"$llvm_bin/llvm-as" "$case" -o "$tmp/case.bc" 2>"$tmp/err" || { echo "FAIL $name: llvm-as failed"; cat "$tmp/err"; exit 1; }
if ! "$irlog" facts "$tmp/case.bc" -o "$tmp/bc" 2>"$tmp/err"; then
  echo "FAIL $name: irlog facts on the bitcode failed:"; cat "$tmp/err"; exit 1
fi
if diff -rq -x 'module*' "$tmp/ll" "$tmp/bc" >/dev/null 2>&1; then quick2=1; else quick2=0; fi
for f in "$tmp/ll"/*; do
  [ $quick2 = 1 ] && break
  b=$(basename "$f")
  case "$b" in module*) continue;; esac
  if ! cmp -s "$f" "$tmp/bc/$b"; then
    echo "FAIL $name: $b differs between the .ll and the .bc of the same module:"
    diff -u "$f" "$tmp/bc/$b" | head -10
    fail=1
  fi
done
[ $fail = 0 ] && echo "ok   $name ($n relation files pinned)"
exit $fail
