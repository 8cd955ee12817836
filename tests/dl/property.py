#!/usr/bin/env python3
"""property.py IRLOG [--count N] [--seed S] [--keep DIR] [--jobs 1,2] [--timeout SECONDS]

Property test of the Datalog engine: generates random stratified programs and random
facts, evaluates them with a naive fixpoint evaluator written here (no indexes, no
semi-naive, no planning: every rule re-run over the whole database until nothing
changes), runs `irlog run` on the same files (sequentially and with -j 2), and compares
every output relation. Prints one line per failure and a closing `N passed, M failed`.
Each run of irlog has a time limit (--timeout, default 120 s): a run that hangs is killed
and reported as a failure with its seed (keep it with --keep DIR), never waited for.
--jobs lists the -j values to run (default 1,2; the ThreadSanitizer build also uses 4).

The generated language: number columns (values 0..5), positive atoms with variables,
constants and wildcards, negation of lower strata, comparisons (< <= != =), head
expressions (x + y) % 5 and x * 2 % 7, count/sum/min/max aggregates over lower strata
(with Souffle 2.5's scoping: a variable of the target expression is local to the
aggregate),
recursion (linear and non-linear) within a stratum, disjunction.
"""
import itertools
import os
import random
import shutil
import subprocess
import sys
import tempfile

DOM = range(6)


class Prog:
    def __init__(self, rng):
        self.rng = rng
        self.edb = {}    # name -> arity
        self.idb = {}    # name -> (arity, level)
        self.rules = []  # (head_name, head_args, body) ; body = list of literals

    def gen(self):
        rng = self.rng
        for i in range(rng.randint(1, 3)):
            self.edb[f"e{i}"] = rng.randint(1, 3)
        nidb = rng.randint(1, 5)
        for i in range(nidb):
            self.idb[f"r{i}"] = (rng.randint(0, 3), rng.randint(0, 2))
        for name, (ar, lvl) in self.idb.items():
            for _ in range(rng.randint(1, 3)):
                self.gen_rule(name, ar, lvl)

    def rels_below(self, lvl, strict):
        out = [(n, a) for n, a in self.edb.items()]
        for n, (a, l) in self.idb.items():
            if l < lvl or (not strict and l == lvl):
                out.append((n, a))
        return out

    def gen_rule(self, head, ar, lvl):
        rng = self.rng
        pos = self.rels_below(lvl, False)
        body = []
        bound = []
        nvars = 0
        for _ in range(rng.randint(1, 3)):
            rel, a = rng.choice(pos)
            args = []
            for _ in range(a):
                c = rng.random()
                if c < 0.15:
                    args.append(("const", rng.choice(DOM)))
                elif c < 0.25:
                    args.append(("wild",))
                elif c < 0.6 and bound:
                    args.append(("var", rng.choice(bound)))
                else:
                    v = f"V{nvars}"
                    nvars += 1
                    args.append(("var", v))
            for x in args:
                if x[0] == "var" and x[1] not in bound:
                    bound.append(x[1])
            body.append(("atom", rel, args))
        if not bound:
            # ensure at least one variable
            rel, a = rng.choice([x for x in pos if x[1] > 0] or [("e0", self.edb["e0"])])
            if a > 0:
                v = f"V{nvars}"
                nvars += 1
                body.append(("atom", rel, [("var", v)] + [("wild",)] * (a - 1)))
                bound.append(v)
        lower = self.rels_below(lvl, True)
        if rng.random() < 0.35 and bound:
            rel, a = rng.choice(lower)
            args = [rng.choice([("var", rng.choice(bound)), ("wild",), ("const", rng.choice(DOM))])
                    for _ in range(a)]
            body.append(("neg", rel, args))
        if rng.random() < 0.4 and bound:
            op = rng.choice(["<", "<=", "!=", "="])
            lhs = ("var", rng.choice(bound))
            rhs = rng.choice([("var", rng.choice(bound)), ("const", rng.choice(DOM))])
            body.append(("cmp", op, lhs, rhs))
        if rng.random() < 0.25 and bound:
            rel, a = rng.choice([x for x in lower if x[1] > 0] or [("e0", self.edb["e0"])])
            if a > 0:
                kind = rng.choice(["count", "sum", "min", "max"])
                v = f"V{nvars}"
                nvars += 1
                key = rng.choice(bound)
                inner = [("var", key)] + [("var", f"L{i}") for i in range(a - 1)]
                target = inner[-1][1] if a > 1 else key
                body.append(("agg", v, kind, target, rel, inner))
                bound.append(v)
        head_args = []
        for _ in range(ar):
            c = rng.random()
            if c < 0.1:
                head_args.append(("const", rng.choice(DOM)))
            elif c < 0.2 and len(bound) >= 2:
                head_args.append(("mod", rng.choice(bound), rng.choice(bound)))
            else:
                head_args.append(("var", rng.choice(bound)))
        self.rules.append((head, head_args, body))

    # ---- rendering -------------------------------------------------------------
    @staticmethod
    def arg(x):
        if x[0] == "const":
            return str(x[1])
        if x[0] == "wild":
            return "_"
        if x[0] == "var":
            return x[1]
        if x[0] == "mod":
            return f"({x[1]} + {x[2]}) % 5"
        raise ValueError(x)

    def lit(self, l):
        if l[0] == "atom":
            return f"{l[1]}({', '.join(self.arg(a) for a in l[2])})"
        if l[0] == "neg":
            return f"!{l[1]}({', '.join(self.arg(a) for a in l[2])})"
        if l[0] == "cmp":
            return f"{self.arg(l[2])} {l[1]} {self.arg(l[3])}"
        if l[0] == "agg":
            _, v, kind, target, rel, inner = l
            body = f"{rel}({', '.join(self.arg(a) for a in inner)})"
            if kind == "count":
                return f"{v} = count : {{ {body} }}"
            return f"{v} = {kind} {target} : {{ {body} }}"
        raise ValueError(l)

    def render(self):
        out = []
        for n, a in self.edb.items():
            cols = ", ".join(f"c{i}: number" for i in range(a))
            out.append(f".decl {n}({cols})\n.input {n}")
        for n, (a, _) in self.idb.items():
            cols = ", ".join(f"c{i}: number" for i in range(a))
            out.append(f".decl {n}({cols})\n.output {n}")
        for head, hargs, body in self.rules:
            lits = [self.lit(l) for l in body]
            # sometimes wrap the last literal in a trivial disjunction
            if len(lits) >= 2 and self.rng.random() < 0.2:
                lits = lits[:-1] + [f"({lits[-1]} ; {lits[-1]}, true)"]
            out.append(f"{head}({', '.join(self.arg(a) for a in hargs)}) :- {', '.join(lits)}.")
        return "\n".join(out) + "\n"


