#!/usr/bin/env python3
"""run.py IRLOG [--quick] [--pt-scale X] [--output] [--real WORKDIR] — the engine's
benchmarks (never run as tests).

Transitive closure over random graphs of 10k, 50k and 200k edges (260k nodes: 0.88M
paths), and of 200k edges over 208k nodes (8.6M paths; not with --quick), and an
Andersen-style points-to analysis (pointsto.dl) over synthetic facts (gen_pointsto.py;
--pt-scale 1.0 is about 1M input tuples). The programs end in `.printsize`; with --output
they write their results instead (tc_output.dl: `.output path`; pointsto_output.dl:
`.output pt` and `.output hpt`), where writing the outputs may be the peak of memory.
Reports wall time, CPU time (user + system) and peak memory (max RSS) of each run. When
`souffle` is on PATH, the same programs also run under Souffle's interpreter and as a
compiled binary (`souffle -o`), and the ratios from this same run are printed. Souffle is
found through $SOUFFLE or PATH. Every case also prints irlog's -j 2 / -j 1 wall-time ratio
and the machine's load average before and after it (the -j 2 figure means little on a
machine that is not idle: a thread that waits for a core holds up its phase).
Souffle runs at -j 1 and -j 2 too (its compiled binary built once per -j: a binary built
without -j runs on one thread whatever it is given), and the ratios pair the same -j.

--real WORKDIR adds the real workloads, on the whole-program bitcode that
bench/analyze/programs.sh builds into WORKDIR/bc (run it first): datalog/constraints.dl
over the facts of the sqlite3 shell at -O0, and datalog/analysis/pointsto.dl (the points-to
analysis of `irlog analyze`, context-insensitive) over the facts of lua 5.4 at -O0. The
facts are made with `irlog facts` into a temporary directory.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def measure(cmd, cwd=None):
    t0 = time.time()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, _, ru = os.wait4(p.pid, 0)
    wall = time.time() - t0
    out = p.stdout.read().decode()
    err = p.stderr.read().decode()
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0, out, err  # s, s, MiB


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def main():
    irlog = os.path.abspath(sys.argv[1])
    quick = "--quick" in sys.argv
    scale = 0.3 if quick else 1.0
    for i, a in enumerate(sys.argv):
        if a == "--pt-scale":
            scale = float(sys.argv[i + 1])
    output = "--output" in sys.argv
    tc_prog = os.path.join(HERE, "tc_output.dl" if output else "tc.dl")
    pt_prog = os.path.join(HERE, "pointsto_output.dl" if output else "pointsto.dl")
    souffle = os.environ.get("SOUFFLE") or shutil.which("souffle")
    work = tempfile.mkdtemp(prefix="irlog-bench-")
    cases = []
    sizes = [(10000, 10000), (50000, 50000), (200000, 260000), (200000, 208000)]
    if quick:
        sizes = sizes[:2]
    for m, n in sizes:
        d = os.path.join(work, f"tc{m}-{n}")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_graph.py"), str(m), str(n), "1", d],
                       check=True)
        name = f"tc-{m // 1000}k" if m == n or n == 260000 else f"tc-{m // 1000}k/{n // 1000}k"
        cases.append((name, tc_prog, d))
    d = os.path.join(work, "pt")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_pointsto.py"), str(scale), "1", d],
                   check=True)
    cases.append((f"pointsto-x{scale}", pt_prog, d))
    if "--real" in sys.argv:
        bc = os.path.join(os.path.abspath(sys.argv[sys.argv.index("--real") + 1]), "bc")
        top = os.path.dirname(os.path.dirname(HERE))
        for name, prog, mod in (("constraints-sqlite3", "constraints.dl", "sqlite3_O0.bc"),
                                ("pointsto-lua", "analysis/pointsto.dl", "lua_O0.bc")):
            m = os.path.join(bc, mod)
            if not os.path.exists(m):
                print(f"(no {m}: bench/analyze/programs.sh WORKDIR builds it; {name} left out)")
                continue
            d = os.path.join(work, name)
            subprocess.run([irlog, "facts", m, "-o", d], check=True, capture_output=True)
            cases.append((name, os.path.join(top, "datalog", prog), d))
    print(f"{'case':<20}{'engine':<24}{'wall s':>9}{'cpu s':>9}{'peak MiB':>10}  sizes")
    for name, prog, facts in cases:
        out = os.path.join(work, "out")
        rows = []
        load0 = loadavg()
        for jobs in ("1", "2"):
            w, c, m, so, se = measure([irlog, "run", prog, "-F", facts, "-D", out, "-j", jobs])
            if se.strip():
                print(se.strip()[:300])
            rows.append((f"irlog -j {jobs}", w, c, m, so.replace("\n", " ").strip()))
        if souffle:
            os.makedirs(out, exist_ok=True)  # souffle does not create it
            for jobs in ("1", "2"):
                w, c, m, so, _ = measure([souffle, "-F", facts, "-D", out, "-j", jobs, prog])
                rows.append((f"souffle interp -j {jobs}", w, c, m, so.replace("\n", " ").strip()))
            for jobs in ("1", "2"):
                exe = os.path.join(work, f"sbin{jobs}")
                subprocess.run([souffle, "-j", jobs, "-o", exe, prog], check=True, capture_output=True)
                w, c, m, so, _ = measure([exe, "-F", facts, "-D", out, "-j", jobs])
                rows.append((f"souffle compiled -j {jobs}", w, c, m, so.replace("\n", " ").strip()))
        for eng, w, c, m, s in rows:
            print(f"{name:<20}{eng:<24}{w:>9.2f}{c:>9.2f}{m:>10.1f}  {s[:200]}")
        print(f"{name:<20}irlog -j 2 / -j 1 wall {rows[1][1] / rows[0][1]:.2f}x   "
              f"(load average {load0} before, {loadavg()} after)")
        if souffle:
            for eng, w, c, m, _ in rows[2:]:
                base = rows[0] if eng.endswith("-j 1") else rows[1]
                print(f"{name:<20}ratio irlog/{eng:<22}{base[1] / w:>7.2f}x time {base[3] / m:>7.2f}x memory")
        else:
            print(f"{name:<16}(souffle not on PATH: no ratios)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
