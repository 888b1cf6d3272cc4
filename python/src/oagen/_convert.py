"""Conversion of gold and predicted values to JSON text."""

import dataclasses
import json
from collections.abc import Mapping

_SCALARS = (dict, list, tuple, str, bytes, bytearray, int, float, bool, type(None))


class CandidateError(ValueError):
    """The predicted value cannot be turned into JSON (a metric scores it 0)."""


def _default(obj):
    """json.dumps hook: objects that carry JSON-like data."""
    dump = getattr(obj, "model_dump", None)
    if callable(dump):  # pydantic v2
        return dump(mode="json")
    to_dict = getattr(obj, "toDict", None)
    if callable(to_dict):  # dspy.Example, dspy.Prediction
        return to_dict()
    if isinstance(obj, Mapping):
        return dict(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    raise TypeError(f"{type(obj).__name__} is not JSON serializable")


def _parse_text(text):
    """Parse JSON text; text wrapped in one Markdown code fence is unwrapped."""
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        stripped = text.strip()
        if stripped.startswith("```") and stripped.endswith("```") and len(stripped) > 6:
            body = stripped[3:-3]
            first, _, rest = body.partition("\n")
            if first.strip() and not first.strip().startswith(("{", "[")):
                body = rest  # a language tag such as "json"
            try:
                return json.loads(body)
            except json.JSONDecodeError:
                pass
        raise ValueError(f"not valid JSON: {err}") from None


def _extract(value, field):
    """The JSON-like data of value: field's value when field is given."""
    if field is not None:
        if isinstance(value, Mapping):
            if field not in value:
                raise ValueError(f"no field {field!r} (has {sorted(value)!r})")
            return value[field]
        try:
            return getattr(value, field)
        except AttributeError:
            raise ValueError(f"{type(value).__name__} has no field {field!r}") from None
    if isinstance(value, _SCALARS):
        return value
    labels = getattr(value, "labels", None)
    if callable(labels) and callable(getattr(value, "toDict", None)):
        # A dspy.Example with inputs declared: its labels are the gold.
        try:
            return labels().toDict()
        except Exception:  # no inputs declared: the whole example
            pass
    return value


def to_json(value, field=None, what="value"):
    """Return value as compact JSON text on one line.

    value may be JSON-like data (dicts, lists, scalars), JSON text (str or
    bytes), a pydantic model (model_dump), a dspy.Example or Prediction
    (toDict, or the attribute named by field), a mapping or a dataclass.
    Raises ValueError (CandidateError for the prediction) naming what.
    """
    error = CandidateError if what == "prediction" else ValueError
    try:
        data = _extract(value, field)
        if isinstance(data, (str, bytes, bytearray)):
            data = _parse_text(data)
        return json.dumps(data, default=_default, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as err:
        raise error(f"{what}: {err}") from None


def to_candidate(value, field=None):
    """The request member and its JSON for a prediction: text (str or
    bytes) goes as ``"candidate_text"``, whose JSON value the server finds
    (the text as JSON, else the last fenced block, else the first object or
    array: one rule for every surface); anything else as ``"candidate"``."""
    try:
        data = _extract(value, field)
    except ValueError as err:
        raise CandidateError(f"prediction: {err}") from None
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise CandidateError(f"prediction: {err}") from None
    if isinstance(data, str):
        return "candidate_text", json.dumps(data, separators=(",", ":"))
    return "candidate", to_json(data, None, "prediction")
