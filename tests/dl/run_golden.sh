#!/bin/sh
# run_golden.sh IRLOG CASESDIR [--bless] [CASE...]
# Each case directory holds prog.dl and its input facts, plus the expectations:
#   expected/<rel>.csv  every output file, compared byte for byte (no extra files allowed)
#   expected.out        stdout (for -D - and .printsize), when present
#   expected.err        stderr (diagnostics with file:line:col), when present
#   expected.rc         exit code (default: 3 when expected.err exists, else 0)
#   args                extra arguments for irlog run (default: -F . -D <tmp>)
# The case runs from inside its directory, so diagnostics name prog.dl relatively.
# IRLOG_DL_EXTRA_ARGS (environment): arguments added after the case's (e.g. "-j 2", with
# IRLOG_DL_FORCE_JOBS=1 to put every phase on the threads: dl.golden.j2).
# --bless rewrites the expectations from the current output (review the diff!).
set -u
IRLOG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
CASES=$2
shift 2
BLESS=0
if [ "${1:-}" = "--bless" ]; then BLESS=1; shift; fi
pass=0
fail=0
failed=""
TMP=$(mktemp -d "${TMPDIR:-/tmp}/irlog-dl-golden.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
if [ $# -gt 0 ]; then list="$*"; else list=$(ls "$CASES"); fi
for c in $list; do
    dir="$CASES/$c"
    [ -f "$dir/prog.dl" ] || continue
    out="$TMP/$c"
    rm -rf "$out"
    mkdir -p "$out/o"
    args="-F . -D $out/o"
    [ -f "$dir/args" ] && args="$(sed "s#@OUT@#$out/o#g" "$dir/args")"
    (cd "$dir" && eval "\"$IRLOG\" run prog.dl $args ${IRLOG_DL_EXTRA_ARGS:-}" >"$out/stdout" 2>"$out/stderr")
    rc=$?
    if [ $BLESS = 1 ]; then
        rm -rf "$dir/expected" "$dir/expected.out" "$dir/expected.err" "$dir/expected.rc"
        if [ -n "$(ls "$out/o")" ]; then mkdir -p "$dir/expected" && cp "$out/o/"* "$dir/expected/"; fi
        [ -s "$out/stdout" ] && cp "$out/stdout" "$dir/expected.out"
        [ -s "$out/stderr" ] && cp "$out/stderr" "$dir/expected.err"
        want=0; [ -s "$out/stderr" ] && want=3
        [ $rc != $want ] && echo $rc > "$dir/expected.rc"
        echo "blessed $c (rc $rc)"
        continue
    fi
    ok=1
    why=""
    want=0
    [ -f "$dir/expected.err" ] && want=3
    [ -f "$dir/expected.rc" ] && want=$(cat "$dir/expected.rc")
    if [ "$rc" != "$want" ]; then ok=0; why="$why exit $rc (want $want);"; fi
    if [ -f "$dir/expected.err" ]; then
        cmp -s "$dir/expected.err" "$out/stderr" || { ok=0; why="$why stderr differs;"; diff "$dir/expected.err" "$out/stderr" | head -10; }
    elif [ -s "$out/stderr" ]; then ok=0; why="$why unexpected stderr;"; head -5 "$out/stderr"; fi
    if [ -f "$dir/expected.out" ]; then
        cmp -s "$dir/expected.out" "$out/stdout" || { ok=0; why="$why stdout differs;"; diff "$dir/expected.out" "$out/stdout" | head -10; }
    elif [ -s "$out/stdout" ]; then ok=0; why="$why unexpected stdout;"; fi
    if [ -d "$dir/expected" ]; then
        for f in "$dir/expected/"*; do
            b=$(basename "$f")
            cmp -s "$f" "$out/o/$b" || { ok=0; why="$why $b differs;"; diff "$f" "$out/o/$b" 2>&1 | head -10; }
        done
    fi
    for f in "$out/o/"*; do
        [ -e "$f" ] || continue
        b=$(basename "$f")
        [ -f "$dir/expected/$b" ] || { ok=0; why="$why unexpected output $b;"; }
    done
    if [ $ok = 1 ]; then pass=$((pass + 1)); echo "ok   $c"; else fail=$((fail + 1)); failed="$failed $c"; echo "FAIL $c:$why"; fi
done
echo "$pass passed, $fail failed"
[ $fail = 0 ] || { echo "failed:$failed"; exit 1; }
