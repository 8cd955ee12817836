#!/usr/bin/env bash
# test_dl_files.sh IRLOG LLVM_BIN SRCDIR — the shipped Datalog programs (datalog/ and
# datalog/analysis/) parse, type-check and run on irlog's engine with no diagnostic at all
# (no warning), over the facts of tests/check/base.ll; and, when Soufflé is found
# ($SOUFFLE, else souffle on the PATH), give the same outputs there (sorted: the two
# engines order symbols differently), over those facts and over a broken copy of them
# (rows cut from a few relations), where constraints.dl finds violations.
set -u
irlog=$1 src=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
"$irlog" facts "$src/tests/check/base.ll" -o "$tmp/facts" || { echo "FAIL facts"; exit 1; }
souffle=${SOUFFLE:-$(command -v souffle 2>/dev/null)}
# the broken copy: the first row of each of these relations cut
cp -r "$tmp/facts" "$tmp/broken"
for r in instruction_function block_function instruction_block function_name; do
  sed -i 1d "$tmp/broken/$r.facts"
done
sorted_same() { # DIR1 DIR2: the same files, each with the same rows in any order
  local f ok=0
  [ "$(ls "$1")" = "$(ls "$2")" ] || return 1
  for f in "$1"/*; do
    [ -e "$f" ] || continue
    cmp -s <(LC_ALL=C sort "$f") <(LC_ALL=C sort "$2/$(basename "$f")") || { echo "     differs: $(basename "$f")"; ok=1; }
  done
  return $ok
}
nviol=0
for p in "$src"/datalog/*.dl "$src"/datalog/analysis/*.dl; do
  name=$(basename "$p")
  for set in facts broken; do
    mkdir -p "$tmp/out-$set-$name"
    if "$irlog" run "$p" -F "$tmp/$set" -D "$tmp/out-$set-$name" >"$tmp/stdout" 2>"$tmp/stderr" &&
       { [ $set = broken ] || [ ! -s "$tmp/stderr" ]; }; then
      pass=$((pass+1)); echo "ok   $name runs over the $set with no diagnostic"
    else
      fail=$((fail+1)); echo "FAIL $name over the $set:"; head -20 "$tmp/stderr"
    fi
    if [ $set = broken ] && [ "$name" = constraints.dl ]; then
      nviol=$(cat "$tmp/out-$set-$name"/* 2>/dev/null | wc -l)
      if [ "$nviol" -gt 0 ]; then pass=$((pass+1)); echo "ok   constraints.dl finds $nviol violations in the broken facts"
      else fail=$((fail+1)); echo "FAIL constraints.dl finds no violation in the broken facts"; fi
    fi
    if [ -n "$souffle" ]; then
      mkdir -p "$tmp/souffle-$set-$name"
      if "$souffle" -F "$tmp/$set" -D "$tmp/souffle-$set-$name" "$p" >/dev/null 2>"$tmp/serr" &&
         sorted_same "$tmp/out-$set-$name" "$tmp/souffle-$set-$name"; then
        pass=$((pass+1)); echo "ok   $name over the $set: Soufflé gives the same outputs"
      else
        fail=$((fail+1)); echo "FAIL $name over the $set under Soufflé:"; head -10 "$tmp/serr"
      fi
    fi
  done
done
[ -n "$souffle" ] || echo "note: no Soufflé (\$SOUFFLE or souffle on the PATH); the comparison with it was skipped"
echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
