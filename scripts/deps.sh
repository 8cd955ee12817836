#!/usr/bin/env bash
# deps.sh — installs what irlog needs to build and test, when it is missing, on Debian
# (bookworm) or Ubuntu: LLVM 19 (llvm-19-dev), clang-19, SQLite (library and shell), CMake,
# python3, procps, and for the tests PostgreSQL (server and psql; tests/sql starts a
# throwaway cluster of its own), LLVM 14 where the distribution has it (tests/emit) and a
# deb-src line in apt's sources (tests/emit/corpus.sh).
# Runs apt-get as root, or through sudo. Does nothing when everything is there.
set -eu
need=()
command -v llvm-config-19 >/dev/null 2>&1 || [ -x /usr/lib/llvm-19/bin/llvm-config ] || need+=(llvm-19-dev llvm-19)
command -v clang-19 >/dev/null 2>&1 || need+=(clang-19)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v make >/dev/null 2>&1 || need+=(make)
command -v cc >/dev/null 2>&1 || need+=(gcc)
command -v python3 >/dev/null 2>&1 || need+=(python3)
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)       # tests/sql: reading databases back
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql) # tests/sql/test_postgres.sh
command -v psql >/dev/null 2>&1 || need+=(postgresql-client)
command -v perl >/dev/null 2>&1 || need+=(perl)
command -v runuser >/dev/null 2>&1 || need+=(util-linux)
command -v pgrep >/dev/null 2>&1 || need+=(procps) # tests/ir/test_signals.sh
# tests/emit/roundtrip.sh: LLVM 14 bitcode (typed pointers) read by LLVM 19 (where the
# distribution still has LLVM 14: Debian bookworm's default)
if ! { [ -x /usr/lib/llvm-14/bin/llvm-as ] && [ -x /usr/lib/llvm-14/bin/clang++ ]; } &&
   apt-cache show clang-14 >/dev/null 2>&1; then need+=(clang-14 llvm-14); fi
# tests/emit/corpus.sh (and bench/) fetch Debian source packages with apt-get source,
# which needs a deb-src line: one is added beside the deb lines when there is none
src=""
if [ -d /etc/apt ] && ! grep -rqsE '^[[:space:]]*(deb-src[[:space:]]|Types:.*deb-src)' \
     /etc/apt/sources.list /etc/apt/sources.list.d/; then
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    src=$(sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources)
    srcfile=/etc/apt/sources.list.d/irlog-deb-src.sources
  elif grep -qsE '^deb[[:space:]]' /etc/apt/sources.list; then
    src=$(sed -n 's/^deb[[:space:]]/deb-src /p' /etc/apt/sources.list)
    srcfile=/etc/apt/sources.list.d/irlog-deb-src.list
  fi
fi
if [ ${#need[@]} -eq 0 ] && [ -z "$src" ]; then exit 0; fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "deps: need root or sudo to install: ${need[*]} ${src:+(and a deb-src line)}" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
if [ -n "$src" ]; then
  echo "deps: adding $srcfile (deb-src, for apt-get source)" >&2
  printf '%s\n' "$src" | $sudo tee "$srcfile" >/dev/null
fi
$sudo apt-get update -q
if [ ${#need[@]} -gt 0 ]; then
  echo "deps: installing ${need[*]}" >&2
  $sudo apt-get install -y -q "${need[@]}"
fi
