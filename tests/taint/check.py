#!/usr/bin/env python3
"""check.py OUTDIR STDOUT EXPECT — checks one `irlog taint` run against its expectations.

OUTDIR holds taint_finding.csv (class, source site, source name, sink, argument, sink
name; one row per finding, in the order of the findings' numbers) and
taint_witness.csv (finding, step, id, function, file, line, column, node, what); STDOUT
is the text report. Lines of EXPECT (docs/taint.md, Tests):

  + CLASS SOURCE -> SINK    a finding of CLASS from SOURCE to SINK must be reported
  - CLASS SOURCE -> SINK    no such finding may be reported
  # why: TEXT               no finding at all, and the report says (TEXT)
  # config: FILE.dl         (read by test_programs.sh: the run's --config)

SOURCE is NAME or NAME:LINE ('*' any source; 'main argument 1' is main's argv), SINK is
NAME:LINE ('*' any name at that line): the source name of taint_finding, the line of the
witness's first step (the source) and of its last (the sink). Every other '#' line is a
comment. Prints one line per failed expectation; exits 1 when any failed.
"""
import sys


def parse_end(spec):
    spec = spec.strip()
    name, line = spec, None
    if ':' in spec:
        n, l = spec.rsplit(':', 1)
        if l.isdigit():
            name, line = n, int(l)
    return name, line


def matches(want, got):
    name, line = want
    gname, gline = got
    if name != '*' and name != gname:
        return False
    return line is None or line == gline


def main():
    outdir, stdout_path, expect = sys.argv[1:4]
    findings = []
    with open(f'{outdir}/taint_finding.csv') as f:
        for row in f:
            c = row.rstrip('\n').split('\t')
            findings.append({'class': c[0], 'src': c[2], 'sink': c[5], 'steps': []})
    with open(f'{outdir}/taint_witness.csv') as f:
        for row in f:
            c = row.rstrip('\n').split('\t')
            findings[int(c[0]) - 1]['steps'].append(int(c[5]))
    report = open(stdout_path).read()
    bad = []
    for ln, raw in enumerate(open(expect), 1):
        s = raw.strip()
        if not s:
            continue
        if s.startswith('# why:'):
            why = s[len('# why:'):].strip()
            if findings:
                bad.append(f'{expect}:{ln}: expected no finding, got {len(findings)}')
            if f'({why})' not in report:
                bad.append(f'{expect}:{ln}: the report does not say ({why})')
            continue
        if s.startswith('#'):
            continue
        sign, rest = s[0], s[1:].strip()
        if sign not in '+-' or '->' not in rest:
            bad.append(f'{expect}:{ln}: cannot parse {s!r}')
            continue
        cls, rest = rest.split(None, 1)
        src, sink = rest.split('->', 1)
        src, sink = parse_end(src), parse_end(sink)
        hits = [f for f in findings
                if f['class'] == cls and f['steps']
                and matches(src, (f['src'], f['steps'][0]))
                and matches(sink, (f['sink'], f['steps'][-1]))]
        if sign == '+' and not hits:
            bad.append(f'{expect}:{ln}: missing: {s}')
        if sign == '-' and hits:
            bad.append(f'{expect}:{ln}: reported: {s}')
    if bad:
        print('\n'.join(bad))
        print('findings were:')
        for f in findings:
            print(f"  {f['class']} {f['src']}:{f['steps'][0] if f['steps'] else '?'} -> "
                  f"{f['sink']}:{f['steps'][-1] if f['steps'] else '?'}")
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
