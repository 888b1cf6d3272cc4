"""Per-call time of oagen.Scorer.score on the paper's org chart (Fig. 1),
one thread, calls in sequence: what a metric called in a loop pays.

    python3 python/bench_overhead.py [N]

Compare with the in-process Go figure of the same work
(go test ./serve -run '^$' -bench InProcess/fig1): the difference is the
client's overhead (JSON encoding and decoding in Python, the pipe both ways,
the request decoding in the server and the thread hand-off). The last line
times a pair that costs nothing to score: the round trip alone.
"""

import json
import sys
import time
from pathlib import Path

import oagen

ORG = Path(__file__).resolve().parent.parent / "examples" / "orgchart"


def per_call(scorer, gold, cand, n, feedback):
    for _ in range(200):  # warm-up
        scorer.score(gold, cand, feedback=feedback)
    best = float("inf")
    for _ in range(5):  # the best of five runs of n calls
        start = time.perf_counter()
        for _ in range(n):
            scorer.score(gold, cand, feedback=feedback)
        best = min(best, (time.perf_counter() - start) / n)
    return best


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    gold = json.loads((ORG / "gold.json").read_text())
    cand = json.loads((ORG / "candidate.json").read_text())
    with oagen.Scorer(str(ORG / "schema.json")) as scorer:
        for feedback in (True, False):
            t = per_call(scorer, gold, cand, n, feedback)
            print(f"fig1 feedback={feedback}: {t * 1e6:.1f} µs per call (best of 5 × {n})")
    # The round trip alone: a pair that costs nothing to score.
    with oagen.Scorer({"type": "integer"}) as scorer:
        t = per_call(scorer, 1, 1, n, False)
        print(f"round trip (integer pair): {t * 1e6:.1f} µs per call (best of 5 × {n})")


if __name__ == "__main__":
    main()
