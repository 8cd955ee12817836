#!/usr/bin/env bash
# Runs Soufflé 2.5's own evaluation and example test cases against irlog.
#
#   tests/dl/souffle_conformance.sh IRLOG [SOUFFLE_SRC]
#
# SOUFFLE_SRC (2nd argument or $SOUFFLE_SRC) is a checkout of Soufflé's source (tag 2.5).
# The cases are the ones tests/{evaluation,example}/CMakeLists.txt register, run the way
# cmake/SouffleTests.cmake runs them: facts from <case>/facts (or <case>/<name> for a
# multi-test), outputs in a fresh directory that is also the working directory; then, as
# cmake/check_test_results.py and check_std_outputs.py do, every expected <case>/*.csv
# must equal the output of the same name after sorting lines (trailing blanks dropped), no
# other .csv may be written, and stdout (.printsize) must equal <case>.out after sorting.
# The .err expectations (Soufflé's warning text) are not compared, nor expected files
# that a sparse checkout of SOUFFLE_SRC left out (git still lists them). Soufflé's extra flags
# for these cases (-j8, COMPILED_SPLITTED, DEBUG_REPORT) do not change results.
#
# Cases using language that docs/datalog.md lists as not supported are excluded below,
# each with the construct that must occur in its .dl or .inc files (an ERE, checked on
# every run: an exclusion whose construct is gone is ignored, so the case runs) and a
# reason.
# Prints "ok CASE" / "FAIL CASE: reason", then "N passed, M failed, K excluded"; exits 1
# when a case that is not excluded fails.

set -u

