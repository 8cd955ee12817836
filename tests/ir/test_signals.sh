#!/usr/bin/env bash
# test_signals.sh IRLOG LLVM_BIN SRCDIR — irlog killed while it writes leaves nothing.
# irlog writes into OUT.tmp-irlog.<child pid> and renames it into place at the end.
#  1. SIGTERM to irlog's process group (what `timeout`, a CI runner or Ctrl-C does)
#     once the temporary directory exists: no OUT and no OUT.tmp-irlog.* afterwards.
#  2. SIGTERM to the irlog process alone: its worker child must not go on and put OUT
#     in place after irlog has died (the caller saw a failure).
# Both are timing-dependent in principle: the test waits for the temporary directory
# to appear (polling) on a module of 200k instructions (bench/facts/gen.py), and says
# so in a note if irlog finished before the signal could be sent.
irlog=$1 llvm_bin=$2 srcdir=$3
. "$srcdir/tests/ir/lib.sh"

if ! command -v setsid >/dev/null; then
  echo "note: no setsid; nothing tested"; finish
fi
python3 -B "$srcdir/bench/facts/gen.py" 200k -o "$tmp/m.ll" 2>/dev/null && "$llvm_as" "$tmp/m.ll" -o "$tmp/m.bc" ||
  { fail "generating the module"; finish; }
rm -f "$tmp/m.ll"

# start OUT: runs irlog in its own process group, waits until OUT.tmp-irlog.* exists;
# sets $pid (irlog = the group leader) and $child (from the temporary directory's name)
start() {
  local out=$1 i
  setsid "$irlog" facts "$tmp/m.bc" -o "$out" 2>"$tmp/err" &
  pid=$! child=
  for ((i = 0; i < 1000; i++)); do
    child=$(ls -d "$out".tmp-irlog.* 2>/dev/null | head -1)
    [ -n "$child" ] && { child=${child##*.}; return 0; }
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.01
  done
  return 1
}
none_left() { # none_left OUT: waits up to 5 s until no process has OUT in its command
  # line (irlog, its job child, and the job's module printer, forked with the same one)
  local i
  for ((i = 0; i < 500; i++)); do pgrep -f -- "-o $1" >/dev/null || return 0; sleep 0.01; done
  pgrep -a -f -- "-o $1" >>"$tmp/detail"
  return 1
}
gone() { # gone PID: waits up to 20 s for the process to end
  local i
  for ((i = 0; i < 2000; i++)); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.01; done
  return 1
}

# 1. the whole group
if start "$tmp/out1"; then
  kill -TERM -- "-$pid"; wait "$pid" 2>/dev/null; gone "$child"
  left=$(cd "$tmp" && ls -d out1 out1.tmp-irlog.* 2>/dev/null | tr '\n' ' ')
  [ -z "$left" ]; st=$?
  echo "after SIGTERM to the group: ${left:-nothing}" >"$tmp/detail"
  none_left "$tmp/out1" || st=1
  check $st "SIGTERM to irlog's process group leaves no output, no temporary directory and no process" "$tmp/detail"
else
  echo "note: irlog finished before the temporary directory could be seen; case 1 not run"
fi

# 2. the parent alone
if start "$tmp/out2"; then
  kill -TERM "$pid"; wait "$pid" 2>/dev/null
  if ! gone "$child"; then kill -KILL "$child" 2>/dev/null; fi
  left=$(cd "$tmp" && ls -d out2 out2.tmp-irlog.* 2>/dev/null | tr '\n' ' ')
  [ -z "$left" ]; st=$?
  echo "after SIGTERM to irlog alone, once its child ended: ${left:-nothing}" >"$tmp/detail"
  none_left "$tmp/out2" || st=1
  check $st "SIGTERM to irlog alone: its child does not put the output in place afterwards, and no process is left (the printer dies with the child)" "$tmp/detail"
else
  echo "note: irlog finished before the temporary directory could be seen; case 2 not run"
fi
finish
