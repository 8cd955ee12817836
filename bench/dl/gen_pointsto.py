#!/usr/bin/env python3
"""gen_pointsto.py SCALE SEED OUTDIR — synthetic facts for pointsto.dl.

SCALE 1.0 gives about 1M input tuples. Programs are modelled as functions of 40
variables; most copies stay inside a function, a few cross functions, so points-to sets
stay realistic (small on average, a few large)."""
import os
import random
import sys

scale, seed, out = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
os.makedirs(out, exist_ok=True)
NF = int(6000 * scale)          # functions
VPF = 40                        # variables per function
FIELDS = [f"f{i}" for i in range(8)]
nvar = NF * VPF
files = {n: open(os.path.join(out, f"{n}.facts"), "w") for n in
         ["alloc", "assign", "load", "store", "gep", "field", "call", "actual", "formal", "ret",
          "callret", "funobj"]}
count = 0


def w(rel, *cols):
    global count
    count += 1
    files[rel].write("\t".join(map(str, cols)) + "\n")


def var(fn, i):
    return f"v{fn}_{i}"


def local(fn):
    return var(fn, rng.randrange(VPF))


def anyvar(fn):
    if rng.random() < 0.002:
        return var(rng.randrange(NF), rng.randrange(VPF))
    return local(fn)


objs = 0
for fn in range(NF):
    w("funobj", f"F{fn}", f"fo{fn}")
    for i in range(4):
        w("formal", f"F{fn}", i, var(fn, i))
    w("ret", f"F{fn}", var(fn, 4))
    # function pointers taken
    if rng.random() < 0.3:
        w("alloc", local(rng.randrange(NF)), f"fo{fn}")
    for k in range(6):
        o = f"o{objs}"
        objs += 1
        w("alloc", local(fn), o)
        for f in rng.sample(FIELDS, 3):
            w("field", o, f, f"{o}.{f}")
    for k in range(45):
        w("assign", local(fn), anyvar(fn))
    for k in range(15):
        w("load", local(fn), local(fn), rng.choice(FIELDS))
    for k in range(15):
        w("store", local(fn), rng.choice(FIELDS), anyvar(fn))
    for k in range(15):
        w("gep", local(fn), local(fn), rng.choice(FIELDS))
    for k in range(4):
        cs = f"cs{fn}_{k}"
        w("call", cs, local(fn))
        for i in range(4):
            w("actual", cs, i, local(fn))
        w("callret", cs, local(fn))
for f in files.values():
    f.close()
print(f"{count} input tuples in {out}", file=sys.stderr)