# case | construct (ERE on the .dl) | reason
EXCLUDED='
evaluation/adt-binary-constraint|\$[A-Za-z]|algebraic data types
evaluation/adt-enum|[A-Za-z] *\{ *\}|algebraic data types (enumerations)
evaluation/aggregates5|mean|the mean aggregate
evaluation/aggregates7|mean|the mean aggregate
evaluation/aggregates_nested|mean|the mean aggregate
evaluation/aliases|\[|records
evaluation/choice_advisor|choice-domain|choice-domain
evaluation/choice_colourable|choice-domain|choice-domain
evaluation/choice_highest_mark|choice-domain|choice-domain
evaluation/choice_total_order|choice-domain|choice-domain
evaluation/comp-override1|\.comp|components
evaluation/comp-override2|\.comp|components
evaluation/comp-override3|\.comp|components
evaluation/components|\.comp|components
evaluation/components1|\.comp|components
evaluation/components2|\.comp|components
evaluation/components3|\.comp|components
evaluation/components_generic|\.comp|components, records
evaluation/count|\[|records, itou/utoi casts
evaluation/counter|autoinc|counters (autoinc)
evaluation/empty_relations|\.comp|components
evaluation/inline_nqueens|\[|records
evaluation/inline_records|\[|records
evaluation/issue2160|range\(|the range functor
evaluation/issue2508|\.functor|user-defined functors, algebraic data types
evaluation/magic_2sat|\.pragma|.pragma (magic-set transformation)
evaluation/magic_aggregates|\.pragma|.pragma (magic-set transformation)
evaluation/magic_bindings|\.pragma|.pragma (magic-set transformation)
evaluation/magic_centroids|\.pragma|.pragma (magic-set transformation)
evaluation/magic_circuit_sat|\.pragma|.pragma (magic-set transformation)
evaluation/magic_components|\.comp|components, .pragma
evaluation/magic_cprog1|\.pragma|.pragma (magic-set transformation)
evaluation/magic_dfa|\.comp|components, .pragma
evaluation/magic_dominance|\.comp|components, .pragma
evaluation/magic_factoring|\.pragma|.pragma (magic-set transformation)
evaluation/magic_goal|\.pragma|.pragma (magic-set transformation)
evaluation/magic_infbinding|\.pragma|.pragma (magic-set transformation)
evaluation/magic_lrg_attr_id|\.pragma|.pragma (magic-set transformation)
evaluation/magic_movies|\.pragma|.pragma (magic-set transformation)
evaluation/magic_names1|\.pragma|.pragma (magic-set transformation)
evaluation/magic_negignored|\.pragma|.pragma (magic-set transformation), casts
evaluation/magic_neglabel|\.pragma|.pragma (magic-set transformation)
evaluation/magic_nqueens|\[|records, .pragma
evaluation/magic_perfect_numbers|\.pragma|.pragma (magic-set transformation)
evaluation/magic_posignored|\.pragma|.pragma (magic-set transformation)
evaluation/magic_poslabel|\.pragma|.pragma (magic-set transformation)
evaluation/magic_records4|\[|records, .pragma
evaluation/magic_samegen|\.pragma|.pragma (magic-set transformation)
evaluation/magic_strategies|\.comp|components, .pragma
evaluation/magic_string_substr|\[|records, .pragma
evaluation/magic_turing1|\.pragma|.pragma (magic-set transformation)
evaluation/multiple_inequalities|range\(|the range functor
evaluation/rangeop|range\(|the range functor
evaluation/rec_lists|\[|records
evaluation/rec_lists2|\[|records
evaluation/rec_underscore|\[|records
evaluation/subsumption|\[|records, subsumption
evaluation/unpacking|\[|records
example/circuit_records|\[|records
example/comp-parametrized|\.comp|components
example/comp-parametrized-inherit|\.comp|components
example/comp-parametrized-multilvl|\.comp|components
example/convex_hull|\[|records, casts
example/dfa|\.comp|components
example/dfa_summary_function|\.comp|components
example/dominance|\.comp|components
example/euclid|\[|records, casts
example/flights2|\[|records
example/floydwarshall|\.comp|components
example/fractional_knapsack|\[|records, casts
example/magic_access-policy|\.pragma|.pragma (magic-set transformation)
example/magic_pointsto|\.pragma|.pragma (magic-set transformation)
example/magic_prime2|\.pragma|.pragma (magic-set transformation)
example/minimum_spanning_tree|autoinc|counters (autoinc)
example/nfsa2fsa/ex1|\.comp|components, records
example/nfsa2fsa/ex2|\.comp|components, records
example/nqueens|\[|records
example/peano_arithmetic|\$[A-Za-z]|algebraic data types
example/profile_default|\.pragma|.pragma (profiling options)
example/profile_json|\.pragma|.pragma (profiling options)
example/rewrite|\[|records, casts
example/shortest_path2|<=[ ]*[a-zA-Z_]+\(|subsumption
example/sort|\[|records, casts
example/strategies|\.comp|components
'

usage() { echo "usage: $0 IRLOG [SOUFFLE_SRC]" >&2; exit 2; }
[ $# -ge 1 ] || usage
IRLOG=$1
SRC=${2:-${SOUFFLE_SRC:-}}
if [ -z "$SRC" ] || [ ! -d "$SRC/tests/evaluation" ]; then
    echo "skip: no Soufflé source (set SOUFFLE_SRC)"
    exit 0
fi
case $IRLOG in /*) ;; *) IRLOG=$PWD/$IRLOG ;; esac
[ -x "$IRLOG" ] || { echo "$0: $IRLOG is not executable" >&2; exit 2; }
SRC=$(cd "$SRC" && pwd)
export LC_ALL=C

TMP=$(mktemp -d /dev/shm/souffle_conf.XXXXXX) || exit 2
trap 'rm -rf "$TMP"' EXIT

# The registered cases, as "category/name" or "category/name/factsdir" (multi-tests).
list_cases() {
    local cat line name rest
    for cat in evaluation example; do
        sed -e 's/#.*//' "$SRC/tests/$cat/CMakeLists.txt" | while read -r line; do
            case $line in
            positive_test\(*|souffle_positive_functor_test\(*)
                name=${line#*(}; name=${name%%[ )]*}
                echo "$cat/$name" ;;
            souffle_positive_multi_test\(*)
                name=${line#*TEST_NAME }; name=${name%% *}
                rest=${line#*FACTS_DIR_NAMES }; rest=${rest%)*}
                for f in $rest; do echo "$cat/$name/$f"; done ;;
            esac
        done
    done
}

# sorted, trailing blanks dropped, no empty last line
norm() { sed -e 's/[[:space:]]*$//' "$1" | sort; }
# the first differing lines, on one line
difflines() { diff "$1" "$2" | sed -n 's/^< /-/p; s/^> /+/p' | head -4 | tr '\n' ' '; }

passed=0 failed=0 excluded=0
failures=
for id in $(list_cases); do
    cat=${id%%/*}; rest=${id#*/}; name=${rest%%/*}
    dir=$SRC/tests/$cat/$name
    if [ "$rest" != "$name" ]; then          # multi-test
        facts=$dir/${rest#*/}; check=$facts
    else
        facts=$dir/facts; check=$dir
    fi
    prog=$dir/$name.dl

    ex=$(printf '%s\n' "$EXCLUDED" | awk -F'|' -v id="$id" '$1 == id')
    if [ -n "$ex" ]; then
        pat=$(printf '%s' "$ex" | cut -d'|' -f2)
        why=$(printf '%s' "$ex" | cut -d'|' -f3-)
        if cat "$dir"/*.dl "$dir"/*.inc 2>/dev/null | grep -Eq -- "$pat"; then
            echo "excluded $id: $why"
            excluded=$((excluded + 1))
            continue
        fi
        echo "note: $id no longer contains /$pat/ ($why): running it"
    fi

    out=$TMP/out; rm -rf "$out"; mkdir -p "$out"
    (cd "$out" && exec timeout 20 "$IRLOG" run -q "$prog" -F "$facts" -D . \
        >"$TMP/stdout" 2>"$TMP/stderr")
    rc=$?
    reason='' note=''
    if [ $rc -eq 124 ]; then
        reason="timeout (20 s)"
    elif [ $rc -ne 0 ]; then
        reason="exit $rc: $(grep -m2 -v '^$' "$TMP/stderr" | sed "s|$SRC/tests/||g" | tr '\n' ' ')"
    else
        for exp in "$check"/*.csv; do
            [ -e "$exp" ] || continue
            f=${exp##*/}
            if [ ! -f "$out/$f" ]; then
                reason="$f not written"; break
            fi
            if ! norm "$exp" >"$TMP/e" || ! norm "$out/$f" >"$TMP/a" || ! cmp -s "$TMP/e" "$TMP/a"; then
                reason="$f differs (-expected +irlog): $(difflines "$TMP/e" "$TMP/a")"
                break
            fi
        done
        if [ -z "$reason" ]; then
            # Expected files a sparse checkout left out (git lists them) are not compared.
            listed=$(git -C "$SRC" ls-files -- "${check#"$SRC"/}/*.csv" 2>/dev/null | sed 's|.*/||')
            for f in "$out"/*.csv; do
                [ -e "$f" ] || continue
                f=${f##*/}
                [ -e "$check/$f" ] && continue
                if printf '%s\n' "$listed" | grep -qxF "$f"; then
                    note="$note $f"
                else
                    reason="unexpected output $f"; break
                fi
            done
        fi
        if [ -z "$reason" ]; then
            expout=$check/$name.out
            [ -f "$expout" ] || expout=/dev/null
            if ! cmp -s <(norm "$expout") <(norm "$TMP/stdout"); then
                reason="stdout differs (-expected +irlog): $(difflines <(norm "$expout") <(norm "$TMP/stdout"))"
            fi
        fi
    fi
    if [ -z "$reason" ]; then
        echo "ok $id${note:+ (not in this checkout, not compared:$note)}"
        passed=$((passed + 1))
    else
        echo "FAIL $id: $reason"
        failed=$((failed + 1))
        failures="$failures $id"
    fi
done

echo "$passed passed, $failed failed, $excluded excluded (of $((passed + failed + excluded)))"
[ $failed -eq 0 ] || { echo "failing:$failures"; exit 1; }
exit 0
