#!/usr/bin/env bash
# test_meta_text.sh IRLOG LLVM_BIN SRCDIR — the module-text reader (src/ir/ir_text.c)
# and the metadata numbering (src/ir/ir_meta.c) must agree with the C API on every
# fixture and on real clang output (-O0/-O2 -g, C and C++): irlog writes a warning
# "does not match" whenever the printed module and the API disagree, so any such
# warning fails this test.
set -u
irlog=$1 llvm_bin=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
check() { # FILE LABEL
  n=$((n+1))
  if ! "$irlog" facts "$1" -o "$tmp/out" 2>"$tmp/err"; then
    return 0 # inputs that irlog rejects are other tests' business
  fi
  if grep -q "does not match" "$tmp/err"; then
    echo "FAIL $2:"; grep "does not match" "$tmp/err" | head -3; fail=1
  fi
}
for f in "$src"/tests/golden/ir/*.ll; do check "$f" "$(basename "$f")"; done
for cc in "$llvm_bin/clang" clang-19; do command -v "$cc" >/dev/null 2>&1 && break; done
if command -v "$cc" >/dev/null 2>&1; then
  for s in "$src"/tests/programs/*.c "$src"/tests/programs/*.cpp; do
    [ -f "$s" ] || continue
    lang=c; case $s in *.cpp) lang=c++;; esac
    for o in -O0 -O2; do
      "$cc" -x $lang $o -g -S -emit-llvm "$s" -o "$tmp/p.ll" 2>/dev/null || continue
      check "$tmp/p.ll" "$(basename "$s") $o -g"
    done
  done
fi
[ $fail = 0 ] && echo "ok   module text and metadata numbering agree with the C API ($n modules)"
exit $fail
