#!/usr/bin/env python3
"""stress.py IRLOG [--runs N] [--seconds S] [--jobs J] [--timeout T] [--keep DIR]

Stress test of the parallel evaluation: runs tests/dl/stress/prog.dl (linear and
non-linear recursion, mutual recursion making symbols, negation, aggregates, an eqrel, a
flag) over a random graph (fixed seed) once with -j 1, then N times with -j J (default 2,
every phase on the threads: IRLOG_DL_FORCE_JOBS=1), and requires every run to exit 0 and
write exactly the bytes of the -j 1 run. Each run has a time limit (--timeout, default
120 s): a run that hangs is killed and counted as a failure. --seconds S stops starting
new runs after S seconds (CI: a short campaign; the long one is `--runs 2000`). Prints
one line per failure and a closing `N runs, M failed` (exit 1 on any failure).
"""
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def make_facts(d, nodes=3000, edges=3000, seed=7):
    rng = random.Random(seed)
    es = set()
    while len(es) < edges:
        es.add((rng.randrange(nodes), rng.randrange(nodes)))
    with open(os.path.join(d, "edge.facts"), "w") as f:
        for a, b in sorted(es):
            f.write(f"{a}\t{b}\n")
    with open(os.path.join(d, "label.facts"), "w") as f:
        for x in range(nodes):
            f.write(f"{x}\tn{x * 7919 % 10007}\n")


def outputs(out):
    h = {}
    for name in sorted(os.listdir(out)):
        with open(os.path.join(out, name), "rb") as f:
            h[name] = hashlib.sha256(f.read()).hexdigest()
    return h


def run(irlog, d, out, jobs, timeout):
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ, IRLOG_DL_FORCE_JOBS="1")
    try:
        r = subprocess.run([irlog, "run", os.path.join(HERE, "stress", "prog.dl"), "-F", d,
                            "-D", out, "-j", str(jobs)], env=env, capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"no result after {timeout} s (killed)"
    if r.returncode != 0 or r.stderr:
        return None, f"exit {r.returncode}: {r.stderr.strip()[:400]}"
    return outputs(out), None


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    irlog = os.path.abspath(args[0])
    runs, seconds, jobs, timeout, keep = 100, None, 2, 120.0, None
    i = 1
    while i < len(args):
        a, v = args[i], args[i + 1] if i + 1 < len(args) else None
        if a == "--runs":
            runs = int(v)
        elif a == "--seconds":
            seconds = float(v)
        elif a == "--jobs":
            jobs = int(v)
        elif a == "--timeout":
            timeout = float(v)
        elif a == "--keep":
            keep = v
        else:
            sys.exit(f"unknown argument {a}")
        i += 2
    d = tempfile.mkdtemp(prefix="irlog-stress-")
    try:
        make_facts(d)
        want, err = run(irlog, d, os.path.join(d, "ref"), 1, timeout)
        if err:
            print(f"FAIL the -j 1 run: {err}")
            print("0 runs, 1 failed")
            sys.exit(1)
        sizes = {n: os.path.getsize(os.path.join(d, "ref", n)) for n in want}
        print(f"reference (-j 1): {len(want)} outputs, {sum(sizes.values())} bytes")
        t0 = time.time()
        done = failed = 0
        while done < runs and (seconds is None or time.time() - t0 < seconds):
            got, err = run(irlog, d, os.path.join(d, "out"), jobs, timeout)
            done += 1
            if err is None and got != want:
                diff = [n for n in sorted(set(want) | set(got)) if want.get(n) != got.get(n)]
                err = "outputs differ from -j 1: " + ", ".join(diff)
            if err:
                failed += 1
                print(f"FAIL run {done}: {err}")
                if keep:
                    dst = os.path.join(keep, f"run{done}")
                    shutil.rmtree(dst, ignore_errors=True)
                    shutil.copytree(os.path.join(d, "out"), dst, dirs_exist_ok=True)
        print(f"{done} runs, {failed} failed ({time.time() - t0:.0f} s, -j {jobs})")
        sys.exit(1 if failed or done == 0 else 0)
    finally:
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
