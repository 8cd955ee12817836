#!/usr/bin/env bash
# test_dl_files.sh IRLOG LLVM_BIN SRCDIR — the shipped Datalog programs parse,
# type-check and run on irlog's engine with no diagnostic at all (no warning), over
# the facts of tests/check/base.ll; and, when souffle is on the PATH, give the same
# outputs there.
set -u
irlog=$1 src=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
"$irlog" facts "$src/tests/check/base.ll" -o "$tmp/facts" || { echo "FAIL facts"; exit 1; }
for p in "$src"/datalog/*.dl; do
  name=$(basename "$p")
  mkdir -p "$tmp/out-$name"
  if "$irlog" run "$p" -F "$tmp/facts" -D "$tmp/out-$name" >"$tmp/stdout" 2>"$tmp/stderr" && [ ! -s "$tmp/stderr" ]; then
    pass=$((pass+1)); echo "ok   $name runs with no diagnostic"
  else
    fail=$((fail+1)); echo "FAIL $name:"; head -20 "$tmp/stderr"
  fi
  if command -v souffle >/dev/null 2>&1; then
    mkdir -p "$tmp/souffle-$name"
    if souffle -F "$tmp/facts" -D "$tmp/souffle-$name" "$p" 2>"$tmp/serr" && diff -r "$tmp/out-$name" "$tmp/souffle-$name" >/dev/null; then
      pass=$((pass+1)); echo "ok   $name: souffle gives the same outputs"
    else
      fail=$((fail+1)); echo "FAIL $name under souffle:"; head -10 "$tmp/serr"
    fi
  fi
done
command -v souffle >/dev/null 2>&1 || echo "note: souffle is not on the PATH; the comparison with Souffle was skipped"
echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
