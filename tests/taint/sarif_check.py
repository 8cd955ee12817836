#!/usr/bin/env python3
"""sarif_check.py SCHEMA OUTDIR — checks OUTDIR/taint.sarif of one `irlog taint` run.

1. Valid against the SARIF 2.1.0 JSON schema SCHEMA (OASIS, draft-04), with the python
   jsonschema package; without the package, says so on the first line and goes on with
   the checks below only.
2. What docs/taint.md says of the log, against OUTDIR's other files: one run of the tool
   irlog, one rule per class (ids unique), one result per row of taint_finding.csv in that
   order, its ruleId the finding's class and rules[ruleIndex] that rule, its location the
   sink's line (from taint_witness.csv), and one threadFlow whose locations are the
   witness's steps (same number, same lines, each with a message).
Prints the problems; exits 1 when there is one.
"""
import json
import sys


def main():
    schema_path, outdir = sys.argv[1:3]
    log = json.load(open(f'{outdir}/taint.sarif'))
    bad = []
    try:
        import jsonschema
    except ImportError:
        jsonschema = None
        print('note: no python jsonschema package (apt-get install python3-jsonschema): '
              'the schema was not checked, the structure was')
    if jsonschema:
        schema = json.load(open(schema_path))
        v = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
        for e in sorted(v.iter_errors(log), key=lambda e: list(e.path)):
            bad.append('schema: ' + '/'.join(map(str, e.path)) + ': ' + e.message[:200])
    findings = [l.rstrip('\n').split('\t') for l in open(f'{outdir}/taint_finding.csv')]
    steps = {}
    for l in open(f'{outdir}/taint_witness.csv'):
        c = l.rstrip('\n').split('\t')
        steps.setdefault(int(c[0]), []).append(c)

    def need(cond, what):
        if not cond:
            bad.append(what)
        return cond

    need(log.get('version') == '2.1.0', 'version is not 2.1.0')
    runs = log.get('runs', [])
    if need(len(runs) == 1, 'not one run'):
        run = runs[0]
        drv = run['tool']['driver']
        need(drv['name'] == 'irlog', 'the driver is not irlog')
        ids = [r['id'] for r in drv.get('rules', [])]
        need(len(ids) == len(set(ids)), 'rule ids repeat')
        for f in findings:
            need(f[0] in ids, f'no rule for class {f[0]}')
        res = run.get('results', [])
        need(len(res) == len(findings), f'{len(res)} results for {len(findings)} findings')
        for i, (r, f) in enumerate(zip(res, findings), 1):
            need(r['ruleId'] == f[0], f'result {i}: ruleId {r["ruleId"]} for class {f[0]}')
            need(ids[r['ruleIndex']] == r['ruleId'], f'result {i}: ruleIndex names another rule')
            need(bool(r['message']['text']), f'result {i}: empty message')
            w = steps.get(i, [])
            loc = r['locations'][0]
            line = loc.get('physicalLocation', {}).get('region', {}).get('startLine', 0)
            need(w and line == int(w[-1][5]), f'result {i}: location line {line}, sink at {w[-1][5] if w else "?"}')
            tf = r['codeFlows'][0]['threadFlows']
            need(len(r['codeFlows']) == 1 and len(tf) == 1, f'result {i}: not one threadFlow')
            locs = tf[0]['locations']
            need(len(locs) == len(w), f'result {i}: {len(locs)} flow locations, {len(w)} witness steps')
            for k, (tl, s) in enumerate(zip(locs, w), 1):
                l = tl['location']
                pl = l.get('physicalLocation', {}).get('region', {}).get('startLine', 0)
                need(pl == int(s[5]), f'result {i} step {k}: line {pl}, witness {s[5]}')
                need(l['message']['text'] == s[8], f'result {i} step {k}: message differs from the witness')
                need(l['logicalLocations'][0]['fullyQualifiedName'] == s[3], f'result {i} step {k}: function')
    if bad:
        print('\n'.join(bad[:30]))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
