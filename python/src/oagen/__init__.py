"""Score JSON output against a gold answer with oagen (Object Aligner).

oagen aligns a candidate JSON value with a gold one under an annotated JSON
Schema and returns a deterministic similarity in [0, 1], ranked repair
operations and feedback text written for prompt optimizers. This package
drives one long-lived ``oagen serve -stdio`` process and multiplexes calls
from any number of threads over it::

    import oagen

    with oagen.Scorer("schema.json") as scorer:
        result = scorer.score(gold, prediction)
        print(result.score, result.feedback)

``Scorer.dspy_metric()`` and ``Scorer.gepa_evaluator()`` adapt a scorer to
DSPy's GEPA optimizer and to GEPA's own adapters. The package uses only the
standard library; the ``oagen`` binary is bundled in the platform wheel.
"""

from ._client import (
    DEFAULT_TIMEOUT,
    Error,
    RequestError,
    Result,
    SchemaError,
    Scorer,
    ServerError,
    ServerTimeout,
    find_binary,
)
from ._metrics import EvaluationResult, MetricResult

__all__ = [
    "DEFAULT_TIMEOUT",
    "Error",
    "EvaluationResult",
    "MetricResult",
    "RequestError",
    "Result",
    "SchemaError",
    "Scorer",
    "ServerError",
    "ServerTimeout",
    "find_binary",
]

__version__ = "0.1.0"
