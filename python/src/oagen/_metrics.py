"""Adapters of a Scorer to DSPy's and GEPA's metric interfaces."""

import importlib
import json
from collections.abc import Mapping
from typing import Dict, NamedTuple, Optional

from ._convert import CandidateError, to_json


class MetricResult(float):
    """A score that is a float and carries its feedback text.

    It is what ``Scorer.dspy_metric`` returns when ``dspy`` is not
    installed: ``float(r)``, sums and comparisons use the score (as
    ``dspy.Evaluate`` does with a plain float metric), and ``r.score`` and
    ``r.feedback`` give the two parts.
    """

    feedback: str

    def __new__(cls, score: float, feedback: str = ""):
        obj = super().__new__(cls, score)
        obj.feedback = feedback
        return obj

    @property
    def score(self) -> float:
        """The score, as a plain float."""
        return float(self)

    def __repr__(self) -> str:
        return f"MetricResult(score={float(self)!r}, feedback={self.feedback!r})"


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
        return scorer.score(gold, pred, feedback=feedback, field=field), None
    except CandidateError as err:
        return None, f"The output could not be scored: {err}. It must be JSON that follows the schema."
    except RequestError as err:
        if err.kind == "limit":
            return None, f"The output could not be scored: {err}."
        raise


class DSPyMetric:
    """A DSPy metric with GEPA's five-argument signature (see
    ``Scorer.dspy_metric``)."""

    def __init__(self, scorer, field=None, feedback=True):
        self._scorer = scorer
        self._field = field
        self._feedback = feedback

    def __call__(self, gold, pred, trace=None, pred_name=None, pred_trace=None):
        """Score pred against gold; returns ``dspy.Prediction(score=…,
        feedback=…)`` when dspy is importable, else a MetricResult."""
        result, problem = score_or_zero(self._scorer, gold, pred, self._field, self._feedback)
        if result is None:
            score, text = 0.0, problem
        else:
            score, text = result.score, result.feedback or ""
        dspy = optional_module("dspy")
        if dspy is not None:
            return dspy.Prediction(score=score, feedback=text)
        return MetricResult(score, text)


class GEPAEvaluator:
    """A GEPA evaluator ``(data, response) -> EvaluationResult`` (see
    ``Scorer.gepa_evaluator``). objective_scores is always a dict (empty
    for a gold that is not an object), as GEPA's DefaultAdapter wants the
    results of a batch to have objectives all or none."""

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
        if result is None:
            # The same objectives as a scored output (GEPA wants all or none
            # of a batch to have them), every one 0.
            data = json.loads(to_json(gold, None, "gold"))
            zeros = {key: 0.0 for key in data} if isinstance(data, dict) else {}
            return make(score=0.0, feedback=problem, objective_scores=zeros)
        return make(score=result.score, feedback=result.feedback or "",
                    objective_scores=dict(result.objective_scores))
