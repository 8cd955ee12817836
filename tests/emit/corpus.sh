#!/usr/bin/env bash
# corpus.sh IRLOG LLVM_BIN SRCDIR — issue 11's corpus round trip on real multi-file
# programs, compiled here from Debian's source packages (docs/emit.md):
#   zlib      the compression library and its test/minigzip.c        (C,   zlib)
#   lua5.4    the Lua 5.4 interpreter: lua.c and the library          (C,   lua5.4)
#   jsoncpp   the JSON library and its test runner, jsontestrunner    (C++, libjsoncpp)
# each at -O0 -g, at -O2 and at -O2 -flto=thin (ThinLTO objects, with a module summary
# index), every translation unit on its own and the program linked by llvm-link-19
# into one module. The round trip of each module M is roundtrip.sh's: llvm-dis-19 M and
# llvm-dis-19 (llvm-as-19 (irlog emit (irlog facts M))) are the same text except the
# `; ModuleID` line; for a module with a summary index, llvm-dis-19 (irlog emit -o X.bc
# (irlog facts M)), which keeps its hash, except also the path of its module entry.
#
# Sources: `apt-get source --download-only` (needs a deb-src line; scripts/deps.sh adds
# one) into IRLOG_CORPUS_DIR (default: emit-corpus beside IRLOG), fetched once and
# reused; only the upstream tarballs are unpacked (Debian's patches are not needed to
# compile). When they cannot be fetched the test fails under CI (CI set) and is skipped
# (exit 77) elsewhere.
#
# Prints one line per module, then `N passed, M failed`; exits 1 when a module fails.
set -u
irlog=$1 llvm_bin=$2 srcdir=$3
tool() { if [ -x "$llvm_bin/$1" ]; then echo "$llvm_bin/$1"; else command -v "$1-19"; fi; }
llvm_as=$(tool llvm-as) llvm_dis=$(tool llvm-dis) llvm_link=$(tool llvm-link)
cc=$(tool clang) cxx=$(tool clang++)
cache=${IRLOG_CORPUS_DIR:-$(cd "$(dirname "$irlog")" && pwd)/emit-corpus}
base=${TMPDIR:-}
if [ -z "$base" ]; then
  if [ -d /dev/shm ] && [ -w /dev/shm ]; then base=/dev/shm; else base=/tmp; fi
