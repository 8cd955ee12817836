#!/usr/bin/env bash
# test_determinism.sh IRLOG LLVM_BIN SRCDIR — the same input gives the same bytes.
#  1. Two runs over each input (tests/programs/shapes.cpp compiled at -O2 -g, two golden
#     fixtures and every_opcode.ll) give byte-identical directories (diff -r), in TSV
#     and in CSV.
#  2. `--separate -j 2` over these inputs twice gives identical trees, equal to the
#     one-input-at-a-time runs.
#  3. The same module as .ll and as .bc gives identical relations (all but the module*
#     files, which name the input, and the order of block_predecessor_list's rows); for the program the .ll is llvm-dis's text of
#     clang's bitcode, for the fixtures the .bc is llvm-as's output.
#  4. Where the input is and where irlog runs do not matter: a relative path from
#     another directory gives the same output, and no absolute path of this machine
#     appears in any file.
#  5. The module text streamed from the printer process during the walk (--print stream)
#     and printed whole before it (--print inline) give identical directories, for every
#     golden fixture, the program and every_opcode.ll. The two fallbacks of the stream
#     (fault injection, IRLOG_FAULT): a printer process that fails, and metadata numbers
#     that the text contradicts at the end, each redo the walk with the text printed
#     inline and give the same files (the first with a warning).
#  6. With only 40 file descriptors (~580 relation files; the printer's pipe) the files
#     are the same.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

clangxx=$(tool clang++)
mkdir -p "$tmp/in"
if ! (cd "$srcdir/tests/programs" && "$clangxx" -std=c++17 -O2 -g -fno-ident -ffile-prefix-map="$srcdir/tests/programs=." \
      -c -emit-llvm shapes.cpp -o "$tmp/in/shapes.bc") 2>"$tmp/err"; then
  fail "clang++ -O2 -g shapes.cpp"; cat "$tmp/err"; finish
fi
"$llvm_dis" "$tmp/in/shapes.bc" -o "$tmp/in/shapes.ll"
# fixtures: two golden cases (debug_cpp and const_exprs, where metadata numbering and
# constant ids could go wrong; else the first two there are) and every_opcode.ll
fixtures=()
for f in "$srcdir"/tests/golden/ir/debug_cpp.ll "$srcdir"/tests/golden/ir/const_exprs.ll; do
  [ -f "$f" ] && fixtures+=("$f")
