#!/usr/bin/env bash
# test_keywords.sh IRLOG LLVM_BIN SRCDIR — no relation or column of the relation table
# (irlog schema --dl) or of a shipped program (datalog/*.dl, datalog/analysis/*.dl) is a
# Soufflé keyword, so that every shipped .dl file also loads in Soufflé. The keywords are
# those of Soufflé 2.5's scanner (src/parser/scanner.ll).
set -u
irlog=$1 src=$3
keywords="as autoinc band bnot bor brie bshl bshr bshru btree btree_delete bxor cat contains
count debug_delta eqrel false inline input land lnot lor lxor magic match max mean min nil
no_inline no_magic ord output overridable printsize range recursive_iteration_cnt stateful
strlen substr sum to_float to_number to_string to_unsigned true"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$irlog" schema --dl > "$tmp/schema.dl" || { echo "FAIL irlog schema --dl"; exit 1; }
pass=0 fail=0
for f in "$tmp/schema.dl" "$src"/datalog/*.dl "$src"/datalog/analysis/*.dl; do
  # NAME(col: type, col: type) of every .decl line
  names=$(grep -hE '^\s*\.decl' "$f" | sed -E 's/^\s*\.decl\s+//; s/\).*//; s/[(,]/\n/g' |
          sed -E 's/:.*//; s/\s//g' | grep -v '^$' | sort -u)
  bad=""
  for k in $keywords; do
    if printf '%s\n' "$names" | grep -qx "$k"; then bad="$bad $k"; fi
  done
  b=$(basename "$f"); [ "$f" = "$tmp/schema.dl" ] && b="the relation table"
  if [ -z "$bad" ]; then
    echo "ok   $b: $(printf '%s\n' "$names" | wc -l) relation and column names, none a Soufflé keyword"
    pass=$((pass+1))
  else
    echo "FAIL $b: Soufflé keywords used as names:$bad"; fail=$((fail+1))
  fi
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
