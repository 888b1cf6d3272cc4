import dataclasses
import json
import os
import tempfile
import threading
import unittest

import oagen

from support import SCHEMA, load, variants

FIG1 = 0.7678571428571429


class ScorerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scorer = oagen.Scorer(str(SCHEMA))
        cls.gold, cls.cand = load("gold.json"), load("candidate.json")

    @classmethod
    def tearDownClass(cls):
        cls.scorer.close()

    def test_installed(self):
        # CI runs the tests against the installed wheel, never the sources.
        if os.environ.get("OAGEN_TEST_INSTALLED") == "1":
            self.assertNotIn(os.path.join("python", "src"), oagen.__file__)
            self.assertIn(os.path.join("oagen", "_bin"), oagen.find_binary())

    def test_fig1(self):
        r = self.scorer.score(self.gold, self.cand)
        self.assertEqual(r.score, FIG1)
        self.assertEqual(float(r), FIG1)
        self.assertTrue(r.feedback.startswith("The prediction scored 0.77 (deficit 0.23). Top 5 of 5 fix locations:"))
        self.assertEqual(len(r.ops), 5)
        self.assertAlmostEqual(sum(op["delta"] for op in r.ops), 1 - FIG1, places=12)
        self.assertEqual(r.objective_scores,
                         {"people": 5 / 6, "mentorships": 1.0, "agenda": 0.48809523809523814, "period": 0.75})
        self.assertEqual(list(r.objective_scores), ["people", "mentorships", "agenda", "period"])

    def test_no_feedback(self):
        r = self.scorer.score(self.gold, self.cand, feedback=False)
        self.assertEqual(r.score, FIG1)
        self.assertIsNone(r.feedback)
        self.assertIsNone(r.ops)
        self.assertEqual(r.objective_scores["period"], 0.75)

    def test_input_forms(self):
        class Model:  # pydantic's interface
            def __init__(self, data):
                self.data = data

            def model_dump(self, mode="python"):
                return self.data

        @dataclasses.dataclass
        class Period:
            period: list

        text = json.dumps(self.cand, indent=2)
        fenced = "```json\n" + text + "\n```"
        for cand in (self.cand, text, text.encode(), fenced, Model(self.cand)):
            with self.subTest(type(cand).__name__):
                self.assertEqual(self.scorer.score(self.gold, cand).score, FIG1)
        holder = type("Holder", (), {"answer": text})()
        self.assertEqual(self.scorer.score({"answer": self.gold}, holder, field="answer").score, FIG1)
        nested = dict(self.cand, period=Period([2023, 2026]).period)
        self.assertEqual(self.scorer.score(self.gold, nested).score, FIG1)

    def test_errors(self):
        # Text with no JSON value is scored (0), the reason first.
        r = self.scorer.score(self.gold, "{not json")
        self.assertEqual(r.score, 0.0)
        self.assertTrue(r.feedback.startswith("The output could not be scored: no JSON value in the text"), r.feedback)
        self.assertTrue(any(w.startswith("candidate_text: no JSON value") for w in r.warnings), r.warnings)
        with self.assertRaises(ValueError):
            self.scorer.score(self.gold, {"x": float("nan")})
        with self.assertRaises(ValueError):
            self.scorer.score(self.gold, object())
        bad_gold = dict(self.gold, people=[{"id": 1, "name": "A", "role": "Boss"}])
        with self.assertRaises(oagen.RequestError) as cm:
            self.scorer.score(bad_gold, self.cand)
        self.assertEqual(cm.exception.kind, "invalid_gold")
        # The scorer goes on.
        self.assertEqual(self.scorer.score(self.gold, self.cand).score, FIG1)

    def test_invalid_candidate_scores_zero(self):
        r = self.scorer.score(self.gold, {"people": "nobody"})
        self.assertEqual(r.score, 0.0)
        self.assertEqual(set(r.objective_scores.values()), {0.0})

    def test_validation_report(self):
        # One enum slip: under gate (the default) the candidate scores 0;
        # under report it is scored as if valid, the violation a warning and
        # the first line of the feedback.
        schema = {"type": "object", "properties": {
            "s": {"type": "string", "enum": ["open", "closed"], "score": "exact"},
            "n": {"type": "integer", "score": "exact"}}}
        gold, cand = {"s": "open", "n": 1}, {"s": "opened", "n": 1}
        with oagen.Scorer(schema) as s:
            r = s.score(gold, cand)
            self.assertEqual(r.score, 0.0)
            self.assertEqual(r.feedback, 'Prediction failed schema validation at /s: "opened" is not one of ["open", "closed"]')
            self.assertEqual(r.warnings, [])
        for kwargs in ({"validation": "report"}, {"options": {"validation": "report"}},
                       {"options": {"compat": "default"}, "validation": "report"}):
            with self.subTest(**kwargs), oagen.Scorer(schema, **kwargs) as s:
                r = s.score(gold, cand)
                self.assertEqual(r.score, 0.5)
                lines = r.feedback.split("\n")
                self.assertEqual(lines[0], 'Prediction failed schema validation at /s: "opened" is not one of ["open", "closed"]')
                self.assertTrue(lines[1].startswith("The prediction scored 0.50"), r.feedback)
                self.assertEqual(len(r.warnings), 1)
                self.assertIn("at /s:", r.warnings[0])
                self.assertEqual(r.objective_scores, {"s": 0.0, "n": 1.0})
        with self.assertRaises(ValueError):
            oagen.Scorer(schema, validation="warn")
        with self.assertRaises(oagen.RequestError):
            oagen.Scorer(schema, options={"validation": "warn"})

    def test_schema_forms_and_options(self):
        schema = json.loads(SCHEMA.read_text())
        for form in (schema, SCHEMA, str(SCHEMA)):
            with self.subTest(type(form).__name__), oagen.Scorer(form, jobs=1) as s:
                self.assertEqual(s.score(self.gold, self.cand).score, FIG1)
        for text in (json.dumps(schema), json.dumps(schema).encode()):
            with self.subTest(type(text).__name__), oagen.Scorer(json=text) as s:
                self.assertEqual(s.score(self.gold, self.cand).score, FIG1)
        # Without WL disambiguation the Dave twins pair by the solver alone.
        with oagen.Scorer(schema, options={"id_disambiguation": "none"}) as s:
            self.assertEqual(s.score(self.gold, self.cand).score, 0.6845238095238095)
        # Options are checked at construction.
        with self.assertRaises(oagen.RequestError) as cm:
            oagen.Scorer(schema, options={"no_such_option": 1})
        self.assertEqual(cm.exception.kind, "bad_request")
        self.assertEqual(str(cm.exception), "options/no_such_option: unknown option")
        with self.assertRaises(oagen.RequestError) as cm:
            oagen.Scorer(schema, options={"wl_rounds": "two"})
        self.assertIn("options/wl_rounds", str(cm.exception))
        with self.assertRaises(TypeError):
            oagen.Scorer(schema, options="wl_rounds=2")
        with self.assertRaises(TypeError):
            oagen.Scorer(schema, options={"style": object()})
        for jobs in (0, -1, 1.5, "2", True):
            with self.subTest(jobs=jobs), self.assertRaises(ValueError):
                oagen.Scorer(schema, jobs=jobs)
        for timeout in (0, -1, float("inf"), float("nan"), "10"):
            with self.subTest(timeout=timeout), self.assertRaises(ValueError):
                oagen.Scorer(schema, timeout=timeout)

    def test_bad_schema_is_a_schema_error(self):
        schema = {"type": "object", "properties": {"a": {"type": "string", "scor": "exact"}}}
        with self.assertRaises(oagen.SchemaError) as cm:
            oagen.Scorer(schema)
        msg = str(cm.exception)
        # Located in the schema, with a suggestion, and no temporary file's path.
        self.assertTrue(msg.startswith("schema:1:"), msg)
        self.assertIn('#/properties/a: unknown keyword "scor" (did you mean "score"?)', msg)
        self.assertNotIn("oagen-schema-", msg)
        with self.assertRaises(oagen.SchemaError) as cm:
            oagen.Scorer({"type": "strin"})
        self.assertIn("strin", str(cm.exception))

    def test_bad_schema_file_names_the_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "s.json")
            with open(path, "w") as f:
                f.write('{"type": "object",\n "keyThreshold": 1.5}')
            with self.assertRaises(oagen.SchemaError) as cm:
                oagen.Scorer(path)
            self.assertIn(path + ":2:", str(cm.exception))

    def test_close(self):
        s = oagen.Scorer(str(SCHEMA))
        s.score(self.gold, self.cand)
        proc = s._state["proc"].proc
        s.close()
        self.assertIsNotNone(proc.poll())
        self.assertEqual(proc.returncode, 0)
        with self.assertRaises(oagen.Error):
            s.score(self.gold, self.cand)
        s.close()  # idempotent

    def test_temporary_schema_removed(self):
        s = oagen.Scorer({"type": "integer"})
        path = s._schema
        self.assertTrue(os.path.exists(path))
        self.assertEqual(s.score(3, 3).score, 1.0)
        self.assertEqual(s.score(3, 3).objective_scores, {})
        s.close()
        self.assertFalse(os.path.exists(path))

    def test_binary_lookup(self):
        bundled = oagen.find_binary()
        self.assertEqual(oagen.find_binary("/x/oagen"), "/x/oagen")
        old = os.environ.get("OAGEN_BIN")
        os.environ["OAGEN_BIN"] = "/from/env"
        try:
            self.assertEqual(oagen.find_binary(), "/from/env")
            self.assertEqual(oagen.find_binary("/arg"), "/arg")
        finally:
            if old is None:
                del os.environ["OAGEN_BIN"]
            else:
                os.environ["OAGEN_BIN"] = old
        self.assertTrue(os.access(bundled, os.X_OK))
        with self.assertRaises(oagen.ServerError):
            with oagen.Scorer(str(SCHEMA), binary="/nonexistent/oagen") as s:
                s.score(1, 1)


if __name__ == "__main__":
    unittest.main()
