"""Adapters of a Scorer to DSPy's and GEPA's metric interfaces."""

import importlib
import json
from collections.abc import Mapping
from typing import Dict, NamedTuple, Optional

from ._convert import CandidateError, to_json


class MetricResult(float):
    """A score that is a float and carries its feedback text and objective
    scores.

    It is what ``Scorer.dspy_metric`` returns when ``dspy`` is not
    installed: ``float(r)``, sums and comparisons use the score (as
    ``dspy.Evaluate`` does with a plain float metric), and ``r.score``,
    ``r.feedback`` and ``r.objective_scores`` give the parts (``r["score"]``
    too, as on a ``dspy.Prediction``).
    """

    feedback: Optional[str]
    objective_scores: Optional[Dict[str, float]]

    def __new__(cls, score: float, feedback: Optional[str] = "", objective_scores: Optional[Dict[str, float]] = None):
        obj = super().__new__(cls, score)
        obj.feedback = feedback
        obj.objective_scores = objective_scores
        return obj

    @property
    def score(self) -> float:
        """The score, as a plain float."""
        return float(self)

    def __getitem__(self, key):
        if key not in ("score", "feedback", "objective_scores"):
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key, default=None):
        """As ``dspy.Prediction.get``."""
        try:
            return self[key]
        except KeyError:
            return default

    def __repr__(self) -> str:
        return (f"MetricResult(score={float(self)!r}, feedback={self.feedback!r}, "
                f"objective_scores={self.objective_scores!r})")


class EvaluationResult(NamedTuple):
    """The shape of GEPA's ``EvaluationResult``: score, feedback, objectives."""

    score: float
    feedback: str
    objective_scores: Optional[Dict[str, float]] = None


_modules = {}


def optional_module(name):
    """The module name if it can be imported, else None (remembered)."""
    if name not in _modules:
        try:
            _modules[name] = importlib.import_module(name)
        except ImportError:
            _modules[name] = None
    return _modules[name]


def gepa_result_type():
    """GEPA's EvaluationResult when gepa is installed, else ours."""
    mod = optional_module("gepa.adapters.default_adapter.default_adapter")
    return getattr(mod, "EvaluationResult", EvaluationResult)


def score_or_zero(scorer, gold, pred, field, feedback):
    """Score a pair; a prediction that is not JSON, or that exceeds a limit,
    scores 0 with feedback saying why (an optimizer must not crash on a
    malformed output). Errors of the gold propagate."""
    # Imported here: _client imports this module.
    from ._client import RequestError

    try:
        return scorer.score(gold, pred, feedback=feedback is not False, field=field), None
    except CandidateError as err:
        return None, f"The output could not be scored: {err}. It must be JSON that follows the schema."
    except RequestError as err:
        if err.kind == "limit":
            return None, f"The output could not be scored: {err}."
        raise


def _objectives(gold_json, result):
    """The objective scores of a scored pair: one per top-level member of
    an object gold (0 each when result is None: the output could not be
    scored), None for a gold that is not an object (no objectives)."""
    data = json.loads(gold_json)
    if not isinstance(data, dict):
        return None
    if result is None:
        return {key: 0.0 for key in data}
    return dict(result.objective_scores)


def _fields(value):
    """The fields of a dspy Example or Prediction (or a mapping) as a dict,
    or None for anything else."""
    if isinstance(value, Mapping):
        return dict(value)
    to_dict = getattr(value, "toDict", None)
    if callable(to_dict):
        return dict(to_dict())
    return None


def _label_keys(gold):
    """The label (output) fields of a dspy Example: labels() when it declares
    its inputs, else None."""
    labels = getattr(gold, "labels", None)
    if not callable(labels) or not callable(getattr(gold, "toDict", None)):
        return None
    try:
        return list(labels().toDict())
    except Exception:  # no inputs declared
        return None


def _parse_structured(value, expects):
    """value, parsed when it is JSON text and the schema expects an object
    or an array there (a signature field typed str holding JSON)."""
    if expects and isinstance(value, (str, bytes, bytearray)):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


class DSPyMetric:
    """A DSPy metric with GEPA's five-argument signature (see
    ``Scorer.dspy_metric``)."""

    def __init__(self, scorer, field=None, feedback=True):
        self._scorer = scorer
        self._field = field
        self._feedback = feedback

    def _documents(self, gold, pred):
        """The gold and the prediction to score: with field, those fields;
        else the example's label fields, from both sides (the prediction's
        other fields, such as ChainOfThought's reasoning, are ignored), or
        the one label field's value when the schema does not declare it as
        a member (the schema then describes that field's JSON)."""
        if self._field is not None:
            return gold, pred, self._field
        keys = _label_keys(gold)
        pfields = _fields(pred)
        if keys is None or pfields is None:
            return gold, pred, None
        gfields = _fields(gold)
        props = self._scorer._root_members()
        if len(keys) == 1 and keys[0] not in props:
            key = keys[0]
            return gfields[key], pfields.get(key), None
        g = {k: _parse_structured(gfields[k], props.get(k)) for k in keys}
        p = {k: _parse_structured(pfields[k], props.get(k)) for k in keys if k in pfields}
        return g, p, None

    def __call__(self, gold, pred, trace=None, pred_name=None, pred_trace=None):
        """Score pred against gold; returns ``dspy.Prediction(score=…,
        feedback=…, objective_scores=…)`` (the shape of DSPy's
        ``ScoreWithFeedback``) when dspy is importable, else a MetricResult.
        feedback is None when the metric was made with feedback=False (DSPy
        then writes its own); objective_scores is None for a gold that is
        not an object."""
        g, p, field = self._documents(gold, pred)
        result, problem = score_or_zero(self._scorer, g, p, field, self._feedback)
        gold_json = to_json(g, field, "gold")
        if result is None:
            score, text = 0.0, problem
        else:
            score, text = result.score, result.feedback or ""
        if not self._feedback:
            text = None
        objectives = _objectives(gold_json, result)
        dspy = optional_module("dspy")
        if dspy is not None:
            return dspy.Prediction(score=score, feedback=text, objective_scores=objectives)
        return MetricResult(score, text, objectives)


class GEPAEvaluator:
    """A GEPA evaluator ``(data, response) -> EvaluationResult`` (see
    ``Scorer.gepa_evaluator``). objective_scores is a dict with one entry
    per top-level member of an object gold, also for an output that cannot
    be scored (0 each: GEPA's DefaultAdapter wants the results of a batch
    to have objectives all or none), and None for a gold that is not an
    object (no objectives)."""

    def __init__(self, scorer, field=None):
        self._scorer = scorer
        self._field = field

    def _gold(self, data):
        key = self._field or "answer"
        if isinstance(data, Mapping):
            if key in data:
                return data[key]
            if self._field is not None:
                raise ValueError(f"the data instance has no field {key!r}")
            return data
        if self._field is not None:
            return getattr(data, self._field)
        return data

    def __call__(self, data, response):
        """Score response (the model's output, JSON text or data) against
        the gold of the data instance."""
        gold = self._gold(data)
        result, problem = score_or_zero(self._scorer, gold, response, None, True)
        make = gepa_result_type()
        objectives = _objectives(to_json(gold, None, "gold"), result)
        if result is None:
            return make(score=0.0, feedback=problem, objective_scores=objectives)
        return make(score=result.score, feedback=result.feedback or "", objective_scores=objectives)
