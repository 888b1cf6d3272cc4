"""The Scorer: a client of one ``oagen serve -stdio`` process."""

import _thread
import collections
import itertools
import json
import os
import shutil
import stat
import subprocess
import tempfile
import threading
import weakref
from pathlib import Path

from ._convert import to_json
from ._metrics import DSPyMetric, GEPAEvaluator

_EXE = "oagen.exe" if os.name == "nt" else "oagen"
_BUNDLED = Path(__file__).resolve().parent / "_bin" / _EXE

#: The largest request line the server accepts by default (its -max-body).
MAX_LINE = 64 << 20

#: How much of the server's standard error a ServerError keeps.
STDERR_TAIL = 8192


class Error(Exception):
    """Base class of the errors of this package."""


class ServerError(Error):
    """The ``oagen serve`` process died or could not be started.

    ``stderr`` holds the end of what the process wrote on its standard
    error. The calls in flight when it died raise this error; the next call
    starts a new process.
    """

    def __init__(self, message, stderr=""):
        if stderr:
            message = f"{message}\n--- oagen stderr (tail) ---\n{stderr}"
        super().__init__(message)
        self.stderr = stderr


class SchemaError(Error, ValueError):
    """The schema given to a Scorer is not a valid annotated JSON Schema.

    The message lists every error as ``schema:line:col: #/pointer: message``
    (or with the schema file's path when the schema was given as a path).
    """


class RequestError(Error, ValueError):
    """The server could not score a request (an invalid gold, a limit, a bad
    option, ...). ``kind`` is the server's error kind: ``bad_json``,
    ``bad_request``, ``bad_schema``, ``invalid_gold``, ``limit``,
    ``score_error`` or ``internal``."""

    def __init__(self, message, kind=""):
        super().__init__(message)
        self.kind = kind


class Result:
    """The outcome of scoring one pair.

    Attributes:
        score: the similarity in [0, 1].
        feedback: the ranked feedback text (None when not asked for).
        ops: the ranked repair operations, dicts with op, kind, path, delta,
            value, gold, candidate, pair_id, confidence (None when feedback
            was not asked for).
        objective_scores: the similarity of each top-level member of the
            gold root object, by key (empty for a non-object root).
        raw: the server's whole response but its id (bijections, ...).
    """

    __slots__ = ("score", "feedback", "ops", "objective_scores", "raw")

    def __init__(self, raw):
        raw.pop("id", None)
        self.raw = raw
        self.score = raw["score"]
        self.feedback = raw.get("feedback")
        self.ops = raw.get("ops")
        self.objective_scores = raw.get("objective_scores") or {}

    def __float__(self):
        return float(self.score)

    def __repr__(self):
        return f"Result(score={self.score!r}, feedback={self.feedback!r}, objective_scores={self.objective_scores!r})"


def find_binary(binary=None):
    """Return the oagen binary to run: binary if given, else $OAGEN_BIN,
    else the binary bundled in the wheel, else ``oagen`` on PATH."""
    if binary:
        return os.fspath(binary)
    env = os.environ.get("OAGEN_BIN")
    if env:
        return env
    if _BUNDLED.is_file():
        mode = _BUNDLED.stat().st_mode
        if not mode & stat.S_IXUSR:  # an installer that dropped the mode bits
            try:
                _BUNDLED.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
            except OSError:
                pass
        return str(_BUNDLED)
    found = shutil.which("oagen")
    if found:
        return found
    raise FileNotFoundError(
        "no oagen binary: pass binary=, set OAGEN_BIN, install the platform wheel "
        "(it bundles one), or put oagen on PATH"
    )


class _Pending:
    """One call waiting for its response (a lock released on arrival)."""

    __slots__ = ("lock", "response", "error")

    def __init__(self):
        self.lock = _thread.allocate_lock()
        self.lock.acquire()
        self.response = None
        self.error = None


