#!/usr/bin/env python3
"""gen_graph.py EDGES NODES SEED OUTDIR — a random directed graph as OUTDIR/edge.facts."""
import os
import random
import sys

m, n, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = random.Random(seed)
os.makedirs(out, exist_ok=True)
edges = set()
while len(edges) < m:
    edges.add((rng.randrange(n), rng.randrange(n)))
with open(os.path.join(out, "edge.facts"), "w") as f:
    for a, b in edges:
        f.write(f"{a}\t{b}\n")
