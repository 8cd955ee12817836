#!/usr/bin/env python3
"""incl_property.py IRLOG [--count N] [--seed S] [--jobs 1,2] [--keep DIR]

Property test of the engine's inclusion rules (DlPlanRule.incl, src/dl/dl_incl.c): a rule
H(y, o) :- E(x, y), H(x, o) runs over the graph of E with its cycles collapsed. Generates
random programs of that shape over graphs with cycles: E given as facts or derived in the
same stratum from H itself (edges that appear as the sets grow, so components form and
merge while the stratum runs), one or two inclusion rules, keys as numbers or symbols, sets
of a few values or of hundreds (several words of a bit set). Each program runs with the
collapse on and off (IRLOG_DL_NO_INCL), at each -j of --jobs (-j 2 and more forced to run in
parallel), and every output must equal the fixpoint computed here, naively. Prints one line
per failure and `N passed, M failed`.
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile


def gen(rng):
    """Returns (program text, facts {name: rows}, expected {name: set of rows})."""
    nodes = rng.randint(3, 80)
    nvals = rng.choice([4, 20, 300])
    sym = rng.random() < 0.3
    key = (lambda n: f"n{n}") if sym else (lambda n: n)
    kty = "symbol" if sym else "number"
    # edges: a few cycles, and random edges
    e0 = set()
    for _ in range(rng.randint(0, 4)):
        cyc = rng.sample(range(nodes), rng.randint(2, min(nodes, 12)))
        for a, b in zip(cyc, cyc[1:] + cyc[:1]):
            e0.add((a, b))
    for _ in range(rng.randint(0, nodes * 2)):
        e0.add((rng.randrange(nodes), rng.randrange(nodes)))
    base = {(rng.randrange(nodes), rng.randrange(nvals)) for _ in range(rng.randint(1, nodes * 2))}
    # dynamic edges: x -> y when x holds o and link(o, y)
    dyn = rng.random() < 0.6
    link = {(rng.randrange(nvals), rng.randrange(nodes)) for _ in range(rng.randint(0, nvals))} if dyn else set()
    second = rng.random() < 0.4  # a second inclusion rule, over its own edges
    f0 = {(rng.randrange(nodes), rng.randrange(nodes)) for _ in range(rng.randint(0, nodes))} if second else set()
    swapped = rng.random() < 0.5  # the body written H first

    # the fixpoint, naively
    h = set(base)
    g = set(base) if second else set()
    while True:
        e = set(e0)
        if dyn:
            by_val = {}
            for (o, y) in link:
                by_val.setdefault(o, set()).add(y)
            for (x, o) in h:
                for y in by_val.get(o, ()):
                    e.add((x, y))
        nh = set(h)
        for (x, y) in e:
            for (x2, o) in h:
                if x2 == x:
                    nh.add((y, o))
        ng = set(g)
        if second:
            for (x, y) in f0:
                for (x2, o) in g:
                    if x2 == x:
                        ng.add((y, o))
            ng |= {(x, o) for (x, o) in h if o % 3 == 0}
        if nh == h and ng == g:
            break
        h, g = nh, ng

    lines = [
        f".decl base(x: {kty}, o: number)",
        f".decl e0(x: {kty}, y: {kty})",
        f".decl e(x: {kty}, y: {kty})",
        f".decl h(x: {kty}, o: number)",
        f".decl out(x: {kty}, o: number)",
        ".input base, e0",
        ".output out",
        "h(x, o) :- base(x, o).",
        "e(x, y) :- e0(x, y).",
        "h(y, o) :- h(x, o), e(x, y)." if swapped else "h(y, o) :- e(x, y), h(x, o).",
        "out(x, o) :- h(x, o).",
    ]
    facts = {"base": [(key(x), o) for x, o in base], "e0": [(key(a), key(b)) for a, b in e0]}
    if dyn:
        lines += [f".decl link(o: number, y: {kty})", ".input link",
                  "e(x, y) :- h(x, o), link(o, y)."]
        facts["link"] = [(o, key(y)) for o, y in link]
    expected = {"out": {(key(x), o) for x, o in h}}
    if second:
        lines += [f".decl f0(x: {kty}, y: {kty})", f".decl g(x: {kty}, o: number)",
                  f".decl gout(x: {kty}, o: number)", ".input f0", ".output gout",
                  "g(x, o) :- base(x, o).", "g(x, o) :- h(x, o), o % 3 = 0.",
                  "g(y, o) :- f0(x, y), g(x, o).", "gout(x, o) :- g(x, o)."]
        facts["f0"] = [(key(a), key(b)) for a, b in f0]
        expected["gout"] = {(key(x), o) for x, o in g}
    return "\n".join(lines) + "\n", facts, expected


def read_out(path, sym):
    rows = set()
    with open(path) as f:
        for line in f:
            a, b = line.rstrip("\n").split("\t")
            rows.add((a if sym else int(a), int(b)))
    return rows


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    irlog = args[0]
    count, seed, jobs, keep = 150, 1, [1, 2], None
    i = 1
    while i < len(args):
        if args[i] == "--count":
            count = int(args[i + 1]); i += 2
        elif args[i] == "--seed":
            seed = int(args[i + 1]); i += 2
        elif args[i] == "--jobs":
            jobs = [int(x) for x in args[i + 1].split(",")]; i += 2
        elif args[i] == "--keep":
            keep = args[i + 1]; i += 2
        else:
            print(f"unknown argument {args[i]}", file=sys.stderr)
            return 2
    passed = failed = 0
    tmp = tempfile.mkdtemp(prefix="incl_property.")
    try:
        for k in range(count):
            s = seed * 100003 + k
            rng = random.Random(s)
            text, facts, expected = gen(rng)
            sym = "symbol" in text.split("\n")[0]
            d = os.path.join(tmp, str(k))
            os.makedirs(d)
            with open(os.path.join(d, "p.dl"), "w") as f:
                f.write(text)
            for name, rows in facts.items():
                with open(os.path.join(d, name + ".facts"), "w") as f:
                    for r in rows:
                        f.write("\t".join(str(v) for v in r) + "\n")
            ok = True
            for j in jobs:
                for collapse in (True, False):
                    env = dict(os.environ)
                    env.pop("IRLOG_DL_NO_INCL", None)
                    if not collapse:
                        env["IRLOG_DL_NO_INCL"] = "1"
                    if j > 1:
                        env["IRLOG_DL_FORCE_JOBS"] = "1"
                    od = os.path.join(d, f"out_{j}_{int(collapse)}")
                    os.makedirs(od)
                    r = subprocess.run([irlog, "run", os.path.join(d, "p.dl"), "-F", d, "-D", od,
                                        "-j", str(j), "-q"], env=env, capture_output=True,
                                       text=True, timeout=120)
                    if r.returncode != 0:
                        print(f"FAIL seed {s} -j {j} collapse={collapse}: exit {r.returncode}: "
                              f"{r.stderr.strip()[:300]}")
                        ok = False
                        continue
                    for name, rows in expected.items():
                        got = read_out(os.path.join(od, name + ".csv"), sym)
                        if got != rows:
                            print(f"FAIL seed {s} -j {j} collapse={collapse}: {name}: "
                                  f"{len(rows - got)} rows missing, {len(got - rows)} extra")
                            ok = False
            if ok:
                passed += 1
            else:
                failed += 1
                if keep:
                    shutil.copytree(d, os.path.join(keep, str(s)), dirs_exist_ok=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
