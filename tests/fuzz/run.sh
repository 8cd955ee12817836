#!/bin/sh
# tests/fuzz/run.sh FUZZDIR [SECONDS] — runs each libFuzzer target of FUZZDIR (the fuzz/
# directory of a build configured with -DIRLOG_FUZZ=ON -DCMAKE_C_COMPILER=clang-19) for
# SECONDS (default 60), starting from the committed seed corpus (copied: the corpus in the
# repository is not changed). Exit 1 when a target finds a crash, a leak, a timeout
# (a hang: 10 s for one input), too much memory or a sanitizer report; the input that did
# it is left in the artifacts directory it prints. Without FUZZDIR's targets (no clang),
# prints "skip" and exits 0.
set -u
FUZZ=${1:?usage: run.sh FUZZDIR [SECONDS]}
SECS=${2:-60}
HERE=$(cd "$(dirname "$0")" && pwd)
if [ ! -x "$FUZZ/fuzz_dl_front" ] || [ ! -x "$FUZZ/fuzz_dl_facts" ]; then
    echo "skip: no fuzz targets in $FUZZ (configure with -DIRLOG_FUZZ=ON -DCMAKE_C_COMPILER=clang-19)"
    exit 0
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/irlog-fuzz.XXXXXX")
status=0
for t in front facts; do
    mkdir -p "$WORK/$t/corpus" "$WORK/$t/artifacts"
    cp "$HERE/corpus/$t/"* "$WORK/$t/corpus/"
    echo "fuzz_dl_$t: ${SECS} s"
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$FUZZ/fuzz_dl_$t" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$WORK/$t/artifacts/" \
        "$WORK/$t/corpus" >"$WORK/$t/log" 2>&1
    rc=$?
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "$WORK/$t/log" | tr '\n' ' '
    echo
    if [ $rc != 0 ] || [ -n "$(ls "$WORK/$t/artifacts")" ]; then
        status=1
        echo "FAIL fuzz_dl_$t (exit $rc): inputs in $WORK/$t/artifacts/"
        grep -E "ERROR|SUMMARY|==[0-9]+==" "$WORK/$t/log" | head -20
    else
        echo "ok   fuzz_dl_$t"
    fi
done
[ $status = 0 ] && rm -rf "$WORK"
exit $status