fi
tmp=$(mktemp -d "$base/irlog-corpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$cache"

# fetch PKG DIRGLOB → the unpacked upstream source directory on stdout
fetch() {
  local d
  d=$(ls -d "$cache"/$2 2>/dev/null | head -1)
  if [ -z "$d" ]; then
    (cd "$cache" && apt-get source --download-only -q "$1" >"$tmp/fetch.$1.log" 2>&1 &&
       for t in "$1"_*.orig.tar.*; do tar xf "$t" || exit 1; done) || return 1
    d=$(ls -d "$cache"/$2 2>/dev/null | head -1)
  fi
  [ -n "$d" ] && echo "$d"
}
unavailable() {
  echo "cannot fetch the Debian source package $1 (apt-get source needs a deb-src line in apt's sources; scripts/deps.sh adds one):"
  sed 's/^/     /' "$tmp/fetch.$1.log" 2>/dev/null | tail -3
  if [ -n "${CI:-}" ]; then exit 1; fi
  echo "skipped (not under CI)"; exit 77
}
zlib=$(fetch zlib 'zlib-1.*') || unavailable zlib
lua=$(fetch lua5.4 'lua-5.4.*') || unavailable lua5.4
json=$(fetch libjsoncpp 'jsoncpp-1.*') || unavailable libjsoncpp

# ---- compile: program P at level L → $tmp/in/P.L.<unit>.bc and $tmp/in/P.L.bc (linked)
cases=()
ncompile_fail=0
build() { # build NAME LEVEL COMPILER FLAGS... -- SOURCES...
  local name=$1 lvl=$2 comp=$3; shift 3
  local flags=() srcs=() objs=() f u
  while [ "$1" != -- ]; do flags+=("$1"); shift; done; shift
  srcs=("$@")
  local opt="-O2"; [ $lvl = O0 ] && opt="-O0 -g"; [ $lvl = thin ] && opt="-O2 -flto=thin"
  for f in "${srcs[@]}"; do
    u=$(basename "${f%.*}")
    # relative file names (the source directory as .), as tests/ir/compile_programs.sh
    if (cd "$(dirname "$f")" && "$comp" $opt -ffile-prefix-map="$(dirname "$f")"=. -fno-ident \
          "${flags[@]}" -c -emit-llvm "$(basename "$f")" -o "$tmp/in/$name.$lvl.$u.bc") \
          2>>"$tmp/compile.log"; then
      objs+=("$tmp/in/$name.$lvl.$u.bc"); cases+=("$name.$lvl.$u")
    else
      ncompile_fail=$((ncompile_fail + 1)); echo "FAIL cannot compile $f ($lvl)"
    fi
  done
  if "$llvm_link" "${objs[@]}" -o "$tmp/in/$name.$lvl.bc" 2>>"$tmp/compile.log"; then
    cases+=("$name.$lvl")
  else
    ncompile_fail=$((ncompile_fail + 1)); echo "FAIL cannot link $name ($lvl)"
  fi
}
mkdir -p "$tmp/in"
zsrc=()
for u in adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback inffast inflate \
         inftrees trees uncompr zutil; do zsrc+=("$zlib/$u.c"); done
lsrc=()
for f in "$lua"/src/*.c; do
  case $(basename "$f") in luac.c|onelua.c) continue;; esac
  lsrc+=("$f")
done
for lvl in O0 O2 thin; do
  build zlib $lvl "$cc" -std=gnu11 -w -DHAVE_UNISTD_H -I"$zlib" -- "${zsrc[@]}" "$zlib/test/minigzip.c"
  build lua $lvl "$cc" -std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -I"$lua/src" -- "${lsrc[@]}"
  build jsoncpp $lvl "$cxx" -std=c++17 -I"$json/include" -I"$json/src/lib_json" -- \
    "$json"/src/lib_json/json_{reader,value,writer}.cpp "$json/src/jsontestrunner/main.cpp"
done
[ $ncompile_fail = 0 ] || sed 's/^/     /' "$tmp/compile.log" | head -20

# ---- the round trip of one module (roundtrip.sh's)
roundtrip() {
  local w=$tmp/w/$1
  mkdir -p "$w"
  "$llvm_dis" "$tmp/in/$1.bc" -o "$w/a.ll" 2>"$w/why" || return 1
  "$irlog" facts "$tmp/in/$1.bc" -o "$w/facts" >/dev/null 2>"$w/why" || { sed -i '1i irlog facts failed:' "$w/why"; return 1; }
  if grep -q '^\^0 = module: ' "$w/a.ll"; then
    # a summary index: irlog's bitcode keeps the module hash, llvm-as-19 would not
    "$irlog" emit "$w/facts" -o "$w/e.bc" 2>"$w/why" || { sed -i '1i irlog emit failed:' "$w/why"; return 1; }
  else
    "$irlog" emit "$w/facts" -o "$w/e.ll" 2>"$w/why" || { sed -i '1i irlog emit failed:' "$w/why"; return 1; }
    "$llvm_as" "$w/e.ll" -o "$w/e.bc" 2>"$w/why" || { sed -i '1i llvm-as-19 rejects the emitted text:' "$w/why"; return 1; }
  fi
  "$llvm_dis" "$w/e.bc" -o "$w/b.ll" 2>"$w/why" || return 1
  local np='s/^(\^0 = module: \(path: )"[^"]*"/\1"-"/'
  diff <(grep -v '^; ModuleID = ' "$w/a.ll" | sed -E "$np") <(grep -v '^; ModuleID = ' "$w/b.ll" | sed -E "$np") >"$w/why" && return 0
  sed -i '1i llvm-dis of the original (<) and of the emitted module (>) differ:' "$w/why"
  return 1
}
npass=0 nfail=0 size=0
for c in "${cases[@]}"; do
  if roundtrip "$c"; then
    npass=$((npass + 1))
    case $c in *.*.*) ;; *) echo "ok   $c ($(wc -l <"$tmp/w/$c/a.ll") lines)";; esac
  else
    nfail=$((nfail + 1)); echo "FAIL $c"; sed 's/^/     /' "$tmp/w/$c/why" | head -12
  fi
  size=$((size + $(wc -c <"$tmp/in/$c.bc")))
  rm -rf "$tmp/w/$c"
done
echo "programs: zlib $(basename "$zlib"), lua $(basename "$lua"), jsoncpp $(basename "$json"); $((${#cases[@]})) modules (translation units and linked programs), $((size / 1024)) KiB of bitcode"
nfail=$((nfail + ncompile_fail))
echo "$npass passed, $nfail failed"
[ $nfail = 0 ]
