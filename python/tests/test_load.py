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
        """Killing the server under the client: the calls in flight raise
        ServerError; the next call starts a new process and works."""
        gold, cand = load("gold.json"), load("candidate.json")
        # A pair that takes seconds: 2,000 records aligned in any order.
        big = [{"a": f"{i:06d}-alpha", "b": f"beta-{i * 7919 % 10007}"} for i in range(2000)]
        slow_schema = {"type": "array", "order": "align", "items": {"type": "object", "properties": {
            "a": {"type": "string"}, "b": {"type": "string"}}}}
        with oagen.Scorer(slow_schema, options=None) as scorer:
            scorer.score([], [])  # the process is up
            errors = []

            def call():
                try:
                    scorer.score(big, list(reversed(big)), feedback=False)
                    errors.append(None)
                except Exception as err:
                    errors.append(err)

            threads = [threading.Thread(target=call) for _ in range(3)]
            for th in threads:
                th.start()
            proc = scorer._state["proc"]
            deadline = time.monotonic() + 10
            while len(proc.pending) < 3 and time.monotonic() < deadline:
                time.sleep(0.005)
            proc.proc.kill()
            for th in threads:
                th.join()
            self.assertEqual(len(errors), 3)
            for err in errors:
                self.assertIsInstance(err, oagen.ServerError)
                self.assertIn("exit status", str(err))
                self.assertIsInstance(err.stderr, str)
            self.assertEqual(scorer.score([{"a": "x", "b": "y"}], [{"a": "x", "b": "y"}]).score, 1.0)
            self.assertIsNot(scorer._state["proc"], proc)
        with oagen.Scorer(str(SCHEMA)) as scorer:
            self.assertEqual(scorer.score(gold, cand).score, 0.7678571428571429)


if __name__ == "__main__":
    unittest.main()
