#!/usr/bin/env bash
# test_interrupt.sh IRLOG — a signal stops `irlog run` inside a long join, not only
# between iterations: one non-recursive rule joins two relations of 30,000 rows each
# into 900M candidate rows (minutes of work), SIGINT arrives after the facts were read,
# and irlog must have exited with 130, "interrupted" and no output file long before the
# join could have ended (within 30 s), sequentially and with -j 2.
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
exit $fail
