#!/usr/bin/env bash
# broken.sh IRLOG LLVM_BIN SRCDIR — irlog emit on broken fact sets (docs/emit.md, Errors).
#
# From valid fact sets (every_opcode.ll, and a C program at -O0 -g for debug info), each
# non-empty relation in turn is cut (its file emptied), then deleted, and irlog emit runs
# on what is left. Each run must end normally, never with a signal, a crash or another
# exit code (under ASan/UBSan a report is a failure too: the build's sanitizers abort):
#   - exit 3 with an `irlog: error:` message that names a relation (or an entity type's
#     relation, such as `function` or `block`): a mandatory relation;
#   - exit 0 with the same text as the whole fact set: a relation emit does not read
#     (derivable from others, e.g. add_instruction from instruction_opcode);
#   - exit 0 with another module: only for the optional relations of
#     tests/emit/optional.txt (a flag, a name, an attachment, ...); any other relation
#     whose cut silently changes the module fails the test.
# A deleted file (tried on the first fact set) must give exit 3 naming that relation.
# Then contradictions, as a user's edit may make them (a value used but defined nowhere,
# a list that disagrees with its count or repeats an index, a global of two kinds or
# none, a debug record after a terminator, ...): exit 3, nothing written, and the
# message that names the entity, the relation and what is wrong.
# On the second fact set, each optional cut is also emitted with -o .bc: LLVM's parser
# and verifier (in irlog's child) accept it, or it exits 3 with their message and writes
# nothing; text that the parser rejects (an i0 type) gives that under -o .bc and
# --verify. Prints `N passed, M failed`.
set -u
irlog=$1 llvm_bin=$2 srcdir=$3
tool() { if [ -x "$llvm_bin/$1" ]; then echo "$llvm_bin/$1"; else command -v "$1-19"; fi; }
llvm_as=$(tool llvm-as) clang=$(tool clang)
base=${TMPDIR:-}
if [ -z "$base" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then base=/dev/shm; else base=/tmp; fi
fi
tmp=$(mktemp -d "$base/irlog-emit-broken.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
npass=0 nfail=0
declare -A optional
while read -r r _; do
  case "$r" in ''|'#'*) continue;; esac
  optional[$r]=1
done < "$srcdir/tests/emit/optional.txt"
"$llvm_as" "$srcdir/tests/ir/inputs/every_opcode.ll" -o "$tmp/every_opcode.bc" || exit 1
(cd "$srcdir/tests/programs" && "$clang" -O0 -g -std=c17 -fno-ident -c -emit-llvm linked_list.c \
   -o "$tmp/linked_list.bc") || exit 1
for m in every_opcode linked_list; do
  "$irlog" facts "$tmp/$m.bc" -o "$tmp/$m.facts" >/dev/null || exit 1
  [ $m = linked_list ] && cp -r "$tmp/$m.facts" "$tmp/clean.facts"
  "$irlog" emit "$tmp/$m.facts" -o "$tmp/$m.ll" || { echo "FAIL $m: the valid facts do not emit"; exit 1; }
  nok=0 ncut=0 nopt=0 nrej=0 nsame=0
  ls "$tmp/$m.facts" | sed 's/\.facts$//' >"$tmp/names"
  for f in "$tmp/$m.facts"/*.facts; do
    [ -s "$f" ] || continue
    rel=$(basename "$f" .facts)
    mv "$f" "$tmp/saved"
    : >"$f"
    "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.ll" 2>"$tmp/err"; rc=$?
    ncut=$((ncut + 1))
    if [ $rc = 0 ] && ! cmp -s "$tmp/out.ll" "$tmp/$m.ll" && [ -z "${optional[$rel]:-}" ]; then
      echo "FAIL $m: cutting $rel: exit 0 with another module (a mandatory relation must give an error; an optional one belongs in tests/emit/optional.txt)"
      diff "$tmp/$m.ll" "$tmp/out.ll" | head -4 | sed 's/^/     /'; nfail=$((nfail + 1))
    elif [ $rc = 0 ]; then
      same=0; cmp -s "$tmp/out.ll" "$tmp/$m.ll" && { same=1; nsame=$((nsame + 1)); }
      nopt=$((nopt + 1))
      # what is left is emitted; LLVM (in irlog's child) accepts it or says why (exit 3)
      # (on the second fact set only: it has debug info, and each run parses the module)
      [ $m = linked_list ] && [ $same = 0 ] && "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.bc" 2>"$tmp/err"; rc=$?
      if [ $m != linked_list ] || [ $same = 1 ]; then :
      elif [ $rc = 3 ] && grep -q "not valid LLVM IR" "$tmp/err" && [ ! -e "$tmp/out.bc" ]; then
        nrej=$((nrej + 1))
      elif [ $rc != 0 ]; then
        echo "FAIL $m: cutting $rel: -o .bc: exit $rc"; sed 's/^/     /' "$tmp/err" | head -5; nfail=$((nfail + 1))
      fi
      rm -f "$tmp/out.bc"
    elif [ $rc = 3 ] && grep '^irlog: error: ' "$tmp/err" | grep -qwFf "$tmp/names"; then
      nok=$((nok + 1))
    else
      echo "FAIL $m: cutting $rel: exit $rc"; sed 's/^/     /' "$tmp/err" | head -5; nfail=$((nfail + 1))
    fi
    rm -f "$f"
    # deleting: the same path for every relation, so on the first fact set only
    [ $m = every_opcode ] && "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.ll" 2>"$tmp/err"; rc=$?
    if [ $m = every_opcode ] && { [ $rc != 3 ] || ! grep -q "cannot read the relation $rel:" "$tmp/err"; }; then
      echo "FAIL $m: deleting $rel: exit $rc"; sed 's/^/     /' "$tmp/err" | head -5; nfail=$((nfail + 1))
    fi
    mv "$tmp/saved" "$f"
  done
  bc=""; [ $m = linked_list ] && bc="; with -o .bc $nrej of them rejected by LLVM with its message, exit 3"
  echo "ok   $m: $ncut relations cut one at a time: $nok clear errors (exit 3), $nopt exit 0 ($nsame not read by emit: the same text; $((nopt - nsame)) optional (tests/emit/optional.txt), another module$bc), no crash"
  npass=$((npass + 1))
  # a malformed row: a column too few, a bad escape
  printf 'x\n' >>"$tmp/$m.facts/instruction_opcode.facts"
  "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.ll" 2>"$tmp/err"; rc=$?
  if [ $rc = 3 ] && grep -q 'instruction_opcode.facts:[0-9]*: error: relation instruction_opcode has 2 columns' "$tmp/err"; then
    echo "ok   $m: a row with a column too few"; npass=$((npass + 1))
  else echo "FAIL $m: a row with a column too few: exit $rc"; head -3 "$tmp/err"; nfail=$((nfail + 1)); fi
  printf '@zz\tbad\\q\n' >>"$tmp/$m.facts/function_name.facts"
  "$irlog" emit "$tmp/$m.facts" -o "$tmp/out.ll" 2>"$tmp/err"; rc=$?
  if [ $rc = 3 ] && grep -q 'function_name.facts:[0-9]*: error: relation function_name, column name: bad escape' "$tmp/err"; then
    echo "ok   $m: a bad escape sequence"; npass=$((npass + 1))
  else echo "FAIL $m: a bad escape sequence: exit $rc"; head -3 "$tmp/err"; nfail=$((nfail + 1)); fi
done
# facts that contradict each other (edits gone wrong): exit 3, nothing written, and a
# message that names the entity, the relation and what is wrong
contra() { # contra WHAT 'EDIT (in $x)' REGEX
  local x="$tmp/contra"
  rm -rf "$x" "$tmp/c.ll"; cp -r "$tmp/clean.facts" "$x"
  eval "$2"
  "$irlog" emit "$x" -o "$tmp/c.ll" 2>"$tmp/err"; rc=$?
  if [ $rc = 3 ] && grep -qE "$3" "$tmp/err" && [ ! -e "$tmp/c.ll" ]; then
    echo "ok   contradiction: $1: $(grep -m1 -E "$3" "$tmp/err")"; npass=$((npass + 1))
  else
    echo "FAIL contradiction: $1: exit $rc"; head -3 "$tmp/err" | sed 's/^/     /'; nfail=$((nfail + 1))
  fi
}
tab=$'\t'
contra "a value used but defined nowhere" \
  'sed -i "1s/${tab}[^${tab}]*\$/${tab}@list_sum:%99/" "$x/load_instruction_address.facts"' \
  'value @list_sum:%99 is used as an operand but defined nowhere'
contra "a getelementptr without its indices" \
  ': >"$x/getelementptr_instruction_index.facts"' \
  'relation getelementptr_instruction_nindices says 2, relation getelementptr_instruction_index has 0'
contra "a call argument index given twice" \
  'awk -F"\t" -v OFS="\t" "\$2 == 1 && !d {\$2 = 0; d = 1} {print}" "$x/call_instruction_arg.facts" >"$x/t" && mv "$x/t" "$x/call_instruction_arg.facts"' \
  'relation call_instruction_arg has two rows for index 0'
contra "a function that is also a global variable" \
  'echo "@list_sum" >>"$x/global_variable.facts"' \
  '@list_sum is in relation (function|global_variable) and in another'
contra "a global value of no kind" \
  'sed -i "/^@list_sum\$/d" "$x/function.facts"' \
  'global value @list_sum \(relation global_value\) is in none of'
contra "a debug record after its block's terminator" \
  'sed -i "1d" "$x/debug_record_instruction.facts"' \
  'debug record .* has no row in relation debug_record_instruction: a debug record after its block.s terminator'
contra "a tuple operand that is neither a node nor null" \
  'sed -i "1d" "$x/metadata_operand.facts"' \
  'is in neither relation metadata_operand nor metadata_null_operand'
contra "an attribute of no class" \
  ': >"$x/enum_attribute.facts"' \
  'attribute .* is in none of the relations enum_attribute, int_attribute'
contra "named metadata whose count disagrees with its operands" \
  'sed -i "s/${tab}[0-9]*\$/${tab}9/" "$x/named_metadata_noperands.facts"' \
  'relation named_metadata_noperands says 9, relation named_metadata_operand has'

# text that LLVM's parser rejects (an integer type of width 0): -o .bc and --verify exit 3
# with the parser's message and write nothing; text output without --verify is written
m=linked_list
sed -i 's/^i32\t32$/i32\t0/' "$tmp/$m.facts/integer_type_width.facts"
sed -i '$d' "$tmp/$m.facts/instruction_opcode.facts"; sed -i '$d' "$tmp/$m.facts/function_name.facts"
"$irlog" emit "$tmp/$m.facts" -o "$tmp/w0.bc" 2>"$tmp/err"; rc=$?
"$irlog" emit "$tmp/$m.facts" -o "$tmp/w0.ll" --verify 2>"$tmp/err2"; rc2=$?
if [ $rc = 3 ] && [ $rc2 = 3 ] && grep -q "LLVM's parser rejects" "$tmp/err" && grep -q 'expected type' "$tmp/err2" &&
   [ ! -e "$tmp/w0.bc" ] && [ ! -e "$tmp/w0.ll" ] && ! ls "$tmp"/w0.* >/dev/null 2>&1 &&
   "$irlog" emit "$tmp/$m.facts" -o "$tmp/w0.ll" 2>/dev/null; then
  echo "ok   text LLVM's parser rejects (i0): -o .bc and --verify exit 3 with its message, nothing written"; npass=$((npass + 1))
else echo "FAIL text LLVM's parser rejects: exit $rc / $rc2"; head -5 "$tmp/err" "$tmp/err2"; nfail=$((nfail + 1)); fi
echo "$npass passed, $nfail failed"
[ $nfail = 0 ]
