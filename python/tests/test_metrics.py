import inspect
import json
import os
import sys
import unittest

import oagen
from oagen import _metrics

from support import SCHEMA, load

FIG1 = 0.7678571428571429
FAKE_DSPY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_dspy")


def without_dspy():
    """Forget a dspy imported (or not) before."""
    _metrics._modules.clear()
    sys.modules.pop("dspy", None)


class MetricTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scorer = oagen.Scorer(str(SCHEMA))
        cls.gold, cls.cand = load("gold.json"), load("candidate.json")

    @classmethod
    def tearDownClass(cls):
        cls.scorer.close()
        without_dspy()

    def setUp(self):
        without_dspy()
        if FAKE_DSPY in sys.path:
            sys.path.remove(FAKE_DSPY)

    def test_gepa_checks_five_arguments(self):
        metric = self.scorer.dspy_metric()
        # What dspy.GEPA does with the metric it is given.
        inspect.signature(metric).bind(None, None, None, None, None)
        inspect.signature(metric).bind(None, None)

    def test_without_dspy_a_float(self):
        metric = self.scorer.dspy_metric(field="answer")
        r = metric({"answer": self.gold}, {"answer": json.dumps(self.cand)})
        self.assertIsInstance(r, oagen.MetricResult)
        self.assertIsInstance(r, float)
        self.assertEqual(r.score, FIG1)
        self.assertEqual(float(r), FIG1)
        self.assertTrue(r.feedback.startswith("The prediction scored 0.77"))
        # dspy.Evaluate sums and averages the metric's values.
        results = [r, metric({"answer": self.gold}, {"answer": self.gold}, None, "predict", None)]
        self.assertEqual(round(100 * sum(results) / len(results), 2), round(100 * (FIG1 + 1) / 2, 2))
        self.assertTrue(results[1] > r)

    def test_with_dspy_a_prediction(self):
        sys.path.insert(0, FAKE_DSPY)
        import dspy

        gold = dspy.Example(question="who?", answer=json.dumps(self.gold)).with_inputs("question")
        pred = dspy.Prediction(answer=self.cand)
        r = self.scorer.dspy_metric(field="answer")(gold, pred, None, None, None)
        self.assertIsInstance(r, dspy.Prediction)
        self.assertEqual(r.score, FIG1)
        self.assertTrue(r.feedback.startswith("The prediction scored 0.77"))
        # Without field: the labels of an Example with inputs, the whole
        # Prediction.
        gold2 = dspy.Example(question="who?", **self.gold).with_inputs("question")
        r = self.scorer.dspy_metric()(gold2, dspy.Prediction(**self.cand))
        self.assertEqual(r.score, FIG1)

    def test_feedback_off(self):
        r = self.scorer.dspy_metric(feedback=False)(self.gold, self.cand)
        self.assertEqual((r.score, r.feedback), (FIG1, ""))

    def test_bad_output_scores_zero(self):
        metric = self.scorer.dspy_metric(field="answer")
        r = metric({"answer": self.gold}, {"answer": "Sure! Here is the JSON: {"})
        self.assertEqual(r.score, 0.0)
        self.assertIn("could not be scored", r.feedback)
        # A broken gold is the dataset's fault: it raises.
        with self.assertRaises(oagen.RequestError):
            metric({"answer": {"people": 3}}, {"answer": self.cand})

    def test_gepa_evaluator(self):
        evaluate = self.scorer.gepa_evaluator()
        r = evaluate({"input": "q", "answer": json.dumps(self.gold), "additional_context": {}}, json.dumps(self.cand))
        self.assertEqual(r.score, FIG1)
        self.assertTrue(r.feedback.startswith("The prediction scored 0.77"))
        self.assertEqual(r.objective_scores["agenda"], 0.48809523809523814)
        score, feedback, objectives = r  # EvaluationResult is a 3-tuple
        self.assertEqual(objectives, r.objective_scores)
        self.assertEqual(r._fields, ("score", "feedback", "objective_scores"))
        r = self.scorer.gepa_evaluator(field="gold")({"gold": self.gold}, "```json\n" + json.dumps(self.cand) + "\n```")
        self.assertEqual(r.score, FIG1)
        r = evaluate({"answer": self.gold}, "no JSON here")
        self.assertEqual((r.score, r.objective_scores), (0.0, {"people": 0.0, "mentorships": 0.0, "agenda": 0.0, "period": 0.0}))
        self.assertIn("could not be scored", r.feedback)


if __name__ == "__main__":
    unittest.main()
