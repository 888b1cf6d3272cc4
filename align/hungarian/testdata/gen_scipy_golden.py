"""Regenerates scipy_golden.json.gz: SciPy's linear_sum_assignment on zero-padded
square matrices, the oracle named by docs/SCORING.md §5.8.

Run with a Python that has NumPy and SciPy:
    python3 gen_scipy_golden.py | gzip -9n > scipy_golden.json.gz
Each case is {"n": rows, "m": cols, "M": row-major entries, "want": rowToCol}
where want is SciPy's column for each row of the max(n, m)-square padded
matrix under maximize=True.
"""
import json
import sys

import numpy as np
from scipy.optimize import linear_sum_assignment

rng = np.random.default_rng(20261129)
levels = np.array([0.0, 0.25, 0.5, 1.0])
cases = []


def add(M):
    n, m = M.shape
    d = max(n, m)
    P = np.zeros((d, d))
    P[:n, :m] = M
    rows, cols = linear_sum_assignment(P, maximize=True)
    assert list(rows) == list(range(d))
    cases.append({"n": n, "m": m, "M": [float(x) for x in M.ravel()], "want": [int(c) for c in cols]})


for _ in range(400):
    n, m = rng.integers(1, 13, size=2)
    add(rng.choice(levels, size=(n, m)))
for _ in range(100):
    n, m = rng.integers(1, 13, size=2)
    add(rng.choice(np.array([0.0, 1.0]), size=(n, m)))
for _ in range(100):
    n, m = rng.integers(1, 13, size=2)
    add(np.round(rng.random((n, m)), 2))
for n, m in [(50, 50), (50, 50), (50, 50), (40, 50), (50, 35), (64, 64)]:
    add(rng.choice(levels, size=(n, m)))
for n, m in [(50, 50), (30, 45)]:
    add(rng.random((n, m)))
json.dump(cases, sys.stdout, separators=(",", ":"))
