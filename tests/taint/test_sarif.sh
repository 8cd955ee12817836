#!/usr/bin/env bash
# test_sarif.sh IRLOG LLVM_BIN SRCDIR — irlog taint's SARIF log: valid against the SARIF
# 2.1.0 JSON schema (tests/taint/sarif-schema-2.1.0.json, OASIS's, from
# github.com/oasis-tcs/sarif-spec sarif-2.1/schema/ at e0583813; checked with python's
# jsonschema, python3-jsonschema on Debian) and as docs/taint.md describes it
# (sarif_check.py), for programs with findings at -O0 and -O2, with none, without debug
# info and with a file name that a URI must escape; and one log byte for byte the golden
# file tests/taint/golden/varargs.O0.sarif (TAINT_BLESS=1 rewrites it).
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"
progs="$srcdir/tests/taint/programs"
here="$srcdir/tests/taint"
clang=$(tool clang)
python3 -c 'import jsonschema' 2>/dev/null ||
  echo "note: no python jsonschema package: the logs are checked for their structure only"
run() { # NAME SRC_DIR SRC LEVEL [CLANG FLAGS]: compile, run irlog taint, check the log
  local name=$1 dir=$2 src=$3 lvl=$4; shift 4
  if ! (cd "$dir" && "$clang" "-$lvl" "$@" -c -emit-llvm -ffile-prefix-map="$dir"=. -Wno-format-security \
        "$src" -o "$tmp/$name.bc") 2>"$tmp/clang.err"; then
    fail "$name: clang"; sed 's/^/     /' "$tmp/clang.err" | head; return
  fi
  if ! "$irlog" taint "$tmp/$name.bc" -o "$tmp/$name" -q >/dev/null 2>"$tmp/$name.err"; then
    fail "$name: irlog taint"; sed 's/^/     /' "$tmp/$name.err" | head; return
  fi
  python3 -B "$here/sarif_check.py" "$here/sarif-schema-2.1.0.json" "$tmp/$name" >"$tmp/res" 2>&1
  check $? "$name: $(wc -l <"$tmp/$name/taint_finding.csv") findings, the log valid" "$tmp/res"
}
for p in varargs strcpy_cat format_string memcpy_struct; do
  for lvl in O0 O2; do run "$p.$lvl" "$progs" "$p.c" "$lvl" -g; done
done
run no_source.O0 "$progs" no_source.c O0 -g
run nodebug.O0 "$progs" strcpy_cat.c O0
grep -q physicalLocation "$tmp/nodebug.O0/taint.sarif"; [ $? = 1 ]; check $? "without debug info: logical locations only"
mkdir -p "$tmp/sp"; cp "$progs/locals.c" "$tmp/sp/my prog#1.c"
run space.O0 "$tmp/sp" "my prog#1.c" O0 -g
grep -q '"uri": "my%20prog%231.c"' "$tmp/space.O0/taint.sarif"; check $? "a file name escaped as a URI"

# the golden file
gold="$here/golden/varargs.O0.sarif"
if [ "${TAINT_BLESS:-}" = 1 ]; then cp "$tmp/varargs.O0/taint.sarif" "$gold"; echo "blessed $gold"; fi
diff "$gold" "$tmp/varargs.O0/taint.sarif" >"$tmp/diff"; check $? "varargs -O0: the log byte for byte golden/varargs.O0.sarif" "$tmp/diff"
finish