class _Process:
    """One running ``oagen serve -stdio`` and the threads reading its output."""

    def __init__(self, argv):
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except OSError as err:
            raise ServerError(f"cannot start {argv[0]}: {err}") from err
        self.argv = argv
        self.state = threading.Lock()  # guards pending and dead
        self.writing = threading.Lock()  # serializes request lines
        self.pending = {}
        self.dead = None  # the ServerError once the process is gone
        self.stderr = collections.deque()
        self.stderr_size = 0
        self.err_thread = threading.Thread(target=self._read_stderr, name="oagen-stderr", daemon=True)
        self.err_thread.start()
        self.out_thread = threading.Thread(target=self._read_stdout, name="oagen-stdout", daemon=True)
        self.out_thread.start()

    def _read_stderr(self):
        with self.proc.stderr:
            for chunk in iter(lambda: self.proc.stderr.read1(4096), b""):
                self.stderr.append(chunk)
                self.stderr_size += len(chunk)
                while self.stderr_size - len(self.stderr[0]) >= STDERR_TAIL:
                    self.stderr_size -= len(self.stderr.popleft())

    def stderr_tail(self):
        text = b"".join(self.stderr)[-STDERR_TAIL:]
        return text.decode("utf-8", "replace").strip()

    def _read_stdout(self):
        why = "oagen serve exited"
        try:
            with self.proc.stdout:
                for line in self.proc.stdout:
                    response = json.loads(line)
                    with self.state:
                        waiter = self.pending.pop(response.get("id"), None)
                    if waiter is not None:
                        waiter.response = response
                        waiter.lock.release()
        except (OSError, ValueError) as err:
            why = f"reading the responses of oagen serve: {err}"
        self._die(why)

    def _die(self, why):
        self.err_thread.join(timeout=2)
        try:
            code = self.proc.wait(timeout=2)
            why = f"{why} (exit status {code})"
        except subprocess.TimeoutExpired:
            pass
        error = ServerError(why, self.stderr_tail())
        try:
            self.proc.stdin.close()
        except (OSError, ValueError):
            pass
        with self.state:
            self.dead = error
            waiting, self.pending = self.pending, {}
        for waiter in waiting.values():
            waiter.error = error
            waiter.lock.release()

    def call(self, rid, line):
        """Send one request line and wait for its response."""
        waiter = _Pending()
        with self.state:
            if self.dead is not None:
                raise self.dead
            self.pending[rid] = waiter
        try:
            with self.writing:
                self.proc.stdin.write(line)
                self.proc.stdin.flush()
        except (OSError, ValueError):
            # The process is gone; the stdout reader fails the waiters.
            pass
        waiter.lock.acquire()
        if waiter.error is not None:
            raise waiter.error
        return waiter.response

    def close(self, timeout=10):
        """Close standard input (the server finishes and exits) and wait."""
        with self.writing:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.out_thread.join(timeout=timeout)
        self.err_thread.join(timeout=timeout)


