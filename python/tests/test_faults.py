"""The client under faults: answers it cannot match, a wedged or dying
server, inputs the server cannot parse, schema paths and the working
directory. Every test is bounded in time: a hang fails it."""

import os
import stat
import sys
import tempfile
import textwrap
import threading
import time
import unittest

import oagen

from support import SCHEMA, load

# A fake oagen: "check" succeeds; "serve" behaves as OAGEN_FAKE_MODE says.
FAKE = textwrap.dedent('''\
    #!{python}
    import os, sys, time
    if sys.argv[1] == "check":
        sys.exit(0)
    mode = os.environ.get("OAGEN_FAKE_MODE", "")
    if mode == "wedge":            # reads nothing, answers nothing
        time.sleep(3600)
    for n, line in enumerate(sys.stdin, 1):
        if mode == "die":          # dies on its first request
            sys.stderr.write("fake: dying\\n")
            sys.exit(3)
        if mode == "noid":         # answers errors without an id
            sys.stdout.write('{{"score":null,"error":"line %d: broken","error_kind":"bad_json"}}\\n' % n)
            sys.stdout.flush()
''')


def bounded(test, fn, limit=120):
    """Run fn in a thread; fail the test if it has not returned within
    limit seconds. Returns what fn returned or raises what it raised."""
    out = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as err:  # re-raised below
            out["error"] = err

    th = threading.Thread(target=run, daemon=True)
    th.start()
    th.join(limit)
    test.assertFalse(th.is_alive(), f"still running after {limit} s (a hang)")
    if "error" in out:
        raise out["error"]
    return out.get("value")


class FaultTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.fake = os.path.join(cls.tmp.name, "fake-oagen")
        with open(cls.fake, "w") as f:
            f.write(FAKE.format(python=sys.executable))
        os.chmod(cls.fake, os.stat(cls.fake).st_mode | stat.S_IXUSR)
        cls.gold, cls.cand = load("gold.json"), load("candidate.json")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def fake_scorer(self, mode, **kw):
        os.environ["OAGEN_FAKE_MODE"] = mode
        self.addCleanup(os.environ.pop, "OAGEN_FAKE_MODE", None)
        return oagen.Scorer({"type": "integer"}, binary=self.fake, **kw)

    def test_unparseable_lines_fail_their_call(self):
        """Inputs the server cannot parse (an unpaired surrogate escape,
        nesting past its limit) raise RequestError; they used to hang."""
        with oagen.Scorer(str(SCHEMA)) as s:
            deep = "[" * 300 + "]" * 300
            # As text, an unpaired surrogate escape is text with no JSON
            # value: it scores 0 with the reason (docs/SCORING.md §1.3).
            r = bounded(self, lambda: s.score(self.gold, '{"agenda":["\\ud83d"]}'))
            self.assertEqual(r.score, 0.0)
            self.assertTrue(r.feedback.startswith("The output could not be scored: no JSON value"), r.feedback)
            for pred in ({"agenda": [chr(0xD83D)]}, '{"agenda":' + deep + '}'):
                with self.subTest(pred=str(pred)[:30]):
                    with self.assertRaises(oagen.RequestError) as cm:
                        bounded(self, lambda: s.score(self.gold, pred))
                    self.assertEqual(cm.exception.kind, "bad_json")
                    self.assertFalse(str(cm.exception).startswith("line "), str(cm.exception))
            self.assertEqual(s._state["proc"].pending, {})
            self.assertEqual(s.score(self.gold, self.cand).score, 0.7678571428571429)

    def test_answer_without_id_fails_the_oldest_call(self):
        with self.fake_scorer("noid") as s:
            with self.assertRaises(oagen.RequestError) as cm:
                bounded(self, lambda: s.score(1, 1))
            self.assertEqual(str(cm.exception), "broken")
            self.assertEqual(s._state["proc"].pending, {})

    def test_wedged_server_times_out(self):
        with self.fake_scorer("wedge", timeout=0.5) as s:
            start = time.monotonic()
            with self.assertRaises(oagen.ServerTimeout) as cm:
                bounded(self, lambda: s.score(1, 1))
            self.assertIsInstance(cm.exception, oagen.ServerError)
            self.assertIsInstance(cm.exception, TimeoutError)
            self.assertIn("no answer from oagen serve within 0.5 s", str(cm.exception))
            print(f"wedged server: ServerTimeout after {time.monotonic() - start:.2f} s (timeout 0.5 s)", file=sys.stderr)

    def test_wedged_server_that_does_not_read(self):
        """A wedged server that does not read its input: calls with lines
        larger than the pipe's buffer still time out."""
        with self.fake_scorer("wedge", timeout=0.5) as s:
            big = list(range(100000))
            with self.assertRaises(oagen.ServerTimeout):
                bounded(self, lambda: s.score(big, big))

    def test_server_that_keeps_dying(self):
        """A call is retried once on a new process; when that one dies too,
        it raises ServerError with the process's stderr."""
        with self.fake_scorer("die") as s:
            with self.assertRaises(oagen.ServerError) as cm:
                bounded(self, lambda: s.score(1, 1))
            self.assertNotIsInstance(cm.exception, oagen.ServerTimeout)
            self.assertIn("exit status 3", str(cm.exception))
            self.assertIn("fake: dying", cm.exception.stderr)

    def test_schema_path_survives_chdir(self):
        old = os.getcwd()
        self.addCleanup(os.chdir, old)
        os.chdir(SCHEMA.parent)
        with oagen.Scorer(SCHEMA.name) as s:
            os.chdir(self.tmp.name)
            self.assertEqual(s.score(self.gold, self.cand).score, 0.7678571428571429)

    def test_path_is_a_path_whatever_its_first_characters(self):
        for name in ("true.json", "{x}.json", "[1].json", "false"):
            path = os.path.join(self.tmp.name, name)
            with open(path, "w") as f:
                f.write('{"type": "integer"}')
            with self.subTest(name=name), oagen.Scorer(path) as s:
                self.assertEqual(s.score(3, 3).score, 1.0)
        # JSON text given as a str is a path, not parsed: a clear error.
        with self.assertRaises(oagen.SchemaError) as cm:
            oagen.Scorer('{"type": "integer"}')
        self.assertIn("no such file", str(cm.exception))
        with self.assertRaises(TypeError):
            oagen.Scorer(b'{"type": "integer"}')
        with self.assertRaises(TypeError):
            oagen.Scorer({"type": "integer"}, json='{"type": "integer"}')


if __name__ == "__main__":
    unittest.main()
