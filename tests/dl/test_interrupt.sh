#!/usr/bin/env bash
# test_interrupt.sh IRLOG — a signal stops `irlog run` inside a long join, not only
# between iterations: one non-recursive rule joins two relations of 30,000 rows each
# into 900M candidate rows (minutes of work), SIGINT arrives after the facts were read,
# and irlog must have exited with 130, "interrupted" and no output file long before the
# join could have ended (within 30 s), sequentially and with -j 2. Then the time budget
# (--max-time): the same join stopped after 1 s, and a recursive stratum (paths of a long
# chain) stopped after 0.5 s: exit 5, the error naming the stratum, its largest relation
# and the rule deriving it, no output file; and on a terminal (script(1)) the progress line
# names the largest relation.
irlog=$(cd "$(dirname "${1:?usage: test_interrupt.sh IRLOG}")" && pwd)/$(basename "$1")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0
seq 1 30000 > a.facts
seq 1 30000 > b.facts
cat > long.dl <<'DL'
.decl a(x: number)
.decl b(y: number)
.decl c(x: number, y: number)
.input a
.input b
.output c
c(x, y) :- a(x), b(y), (x * 7 + y * 13) % 1000003 = 17.
DL
for jobs in 1 2; do
  rm -rf out; mkdir out
  "$irlog" run long.dl -F . -D out -q -j "$jobs" 2>err.txt &
  pid=$!
  sleep 1
  kill -INT "$pid"
  for ((i = 0; i < 300; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid"; wait "$pid"
    echo "FAIL -j $jobs: still running 30 s after SIGINT"; fail=1; continue
  fi
  wait "$pid"; rc=$?
  if [ $rc = 130 ] && grep -q "interrupted" err.txt && [ ! -e out/c.csv ]; then
    echo "ok   -j $jobs: SIGINT inside the join: exit 130, 'interrupted', no c.csv"
  else
    echo "FAIL -j $jobs: exit $rc (want 130), stderr: $(cat err.txt)"; ls out; fail=1
  fi
done
for jobs in 1 2; do
  rm -rf out; mkdir out
  start=$(date +%s)
  "$irlog" run long.dl -F . -D out -q -j "$jobs" --max-time 1 2>err.txt; rc=$?
  took=$(( $(date +%s) - start ))
  if [ $rc = 5 ] && grep -q "the time budget of 1 s ran out" err.txt && [ ! -e out/c.csv ] &&
     [ "$took" -lt 30 ] && ! grep -q "memory limit" err.txt; then
    echo "ok   -j $jobs: --max-time 1 inside the join: exit 5 after ${took} s, no c.csv"
  else
    echo "FAIL -j $jobs: --max-time 1: exit $rc (want 5) after ${took} s, stderr: $(cat err.txt)"
    fail=1
  fi
done
seq 1 3000 | awk '{ print $1 "\t" $1 + 1 }' > e.facts
cat > paths.dl <<'DL'
.decl e(x: number, y: number)
.decl path(x: number, y: number)
.input e
.output path
path(x, y) :- e(x, y).
path(x, z) :- path(x, y), e(y, z).
DL
for jobs in 1 2; do
  rm -rf out; mkdir out
  "$irlog" run paths.dl -F . -D out -q -j "$jobs" --max-time 0.5 2>err.txt; rc=$?
  if [ $rc = 5 ] && grep -q "paths.dl:2:7: error: the time budget of 0.5 s ran out in iteration" err.txt &&
     grep -q "of the stratum of 'path'.*largest relations.*: path [0-9]" err.txt &&
     grep -q "the rules deriving the relations that grew most: .*paths.dl:6 (path)" err.txt &&
     [ ! -e out/path.csv ]; then
    echo "ok   -j $jobs: --max-time 0.5 in a recursive stratum: exit 5, where and what grew"
  else
    echo "FAIL -j $jobs: --max-time 0.5: exit $rc (want 5), stderr: $(cat err.txt)"; fail=1
  fi
done
# on a terminal, the progress line names the stratum's largest relation as it grows
if command -v script >/dev/null 2>&1; then
  rm -rf out; mkdir out
  script -qec "'$irlog' run paths.dl -F . -D out -j 1 --max-time 1" typescript >/dev/null 2>&1
  if tr '\r' '\n' <typescript | grep -q "evaluating: stratum 2/2 (path): iteration [0-9]*, .* tuples, +[0-9k]*; largest path [0-9]"; then
    echo "ok   progress line on a terminal: iteration, tuples, the largest relation"
  else echo "FAIL progress line: $(tr '\r' '\n' <typescript | tail -3)"; fail=1; fi
else echo "skip progress line: no script(1)"; fi
"$irlog" run paths.dl -F . -D out --max-time=-1 2>err.txt; rc=$?
if [ $rc = 2 ] && grep -q "expects a number of seconds" err.txt; then
  echo "ok   --max-time=-1: usage error, exit 2"
else echo "FAIL --max-time=-1: exit $rc, $(cat err.txt)"; fail=1; fi
exit $fail
