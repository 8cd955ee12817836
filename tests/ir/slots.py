#!/usr/bin/env python3
"""slots.py FACTDIR DISASSEMBLY.ll — checks irlog's local ids against llvm-dis.

For every function body in llvm-dis's output, the sequence of values it defines (the
arguments' names in the `define` line, each block label, each `%x = ...` instruction
result, in order) must equal irlog's ids for the same function: function_param,
block ids by block_index, and instruction_to by (block, instruction_index). This pins
llvm-dis's slot numbering of unnamed values and its quoting of names.
Exit status 1 on any mismatch; prints `N passed, M failed`."""
import re, sys, collections

ESC = {"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}

def unescape(s):
    """Undoes the TSV escaping of symbols (\\t \\n \\r \\\\)."""
    return re.sub(r"\\(.)", lambda m: ESC.get(m.group(1), m.group(0)), s)

def read(d, rel):
    try:
        with open(f"{d}/{rel}.facts", encoding="utf-8", errors="surrogateescape") as f:
            return [[unescape(c) for c in l.rstrip("\n").split("\t")] for l in f if l != "\n"]
    except FileNotFoundError:
        return []

facts, dis = sys.argv[1], sys.argv[2]

# ---- irlog's view, per function
ours = collections.defaultdict(list)
params = collections.defaultdict(dict)
for f, i, v in read(facts, "function_param"):
    params[f][int(i)] = v
blocks = collections.defaultdict(dict)
bfunc = {}
for b, f in read(facts, "block_function"):
    bfunc[b] = f
for b, i in read(facts, "block_index"):
    blocks[bfunc[b]][int(i)] = b
to = dict((i, v) for i, v in read(facts, "instruction_to"))
insns = collections.defaultdict(dict)
for i, b in read(facts, "instruction_block"):
    insns[b][i] = None
idx = dict((i, int(n)) for i, n in read(facts, "instruction_index"))
for f in set(list(params) + list(blocks)):
    seq = [params[f][k] for k in sorted(params[f])]
    for k in sorted(blocks[f]):
        b = blocks[f][k]
        seq.append(b)
        for i in sorted(insns[b], key=lambda x: idx[x]):
            if i in to:
                seq.append(to[i])
    ours[f] = seq

# ---- llvm-dis's view
theirs = {}
name_re = r'(?:[-a-zA-Z$._0-9]+|"(?:[^"\\]|\\.)*")'
cur = None
seq = None
for line in open(dis, encoding="utf-8", errors="surrogateescape"):
    line = line.rstrip("\n")
    if line.startswith("define "):
        m = re.search(r'@(' + name_re + r')\(', line)
        cur = "@" + m.group(1)
        seq = []
        # arguments: the text between the parentheses after the name
        args = line[m.end():]
        depth, buf, parts = 1, "", []
        for ch in args:
            if ch in "([{<":
                depth += 1
            elif ch in ")]}>":
                depth -= 1
                if depth == 0:
                    parts.append(buf); break
            if ch == "," and depth == 1:
                parts.append(buf); buf = ""
            else:
                buf += ch
        for p in parts:
            m2 = re.search(r'%(' + name_re + r')\s*$', p.strip())
            if m2:
                seq.append(f"{cur}:%{m2.group(1)}")
        first_block = True
        continue
    if cur is None:
        continue
    if line == "}":
        theirs[cur] = seq
        cur = None
        continue
    m = re.match(r'^(' + name_re + r'):', line)
    if m:
        seq.append(f"{cur}:%{m.group(1)}")
        first_block = False
        continue
    if line.startswith("  ") and not line.startswith("   "):
        if first_block:
            # unnamed entry block: llvm-dis prints no label; its number is the next slot
            seq.append(None)
            first_block = False
        m = re.match(r'^  %(' + name_re + r') = ', line)
        if m:
            seq.append(f"{cur}:%{m.group(1)}")

passed = failed = 0
for f, seq in sorted(theirs.items()):
    mine = ours.get(f)
    if mine is None:
        print(f"FAIL {f}: no facts for this function"); failed += 1; continue
    # fill the unnamed entry block from ours (it has no label in llvm-dis's text)
    seq = [mine[k] if v is None and k < len(mine) else v for k, v in enumerate(seq)]
    if seq != mine:
        failed += 1
        print(f"FAIL {f}:")
        for k in range(max(len(seq), len(mine))):
            a = seq[k] if k < len(seq) else "-"
            b = mine[k] if k < len(mine) else "-"
            if a != b:
                print(f"   #{k}: llvm-dis {a}  irlog {b}")
                break
    else:
        passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
