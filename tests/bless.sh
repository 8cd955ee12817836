#!/usr/bin/env bash
# bless.sh [--all] [CASE.ll...] — rewrite the expected files of IR golden cases from the
# current build (build/irlog). By default each case's existing expected files are
# rewritten; with --all (or for a case without expectations) every non-empty relation
# file is pinned. Review the diff (git diff tests/golden) before committing.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
irlog=${IRLOG:-$top/build/irlog}
all=0
if [ "${1:-}" = "--all" ]; then all=1; shift; fi
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=("$top"/tests/golden/ir/*.ll)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for c in "${cases[@]}"; do
  exp="${c%.ll}.expected"
  rm -rf "$tmp/out"
  "$irlog" facts "$c" -o "$tmp/out"
  if [ $all = 1 ] || [ ! -d "$exp" ] || [ -z "$(ls -A "$exp" 2>/dev/null)" ]; then
    rm -rf "$exp"; mkdir -p "$exp"
    for f in "$tmp/out"/*.facts; do [ -s "$f" ] && cp "$f" "$exp/"; done
  else
    for f in "$exp"/*; do
      b=$(basename "$f")
      if [ -f "$tmp/out/$b" ]; then cp "$tmp/out/$b" "$f"; else echo "note: $b no longer exists; removed"; rm -f "$f"; fi
    done
  fi
  echo "blessed $(basename "$c") ($(ls "$exp" | wc -l) files)"
done