# ---- the naive evaluator ---------------------------------------------------------

def ev_arg(x, env):
    if x[0] == "const":
        return x[1]
    if x[0] == "var":
        return env[x[1]]
    if x[0] == "mod":
        return (env[x[1]] + env[x[2]]) % 5
    raise ValueError(x)


def match(args, t, env):
    env = dict(env)
    for a, v in zip(args, t):
        if a[0] == "wild":
            continue
        if a[0] == "const":
            if a[1] != v:
                return None
        elif a[1] in env:
            if env[a[1]] != v:
                return None
        else:
            env[a[1]] = v
    return env


def solve(body, db, env):
    if not body:
        yield env
        return
    l, rest = body[0], body[1:]
    if l[0] == "atom":
        for t in db[l[1]]:
            e = match(l[2], t, env)
            if e is not None:
                yield from solve(rest, db, e)
    elif l[0] == "neg":
        if not any(match(l[2], t, env) is not None for t in db[l[1]]):
            yield from solve(rest, db, env)
    elif l[0] == "cmp":
        a, b = ev_arg(l[2], env), ev_arg(l[3], env)
        ok = {"<": a < b, "<=": a <= b, "!=": a != b, "=": a == b}[l[1]]
        if ok:
            yield from solve(rest, db, env)
    elif l[0] == "agg":
        _, v, kind, target, rel, inner = l
        vals = []
        # Souffle's scoping: a variable of the target expression is local to the
        # aggregate even when the rule binds the same name outside it
        local = {k: x for k, x in env.items() if k != target or kind == "count"}
        for t in db[rel]:
            e = match(inner, t, local)
            if e is not None:
                vals.append(e[target])
        if kind == "count":
            r = len(vals)
        elif kind == "sum":
            r = sum(vals)
        elif not vals:
            return
        else:
            r = min(vals) if kind == "min" else max(vals)
        e = dict(env)
        e[v] = r
        yield from solve(rest, db, e)