done
for f in "$srcdir"/tests/golden/ir/*.ll; do
  [ ${#fixtures[@]} -ge 2 ] && break
  [ -f "$f" ] && [[ " ${fixtures[*]} " != *" $f "* ]] && fixtures+=("$f")
done
[ ${#fixtures[@]} -lt 2 ] && echo "note: fewer than two golden fixtures in tests/golden/ir"
fixtures+=("$here/inputs/every_opcode.ll")
for f in "${fixtures[@]}"; do
  b=$(basename "$f" .ll)
  cp "$f" "$tmp/in/$b.ll"
  "$llvm_as" "$f" -o "$tmp/in/$b.bc" || fail "llvm-as $b.ll"
done
inputs=("$tmp/in/shapes.bc")
for f in "${fixtures[@]}"; do inputs+=("$tmp/in/$(basename "$f" .ll).ll"); done

run() { # run OUT ARGS... → irlog facts ARGS -o OUT, FAIL on error; status 0 when it worked
  local out=$1; shift
  if ! "$irlog" facts "$@" -o "$out" 2>"$tmp/err"; then
    fail "irlog facts $* failed"; sed 's/^/     /' "$tmp/err" | head; return 1
  fi
}

# 1. two runs, TSV and CSV
for in in "${inputs[@]}"; do
  b=$(basename "$in")
  for fmt in tsv csv; do
    run "$tmp/$b.$fmt.1" --format $fmt "$in" && run "$tmp/$b.$fmt.2" --format $fmt "$in" || continue
    diff -r "$tmp/$b.$fmt.1" "$tmp/$b.$fmt.2" >"$tmp/diff" 2>&1
    check $? "$b: two runs give identical $fmt directories ($(ls "$tmp/$b.$fmt.1" | wc -l) files)" "$tmp/diff"
  done
done

# 2. --separate -j 2, twice; each part equals the single-input run
if run "$tmp/sep.1" --separate -j 2 "${inputs[@]}" && run "$tmp/sep.2" --separate -j 2 "${inputs[@]}"; then
  diff -r "$tmp/sep.1" "$tmp/sep.2" >"$tmp/diff" 2>&1
  check $? "--separate -j 2 twice gives identical trees" "$tmp/diff"
  st=0; : >"$tmp/diff"
  for in in "${inputs[@]}"; do
    b=$(basename "$in"); d=${b%.*}
    diff -r "$tmp/$b.tsv.1" "$tmp/sep.1/$d" >>"$tmp/diff" 2>&1 || st=1
  done
  check $st "--separate -j 2 gives the same relations as one run per input" "$tmp/diff"
fi

# 3. .ll and .bc of the same module
pairs=("$tmp/in/shapes.ll:$tmp/in/shapes.bc")
for f in "${fixtures[@]}"; do b=$(basename "$f" .ll); pairs+=("$tmp/in/$b.ll:$tmp/in/$b.bc"); done
for p in "${pairs[@]}"; do
  ll=${p%%:*} bc=${p#*:} b=$(basename "$ll" .ll)
  run "$tmp/$b.pair.ll" "$ll" && run "$tmp/$b.pair.bc" "$bc" || continue
  # block_predecessor_list records the use-list order of each block, which bitcode keeps
  # and llvm-dis's text does not (without -preserve-ll-uselistorder): the same rows,
  # perhaps in another order
  diff -r -x 'module*' -x block_predecessor_list.facts "$tmp/$b.pair.ll" "$tmp/$b.pair.bc" >"$tmp/diff" 2>&1 &&
    diff <(cut -f1,3 "$tmp/$b.pair.ll/block_predecessor_list.facts" | LC_ALL=C sort) \
         <(cut -f1,3 "$tmp/$b.pair.bc/block_predecessor_list.facts" | LC_ALL=C sort) >>"$tmp/diff" 2>&1
  check $? "$b: the .ll and the .bc give identical relations (module* aside; use-list order aside)" "$tmp/diff"
done

# 4. relative path from elsewhere; no absolute paths in the output
b=$(basename "${inputs[0]}")
mkdir -p "$tmp/elsewhere/deeper"
if (cd "$tmp/elsewhere/deeper" && "$irlog" facts "../../in/$b" -o ../rel.out 2>"$tmp/err"); then
  diff -r "$tmp/$b.tsv.1" "$tmp/elsewhere/rel.out" >"$tmp/diff" 2>&1
  check $? "$b: a relative input path from another directory gives identical output" "$tmp/diff"
else
  fail "irlog facts with a relative path"; cat "$tmp/err"
fi
grep -rl -F -e "$tmp" -e "$srcdir" "$tmp/$b.tsv.1" "$tmp/$b.csv.1" >"$tmp/grep" 2>&1
[ -s "$tmp/grep" ]; check $(( ! $? )) "no absolute path ($tmp, $srcdir) appears in the facts" "$tmp/grep"

# 5. streamed text vs inline text
st=0; n=0; : >"$tmp/diff"
for in in "${inputs[@]}" "$srcdir"/tests/golden/ir/*.ll; do
  b=$(basename "$in")
  run "$tmp/$b.stream" --print stream "$in" || { st=1; continue; }
  [ ! -s "$tmp/err" ] || { st=1; cat "$tmp/err" >>"$tmp/diff"; } # no warning: the stream held
  run "$tmp/$b.inline" --print inline "$in" || { st=1; continue; }
  diff -r "$tmp/$b.stream" "$tmp/$b.inline" >>"$tmp/diff" 2>&1 || st=1
  n=$((n + 1))
done
check $st "the streamed and the inline module text give identical relations ($n inputs)" "$tmp/diff"
for fault in printer slots; do
  st=0; : >"$tmp/diff"
  for in in "$tmp/in/shapes.bc" "$srcdir"/tests/golden/ir/debug_cpp.ll; do
    b=$(basename "$in")
    IRLOG_FAULT=$fault "$irlog" facts --print stream "$in" -o "$tmp/$b.$fault" 2>"$tmp/err.$fault" || { st=1; cat "$tmp/err.$fault" >>"$tmp/diff"; }
    diff -r "$tmp/$b.stream" "$tmp/$b.$fault" >>"$tmp/diff" 2>&1 || st=1
    if [ $fault = printer ]; then
      grep -q "module printer process failed (exit status 1)" "$tmp/err.$fault" || { st=1; echo "no warning" >>"$tmp/diff"; }
    else
      [ ! -s "$tmp/err.$fault" ] || { st=1; cat "$tmp/err.$fault" >>"$tmp/diff"; }
    fi
  done
  check $st "IRLOG_FAULT=$fault: the walk is redone with the inline text, same files" "$tmp/diff"
done

# 6. few file descriptors
b=$(basename "${inputs[0]}")
if (ulimit -n 40 && "$irlog" facts --print stream "${inputs[0]}" -o "$tmp/$b.fd40") 2>"$tmp/err"; then
  diff -r "$tmp/$b.stream" "$tmp/$b.fd40" >"$tmp/diff" 2>&1
  check $? "$b: with ulimit -n 40 the files are the same" "$tmp/diff"
else
  fail "irlog facts with ulimit -n 40"; cat "$tmp/err"
fi
finish
