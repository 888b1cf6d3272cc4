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
        # None, not "": DSPy fills in its own text only for None.
        r = self.scorer.dspy_metric(feedback=False)(self.gold, self.cand)
        self.assertEqual((r.score, r.feedback), (FIG1, None))
        sys.path.insert(0, FAKE_DSPY)
        r = self.scorer.dspy_metric(feedback=False)(self.gold, self.cand)
        self.assertIsNone(r["feedback"])

    def test_chain_of_thought(self):
        """A ChainOfThought prediction has a reasoning field besides the
        signature's outputs: only the example's labels are scored."""
        sys.path.insert(0, FAKE_DSPY)
        import dspy

        gold = dspy.Example(question="who?", **self.gold).with_inputs("question")
        perfect = dspy.Prediction(reasoning="Let me think step by step.", **self.gold)
        r = self.scorer.dspy_metric()(gold, perfect, None, None, None)
        self.assertEqual(r.score, 1.0)
        self.assertNotIn("reasoning", r.feedback)
        r = self.scorer.dspy_metric()(gold, dspy.Prediction(reasoning="…", **self.cand))
        self.assertEqual(r.score, FIG1)
        # Label fields typed str holding JSON text, on either side.
        as_text = {k: json.dumps(v) for k, v in self.gold.items()}
        gold_text = dspy.Example(question="who?", **as_text).with_inputs("question")
        r = self.scorer.dspy_metric()(gold_text, dspy.Prediction(reasoning="…", **as_text))
        self.assertEqual(r.score, 1.0)
        r = self.scorer.dspy_metric()(gold, dspy.Prediction(reasoning="…", **{k: json.dumps(v) for k, v in self.cand.items()}))
        self.assertEqual(r.score, FIG1)

    def test_one_label_field_holding_the_document(self):
        """A signature with one output field, answer: str, holding the JSON
        the schema describes: an identical answer scores 1."""
        sys.path.insert(0, FAKE_DSPY)
        import dspy

        text = json.dumps(self.gold)
        gold = dspy.Example(question="who?", answer=text).with_inputs("question")
        for answer in (text, "Here it is:\n```json\n" + text + "\n```"):
            r = self.scorer.dspy_metric()(gold, dspy.Prediction(reasoning="…", answer=answer))
            self.assertEqual(r.score, 1.0, answer)

    def test_text_forms(self):
        """Every text form a model writes scores as its JSON value."""
        metric = self.scorer.dspy_metric(field="answer")
        body = json.dumps(self.cand)
        forms = {
            "bare": body,
            "fence": "```json\n" + body + "\n```",
            "prose before": "Here is the JSON:\n```json\n" + body + "\n```",
            "prose after": "```json\n" + body + "\n```\nLet me know if you need more.",
            "one-line fence": "```json " + body + "```",
            "two fences": "Draft:\n```json\n{}\n```\nFinal:\n```json\n" + body + "\n```",
            "BOM": "\ufeff" + body,
            "prose around": "The answer is " + body + " as requested.",
        }
        for name, text in forms.items():
            with self.subTest(name):
                self.assertEqual(metric({"answer": self.gold}, {"answer": text}).score, FIG1)
        r = self.scorer.score(self.gold, forms["prose before"])
        self.assertIn("candidate_text: the JSON value was extracted from the text (rule: fenced block)", r.warnings)
        r = self.scorer.score(self.gold, forms["fence"], strict_json=True)
        self.assertEqual(r.score, 0.0)

    def test_objective_scores(self):
        """Every result carries objective_scores with the gold's top-level
        members, as dspy.GEPA(frontier_type="objective") reads them: the
        same keys for a scored and for an unscorable output."""
        sys.path.insert(0, FAKE_DSPY)
        import dspy

        metric = self.scorer.dspy_metric(field="answer")
        results = [metric(dspy.Example(answer=self.gold), dspy.Prediction(answer=p))
                   for p in (self.cand, self.gold, "no JSON at all")]
        keys = set(self.gold)
        for r in results:
            self.assertEqual(set(r["objective_scores"]), keys)
            # What DSPy's adapter does with a metric's result.
            self.assertEqual(set(dict(r.get("objective_scores") or {})), keys)
        self.assertEqual(results[0].objective_scores["agenda"], 0.48809523809523814)
        self.assertEqual(set(results[1].objective_scores.values()), {1.0})
        self.assertEqual(set(results[2].objective_scores.values()), {0.0})
        evaluate = self.scorer.gepa_evaluator()
        for response in (json.dumps(self.cand), "nothing"):
            self.assertEqual(set(evaluate({"answer": self.gold}, response).objective_scores), keys)

    def test_objective_frontier(self):
        """What GEPA does with objective_scores under frontier_type="objective"
        (its documented shape: every example's result a dict of floats, the
        dicts averaged per objective over the valset, one frontier per
        objective holding the programs with the best average): here two
        programs over a valset of two examples."""
        evaluate = self.scorer.gepa_evaluator()
        examples = [{"answer": self.gold}, {"answer": self.gold}]
        programs = {  # the outputs of each program on the two examples
            "weak": [json.dumps(self.cand), "no JSON at all"],
            "strong": [json.dumps(self.gold), json.dumps(self.cand)],
        }
        averages = {}
        for name, outputs in programs.items():
            per_example = [evaluate(d, out).objective_scores for d, out in zip(examples, outputs)]
            for scores in per_example:
                self.assertIsInstance(scores, dict)
                self.assertTrue(all(isinstance(v, float) for v in scores.values()), scores)
            totals = {}
            for scores in per_example:
                for objective, score in scores.items():
                    totals[objective] = totals.get(objective, 0.0) + score
            averages[name] = {k: v / len(per_example) for k, v in totals.items()}
        front, best = {}, {}
        for name, scores in averages.items():
            for objective, score in scores.items():
                if score > best.get(objective, float("-inf")):
                    best[objective], front[objective] = score, {name}
                elif score == best[objective]:
                    front[objective].add(name)
        self.assertEqual(set(front), set(self.gold))
        self.assertEqual(front["people"], {"strong"})
        self.assertEqual(front["agenda"], {"strong"})
        self.assertEqual(averages["weak"]["mentorships"], 0.5)
        self.assertEqual(averages["strong"]["mentorships"], 1.0)

    def test_no_objectives(self):
        """A gold that is not an object has no objectives: None, as GEPA
        wants (all results of a batch None or all dicts)."""
        with oagen.Scorer({"type": "array", "items": {"type": "string", "score": "exact"}}) as scorer:
            r = scorer.dspy_metric()(["a", "b"], ["a"])
            self.assertEqual(r.score, 0.5)
            self.assertIsNone(r.objective_scores)
            for response in ('["a"]', "no JSON"):
                e = scorer.gepa_evaluator()({"answer": ["a", "b"]}, response)
                self.assertIsNone(e.objective_scores)

    def test_bad_output_scores_zero(self):
        metric = self.scorer.dspy_metric(field="answer")
        r = metric({"answer": self.gold}, {"answer": "Sure! Here is the JSON: {"})
        self.assertEqual(r.score, 0.0)
        self.assertTrue(r.feedback.startswith("The output could not be scored: no JSON value in the text"), r.feedback)
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
