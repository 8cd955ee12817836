#!/usr/bin/env python3
"""svf_compare.py OUTDIR SVF_OUTPUT — irlog's and SVF's precision on one program, side by side.

OUTDIR is `irlog analyze P.bc -o OUTDIR --source-names` (its indirect_call_targets.csv
and call_graph_edge_source.csv); SVF_OUTPUT what `wpa -ander -print-fp`
printed for the same program (its statistics and, per indirect call, its location and
targets). bench/analyze/run.sh runs both when SVF_WPA is set.

SVF counts the indirect calls of every function, irlog those of the functions reachable
from the entry points, so the two averages are over different calls. The calls are
therefore also matched by place (file name, line, column of the call): over the indirect
calls irlog resolves (at least one target), the targets per call of each tool; and over
the calls both resolve, since a call SVF gives no target (an unsound gap: yaml-cpp's
std::_Sp_counted_base calling _M_dispose on `this`, which every release of a shared_ptr
runs) is left out of SVF's average but not of irlog's. Prints:

    svf: 143.38 objects per top-level pointer
    indirect calls: irlog 17 resolved of 17, 569 targets, 33.47 per call; svf at the same
      calls 17, 572 targets, 33.65 per call; svf all 17 resolved, 572 targets, 33.65
    calls both resolve: 17 places; irlog 17 calls, 569 targets, 33.47 per call; svf 17
      calls, 572 targets, 33.65 per call
    irlog resolves, svf gives no target: 0 places, 0 irlog calls, 0 irlog targets
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
    """[(place or None, number of targets)] over SVF's indirect calls (0 targets: one it
    leaves unresolved)"""
    out = []
    body = text.split(MARK, 1)[1] if MARK in text else ''
    for block in body.split('\nNodeID: ')[1:]:
        n = 0
        head = block
        if '!!!has no targets!!!' not in block and 'with Targets:' in block:
            head, tail = block.split('with Targets:', 1)
            n = sum(1 for l in tail.split('\n') if l.startswith('\t') and l.strip())
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
    every = svf_calls(text)
    svf = [(p, n) for p, n in every if n]
    same = [n for p, n in svf if p in places]

    def avg(total, count):
        return '%.2f' % (total / count) if count else '-'
    print('indirect calls: irlog %d resolved of %d, %d targets, %s per call; svf at the same '
          'calls %d, %d targets, %s per call; svf all %d resolved, %d targets, %s'
          % (len(resolved), len(ntargets), sum(resolved.values()),
             avg(sum(resolved.values()), len(resolved)), len(same), sum(same),
             avg(sum(same), len(same)), len(svf), sum(n for _, n in svf),
             avg(sum(n for _, n in svf), len(svf))))
    # per place (the calls at one file:line:col, several where a macro expands to
    # several calls): resolved calls and targets of each tool
    ip, sp = {}, {}
    for c, n in resolved.items():
        if c in where:
            k = ip.setdefault(where[c], [0, 0])
            k[0] += 1
            k[1] += n
    for p, n in every:
        if p is not None:
            k = sp.setdefault(p, [0, 0])
            k[0] += 1 if n else 0
            k[1] += n
    both = [p for p in ip if p in sp and sp[p][0]]
    gap = [p for p in ip if p in sp and not sp[p][0]]
    bi, bit = sum(ip[p][0] for p in both), sum(ip[p][1] for p in both)
    bs, bst = sum(sp[p][0] for p in both), sum(sp[p][1] for p in both)
    print('calls both resolve: %d places; irlog %d calls, %d targets, %s per call; svf %d '
          'calls, %d targets, %s per call' % (len(both), bi, bit, avg(bit, bi), bs, bst, avg(bst, bs)))
    print('irlog resolves, svf gives no target: %d places, %d irlog calls, %d irlog targets'
          % (len(gap), sum(ip[p][0] for p in gap), sum(ip[p][1] for p in gap)))


if __name__ == '__main__':
    main()
