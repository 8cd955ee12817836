#!/usr/bin/env python3
"""svf_compare.py OUTDIR SVF_OUTPUT — irlog's and SVF's precision on one program, side by side.

OUTDIR is `irlog analyze P.bc -o OUTDIR --source-names` (its indirect_call_targets.csv
and call_graph_edge_source.csv); SVF_OUTPUT what `wpa -ander -print-fp`
printed for the same program (its statistics and, per indirect call, its location and
targets). bench/analyze/run.sh runs both when SVF_WPA is set.

SVF counts the indirect calls of every function, irlog those of the functions reachable
from the entry points, so the two averages are over different calls. The calls are
therefore also matched by place (file name, line, column of the call): over the indirect
calls irlog resolves (at least one target), the targets per call of each tool. Prints:

    svf: 143.38 objects per top-level pointer
    indirect calls: irlog 17 resolved of 17, 569 targets, 33.47 per call; svf at the same
      calls 17, 572 targets, 33.65 per call; svf all 17 resolved, 572 targets, 33.65
"""
import os
import re
import sys

MARK = '==================Function Pointer Targets=================='
LOC = re.compile(r'"ln": (\d+), "cl": (\d+), "fl": "([^"]*)"')


def place(path, line, col):
    return (os.path.basename(path), int(line), int(col))


def irlog_calls(outdir):
    """{call: number of targets} over the indirect calls of reachable functions, and
    {call: place} from the call edges' source places"""
    ntargets = {}
    with open(os.path.join(outdir, 'indirect_call_targets.csv')) as f:
        for line in f:
            call, n = line.rstrip('\n').split('\t')
            ntargets[call] = int(n)
    where = {}
    with open(os.path.join(outdir, 'call_graph_edge_source.csv')) as f:
        for line in f:
            c = line.rstrip('\n').split('\t')
            if c[0] in ntargets and int(c[2]) > 0:
                where[c[0]] = place(c[1], c[2], c[3])
    return ntargets, where


def svf_calls(text):
    """[(place or None, number of targets)] over SVF's resolved indirect calls"""
    out = []
    body = text.split(MARK, 1)[1] if MARK in text else ''
    for block in body.split('\nNodeID: ')[1:]:
        if '!!!has no targets!!!' in block or 'with Targets:' not in block:
            continue
        head, tail = block.split('with Targets:', 1)
        n = sum(1 for l in tail.split('\n') if l.startswith('\t') and l.strip())
        if n == 0:
            continue
        m = LOC.search(head)
        out.append((place(m.group(3), m.group(1), m.group(2)) if m else None, n))
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split('\n\n')[0])
    outdir, svf_out = sys.argv[1:]
    with open(svf_out, errors='replace') as f:
        text = f.read()
    m = re.search(r'^AvgTopLvlPtsSize\s+(\S+)', text, re.M)
    print('svf: %s objects per top-level pointer' % (m.group(1) if m else '?'))
    ntargets, where = irlog_calls(outdir)
    resolved = {c: n for c, n in ntargets.items() if n > 0}
    places = set(where[c] for c in resolved if c in where)
    svf = svf_calls(text)
    same = [n for p, n in svf if p in places]

    def avg(total, count):
        return '%.2f' % (total / count) if count else '-'
    print('indirect calls: irlog %d resolved of %d, %d targets, %s per call; svf at the same '
          'calls %d, %d targets, %s per call; svf all %d resolved, %d targets, %s'
          % (len(resolved), len(ntargets), sum(resolved.values()),
             avg(sum(resolved.values()), len(resolved)), len(same), sum(same),
             avg(sum(same), len(same)), len(svf), sum(n for _, n in svf),
             avg(sum(n for _, n in svf), len(svf))))


if __name__ == '__main__':
    main()
