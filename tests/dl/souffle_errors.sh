#!/usr/bin/env bash
# Runs Soufflé 2.5's own error cases (the negative tests of tests/semantic and
# tests/syntactic) against irlog: each must be refused with a located message.
#
#   tests/dl/souffle_errors.sh IRLOG [SOUFFLE_SRC]
#
# SOUFFLE_SRC (2nd argument or $SOUFFLE_SRC) is a checkout of Soufflé's source (tag 2.5);
# without it the script prints "skip" and exits 0. The cases are the ones
# tests/{semantic,syntactic}/CMakeLists.txt register with negative_test(NAME), run the way
# cmake/SouffleTests.cmake runs them (facts from <case>/facts, a fresh output directory
# that is also the working directory; Soufflé's run must fail there). A case is
#   refused           when irlog exits with an error and reports at least one
#                     "file:line:col: error:" (before or during the run);
#   accepted-wrongly  when irlog exits 0, or fails without a located error (timeout,
#                     crash, an error with no position).
# Cases refused because they use a construct docs/datalog.md lists as not supported
# (the message says "unsupported feature") are counted apart, as "unsupported". A refusal
# is also marked when one of irlog's errors is on a line that Soufflé's own error
# message (<case>.err) names, and otherwise shows Soufflé's lines, for review.
# Cases where irlog deliberately differs are excluded below by name, with the reason
# (see docs/datalog.md, "Differences from Soufflé").
# Prints "refused CASE: first error" / "ACCEPTED CASE: why", then
# "N refused (K for an unsupported construct), M accepted-wrongly, E excluded"; exits 1
# when a case that is not excluded is accepted wrongly.

set -u

# case | reason
EXCLUDED='
'

usage() { echo "usage: $0 IRLOG [SOUFFLE_SRC]" >&2; exit 2; }
[ $# -ge 1 ] || usage
IRLOG=$1
SRC=${2:-${SOUFFLE_SRC:-}}
if [ -z "$SRC" ] || [ ! -d "$SRC/tests/semantic" ]; then
    echo "skip: no Soufflé source (set SOUFFLE_SRC)"
    exit 0
fi
case $IRLOG in /*) ;; *) IRLOG=$PWD/$IRLOG ;; esac
[ -x "$IRLOG" ] || { echo "$0: $IRLOG is not executable" >&2; exit 2; }
SRC=$(cd "$SRC" && pwd)
export LC_ALL=C

TMP=$(mktemp -d "${TMPDIR:-/tmp}/souffle_err.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT

list_cases() {
    local cat line name
    for cat in semantic syntactic; do
        sed -e 's/#.*//' "$SRC/tests/$cat/CMakeLists.txt" | while read -r line; do
            case $line in
            negative_test\(*)
                name=${line#*(}; name=${name%%[ )]*}
                echo "$cat/$name" ;;
            esac
        done
    done
}

refused=0 unsupported=0 same=0 wrong=0 excluded=0
wrongs=
for id in $(list_cases); do
    cat=${id%%/*}; name=${id#*/}
    dir=$SRC/tests/$cat/$name
    why=$(printf '%s\n' "$EXCLUDED" | awk -F'|' -v id="$id" '$1 == id { print $2 }')
    if [ -n "$why" ]; then
        echo "excluded $id: $why"
        excluded=$((excluded + 1))
        continue
    fi
    out=$TMP/out; rm -rf "$out"; mkdir -p "$out"
    (cd "$out" && exec timeout 20 "$IRLOG" run -q "$dir/$name.dl" -F "$dir/facts" -D . \
        >"$TMP/stdout" 2>"$TMP/stderr")
    rc=$?
    located=$(grep -m1 -E '^[^ :][^:]*:[0-9]+:[0-9]+: error: ' "$TMP/stderr" | sed "s|$SRC/tests/||")
    if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $rc -lt 128 ] && [ -n "$located" ]; then
        # the lines Soufflé's errors name (its .err), against irlog's
        slines=$(sed -n 's/^Error: .* at line \([0-9]*\)$/\1/p' "$dir/$name.err" 2>/dev/null | sort -u)
        ilines=$(sed -n "s|^$dir/$name.dl:\([0-9]*\):[0-9]*: error: .*|\1|p" "$TMP/stderr" | sort -u)
        where=
        if [ -n "$slines" ]; then
            if [ -n "$(comm -12 <(echo "$slines") <(echo "$ilines"))" ]; then
                same=$((same + 1)); where=" [a line Soufflé names]"
            else
                where=" [Soufflé names line(s) $(echo $slines | tr ' ' ',')]"
            fi
        fi
        if grep -q 'unsupported feature' "$TMP/stderr"; then
            unsupported=$((unsupported + 1))
            echo "refused $id (unsupported): $located$where"
        else
            echo "refused $id: $located$where"
        fi
        refused=$((refused + 1))
    else
        if [ $rc -eq 0 ]; then reason="accepted (exit 0)"
        elif [ $rc -eq 124 ]; then reason="timeout (20 s)"
        else reason="exit $rc without a located error: $(grep -m1 -v '^$' "$TMP/stderr")"
        fi
        echo "ACCEPTED $id: $reason"
        wrong=$((wrong + 1))
        wrongs="$wrongs $id"
    fi
done

echo "$refused refused ($unsupported for an unsupported construct; $same at a line Soufflé's error also names), $wrong accepted-wrongly, $excluded excluded"
[ $wrong -eq 0 ] || { echo "accepted wrongly:$wrongs"; exit 1; }
exit 0
