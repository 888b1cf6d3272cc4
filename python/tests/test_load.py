import os
import tempfile
import threading
import time
import unittest

import oagen

from support import SCHEMA, cli_json, load, variants


class LoadTest(unittest.TestCase):
    def test_threads_equal_cli(self):
        """8 threads × 200 calls over one process: every result equals what
        ``oagen score -json -feedback`` prints for its pair."""
        pairs = variants(40)
        with tempfile.TemporaryDirectory() as tmp:
            want = [cli_json(g, c, tmp) for g, c in pairs]
        failures = []
        with oagen.Scorer(str(SCHEMA)) as scorer:

            def worker(t):
                for i in range(200):
                    k = (t * 200 + i * 7) % len(pairs)
                    try:
                        r = scorer.score(*pairs[k])
                        got = {key: v for key, v in r.raw.items() if key != "objective_scores"}
                        if got != want[k]:
                            failures.append((t, i, k, got, want[k]))
                    except Exception as err:  # reported below
                        failures.append((t, i, k, repr(err)))

            threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
        self.assertEqual(failures[:3], [])

    def test_killed_server(self):
        """Killing the server under the client in the middle of a threaded
        run: the calls in flight are retried once on a new process, so
        every call returns its right score; the new process serves on."""
        gold, cand = load("gold.json"), load("candidate.json")
        # A pair that takes a while: 300 records aligned in any order.
        big = [{"a": f"{i:06d}-alpha", "b": f"beta-{i * 7919 % 10007}"} for i in range(300)]
        slow_schema = {"type": "array", "order": "align", "items": {"type": "object", "properties": {
            "a": {"type": "string"}, "b": {"type": "string"}}}}
        with oagen.Scorer(slow_schema, options=None) as scorer:
            want = scorer.score(big, list(reversed(big)), feedback=False).score
            results = []

            def call():
                for _ in range(3):
                    try:
                        results.append(scorer.score(big, list(reversed(big)), feedback=False).score)
                    except Exception as err:  # reported below
                        results.append(err)

            threads = [threading.Thread(target=call) for _ in range(4)]
            for th in threads:
                th.start()
            proc = scorer._state["proc"]
            deadline = time.monotonic() + 60
            while len(proc.pending) < 2 and time.monotonic() < deadline:
                time.sleep(0.005)
            proc.proc.kill()
            for th in threads:
                th.join(timeout=300)
                self.assertFalse(th.is_alive(), "a call hangs after the server was killed")
            self.assertEqual(results, [want] * 12)
            self.assertIsNot(scorer._state["proc"], proc)
            self.assertIsNotNone(proc.proc.poll())
        with oagen.Scorer(str(SCHEMA)) as scorer:
            self.assertEqual(scorer.score(gold, cand).score, 0.7678571428571429)


if __name__ == "__main__":
    unittest.main()