def naive(prog, facts):
    db = {n: set(ts) for n, ts in facts.items()}
    for n in prog.idb:
        db[n] = set()
    for lvl in range(3):
        rules = [r for r in prog.rules if prog.idb[r[0]][1] == lvl]
        changed = True
        while changed:
            changed = False
            for head, hargs, body in rules:
                new = set()
                for env in solve(body, db, {}):
                    new.add(tuple(ev_arg(a, env) for a in hargs))
                if not new <= db[head]:
                    db[head] |= new
                    changed = True
    return db


def run_one(irlog, seed, keep, jobs_list=("1", "2"), timeout=120):
    rng = random.Random(seed)
    prog = Prog(rng)
    prog.gen()
    facts = {}
    for n, a in prog.edb.items():
        k = rng.randint(0, 12)
        facts[n] = {tuple(rng.choice(DOM) for _ in range(a)) for _ in range(k)}
    d = tempfile.mkdtemp(prefix="irlog-prop-")
    try:
        with open(os.path.join(d, "prog.dl"), "w") as f:
            f.write(prog.render())
        for n, ts in facts.items():
            with open(os.path.join(d, f"{n}.facts"), "w") as f:
                for t in sorted(ts):
                    f.write("\t".join(map(str, t)) + "\n")
        want = naive(prog, facts)
        errors = []
        for jobs in jobs_list:
            out = os.path.join(d, f"out{jobs}")
            # IRLOG_DL_FORCE_JOBS: every phase really runs on the threads, however small
            try:
                r = subprocess.run([irlog, "run", "prog.dl", "-F", ".", "-D", out, "-j", jobs],
                                   env=dict(os.environ, IRLOG_DL_FORCE_JOBS="1"),
                                   cwd=d, capture_output=True, text=True, timeout=timeout)
            except subprocess.TimeoutExpired:
                errors.append(f"-j {jobs}: no result after {timeout} s (killed)")
                continue
            if r.returncode != 0:
                errors.append(f"-j {jobs}: exit {r.returncode}: {r.stderr.strip()[:300]}")
                continue
            for n, (a, _) in prog.idb.items():
                exp = "".join(("()\n" if a == 0 else "\t".join(map(str, t)) + "\n")
                              for t in sorted(want[n]))
                with open(os.path.join(out, f"{n}.csv")) as f:
                    got = f.read()
                if got != exp:
                    errors.append(f"-j {jobs}: relation {n}: got {got!r} want {exp!r}")
        if errors and keep:
            dst = os.path.join(keep, f"seed{seed}")
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(d, dst)
        return errors
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main():
    args = sys.argv[1:]
    irlog = os.path.abspath(args[0])
    count, seed0, keep, jobs_list, timeout = 100, 1, None, ("1", "2"), 120
    i = 1
    while i < len(args):
        if args[i] == "--count":
            count = int(args[i + 1]); i += 2
        elif args[i] == "--seed":
            seed0 = int(args[i + 1]); i += 2
        elif args[i] == "--keep":
            keep = args[i + 1]; i += 2
        elif args[i] == "--jobs":
            jobs_list = tuple(args[i + 1].split(",")); i += 2
        elif args[i] == "--timeout":
            timeout = float(args[i + 1]); i += 2
        else:
            sys.exit(f"unknown argument {args[i]}")
    passed = failed = 0
    for s in range(seed0, seed0 + count):
        errs = run_one(irlog, s, keep, jobs_list, timeout)
        if errs:
            failed += 1
            print(f"FAIL seed {s}:")
            for e in errs[:3]:
                print("   ", e)
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or passed == 0 else 0)


if __name__ == "__main__":
    main()