def _schema_file(schema):
    """The path of the schema and, for a schema given as data, the
    temporary file written for it."""
    if isinstance(schema, os.PathLike):
        return os.fspath(schema), None
    if isinstance(schema, str) and not schema.lstrip().startswith(("{", "[", "true", "false")):
        return schema, None
    if isinstance(schema, (str, bytes)):
        text = schema if isinstance(schema, str) else schema.decode("utf-8")
        json.loads(text)  # a clear error for malformed schema text
    else:
        text = json.dumps(schema)
    fd, path = tempfile.mkstemp(prefix="oagen-schema-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    return path, path


def _check_schema(binary, path, label):
    """Raise SchemaError when ``oagen check`` rejects the schema at path;
    label replaces a temporary file's path in the messages."""
    try:
        proc = subprocess.run([binary, "check", path], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise ServerError(f"cannot run {binary} check: {err}") from err
    if proc.returncode == 0:
        return
    out = (proc.stdout + "\n" + proc.stderr).splitlines()
    lines = [ln for ln in out if ln.strip() and not ln.startswith("oagen check:")]
    text = "\n".join(lines) or proc.stderr.strip() or f"oagen check exited {proc.returncode}"
    raise SchemaError(text.replace(path, label))


def _cleanup(state):
    """Finalizer: stop the process and remove the temporary schema."""
    proc, tmp = state.get("proc"), state.get("tmp")
    state["proc"] = None
    if proc is not None:
        proc.close()
    if tmp:
        try:
            os.unlink(tmp)
        except OSError:
            pass


class Scorer:
    """Scores JSON outputs against gold answers under one schema.

    Args:
        schema: the annotated JSON Schema: a dict, JSON text, or the path of
            a schema file.
        binary: the oagen binary (default: $OAGEN_BIN, the binary bundled in
            the wheel, or ``oagen`` on PATH; see find_binary).
        options: scoring options sent with every request, by their request
            names (``{"compat": "reference", "wl_rounds": 2}``; see the
            project's README for the list).
        jobs: how many pairs the server scores at once (default: its number
            of CPUs).

    A Scorer runs one ``oagen serve -stdio`` process, started on the first
    call. It is safe to use from many threads: their calls are sent over the
    one process and matched to their responses by id. If the process dies,
    the calls in flight raise ServerError and the next call starts a new
    process. Use it as a context manager, or call close().
    """

    def __init__(self, schema, *, binary=None, options=None, jobs=None):
        self._binary = find_binary(binary)
        self._schema, tmp = _schema_file(schema)
        try:
            _check_schema(self._binary, self._schema, "schema" if tmp else self._schema)
        except BaseException:
            if tmp:
                os.unlink(tmp)
            raise
        self._options = "" if not options else ',"options":' + json.dumps(options, separators=(",", ":"))
        self._argv = [self._binary, "serve", "-stdio", "-schema", self._schema]
        if jobs is not None:
            self._argv += ["-jobs", str(int(jobs))]
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._closed = False
        self._state = {"proc": None, "tmp": tmp}
        self._finalizer = weakref.finalize(self, _cleanup, self._state)

    def _process(self):
        with self._lock:
            if self._closed:
                raise Error("the scorer is closed")
            proc = self._state["proc"]
            if proc is None or proc.dead is not None:
                proc = _Process(self._argv)
                self._state["proc"] = proc
            return proc

    def score(self, gold, pred, *, feedback=True, field=None):
        """Score pred against gold and return a Result.

        gold and pred may be JSON-like data (dicts, lists, scalars), JSON
        text, pydantic models (model_dump), dspy Examples or Predictions
        (toDict, or the attribute named by field), mappings or dataclasses.
        With feedback, the result has the feedback text and the operations.

        Raises ValueError when an input is not JSON (the prediction's
        failure is a subclass the metrics score 0), RequestError when the
        server cannot score the pair (an invalid gold, say), ServerError
        when the process died.
        """
        g = to_json(gold, field, "gold")
        p = to_json(pred, field, "prediction")
        rid = next(self._ids)
        line = '{"id":%d,"feedback":%s%s,"gold":%s,"candidate":%s}\n' % (
            rid, "true" if feedback else "false", self._options, g, p)
        data = line.encode("utf-8")
        if len(data) > MAX_LINE:
            raise RequestError(f"request of {len(data)} bytes is over the server's {MAX_LINE}-byte limit", "limit")
        response = self._process().call(rid, data)
        if "error" in response:
            raise RequestError(response["error"], response.get("error_kind", ""))
        return Result(response)

    def dspy_metric(self, field=None, feedback=True):
        """A metric for DSPy, with the signature GEPA checks for:
        ``metric(gold, pred, trace=None, pred_name=None, pred_trace=None)``.

        field names the attribute of the Example and of the Prediction that
        holds the JSON (default: the whole object, the Example's labels
        when it declares inputs). The metric returns
        ``dspy.Prediction(score=…, feedback=…)`` when dspy is importable and
        otherwise a MetricResult (a float with .score and .feedback). A
        prediction that is not JSON, or exceeds a limit, scores 0 with
        feedback saying so. It is safe to call from dspy.Evaluate's threads.
        """
        return DSPyMetric(self, field, feedback)

    def gepa_evaluator(self, field=None):
        """An evaluator for GEPA's adapters: ``evaluator(data, response)``
        returning ``EvaluationResult(score, feedback, objective_scores)``
        (GEPA's own type when gepa is importable).

        The gold is ``data[field]`` (default ``data["answer"]``, as in GEPA's
        DefaultDataInst, or data itself when it has no such key); response is
        the model's output (JSON text, possibly in a Markdown code fence).
        Pass it to ``gepa.adapters.default_adapter.default_adapter.DefaultAdapter(
        model, evaluator=...)``. objective_scores always has one entry per
        top-level member of the gold (0 for an output that cannot be scored).
        """
        return GEPAEvaluator(self, field)

    def close(self):
        """Stop the server process (it finishes the calls in flight)."""
        with self._lock:
            self._closed = True
        self._finalizer()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
