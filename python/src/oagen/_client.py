"""The Scorer: a client of one ``oagen serve -stdio`` process."""

import _thread
import collections
import itertools
import json
import math
import os
import queue
import shutil
import stat
import subprocess
import tempfile
import threading
import weakref
from pathlib import Path

from ._convert import to_candidate, to_json
from ._metrics import DSPyMetric, GEPAEvaluator

_EXE = "oagen.exe" if os.name == "nt" else "oagen"
_BUNDLED = Path(__file__).resolve().parent / "_bin" / _EXE

#: The largest request line the server accepts by default (its -max-body).
MAX_LINE = 64 << 20

#: How much of the server's standard error a ServerError keeps.
STDERR_TAIL = 8192

#: The default per-call timeout of a Scorer, in seconds: generous (a call
#: may wait behind others for a worker) but finite.
DEFAULT_TIMEOUT = 600.0


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


class ServerTimeout(ServerError, TimeoutError):
    """A call got no answer within the Scorer's timeout: the server is
    wedged (or far more loaded than the timeout allows). The process is
    stopped; the other calls in flight are retried on a new one."""


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
        warnings: the warnings of the pair (a gold member the schema does
            not declare, how a text prediction's JSON was extracted, ...).
        raw: the server's whole response but its id (bijections, ...).
    """

    __slots__ = ("score", "feedback", "ops", "objective_scores", "warnings", "raw")

    def __init__(self, raw):
        raw.pop("id", None)
        self.raw = raw
        self.score = raw["score"]
        self.feedback = raw.get("feedback")
        self.ops = raw.get("ops")
        self.objective_scores = raw.get("objective_scores") or {}
        self.warnings = list(raw.get("warnings") or [])

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
    """One running ``oagen serve -stdio``, the thread writing its requests
    and the threads reading its output."""

    def __init__(self, argv):
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except OSError as err:
            raise ServerError(f"cannot start {argv[0]}: {err}") from err
        self.argv = argv
        self.state = threading.Lock()  # guards pending and dead
        self.pending = {}  # by id, oldest first
        self.dead = None  # the ServerError once the process is gone
        self.stopping = None  # why the process was stopped, if it was
        self.stderr = collections.deque()
        self.stderr_size = 0
        # Request lines go through a queue to one writer thread, so that a
        # server that stops reading cannot block a caller past its timeout.
        self.lines = queue.SimpleQueue()
        self.err_thread = threading.Thread(target=self._read_stderr, name="oagen-stderr", daemon=True)
        self.err_thread.start()
        self.out_thread = threading.Thread(target=self._read_stdout, name="oagen-stdout", daemon=True)
        self.out_thread.start()
        self.in_thread = threading.Thread(target=self._write_stdin, name="oagen-stdin", daemon=True)
        self.in_thread.start()

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

    def _write_stdin(self):
        """Write the queued request lines; None closes standard input."""
        try:
            while True:
                line = self.lines.get()
                if line is None:
                    break
                self.proc.stdin.write(line)
                if self.lines.empty():
                    self.proc.stdin.flush()
        except (OSError, ValueError):
            pass  # the process is gone; the stdout reader fails the waiters
        try:
            self.proc.stdin.close()
        except (OSError, ValueError):
            pass

    def _read_stdout(self):
        why = "oagen serve exited"
        try:
            with self.proc.stdout:
                for line in self.proc.stdout:
                    response = json.loads(line)
                    rid = response.get("id") if isinstance(response, dict) else None
                    with self.state:
                        if rid is not None:
                            waiter = self.pending.pop(rid, None)
                        elif self.pending:
                            # An answer without an id (a line whose id the
                            # server could not read): it is the answer of
                            # the oldest call, which fails with it.
                            waiter = self.pending.pop(next(iter(self.pending)))
                            if "error" not in response:
                                response = {"error": f"an answer without an id: {line[:200]!r}", "error_kind": "internal"}
                        else:
                            waiter = None
                    if waiter is not None:
                        waiter.response = response
                        waiter.lock.release()
        except (OSError, ValueError) as err:
            why = f"reading the responses of oagen serve: {err}"
        self._die(self.stopping or why)

    def _die(self, why):
        self.err_thread.join(timeout=2)
        try:
            code = self.proc.wait(timeout=2)
            why = f"{why} (exit status {code})"
        except subprocess.TimeoutExpired:
            pass
        error = ServerError(why, self.stderr_tail())
        self.lines.put(None)
        with self.state:
            self.dead = error
            waiting, self.pending = self.pending, {}
        for waiter in waiting.values():
            waiter.error = error
            waiter.lock.release()

    def kill(self, why):
        """Stop the process at once (SIGKILL); the calls in flight fail."""
        self.stopping = why
        try:
            self.proc.kill()
        except OSError:
            pass

    def call(self, rid, line, timeout):
        """Send one request line and wait for its response, for at most
        timeout seconds (then the process is stopped: ServerTimeout)."""
        waiter = _Pending()
        with self.state:
            if self.dead is not None:
                raise self.dead
            self.pending[rid] = waiter
        self.lines.put(line)
        if not waiter.lock.acquire(timeout=timeout):
            with self.state:
                mine = self.pending.pop(rid, None)
            if mine is not None:
                why = (f"no answer from oagen serve within {timeout:g} s (timeout=): it seems wedged, "
                       "so it was stopped; the next call starts a new one")
                self.kill(why)
                raise ServerTimeout(why, self.stderr_tail())
            waiter.lock.acquire()  # answered as the timeout struck
        if waiter.error is not None:
            raise waiter.error
        return waiter.response

    def close(self, timeout=10):
        """Close standard input (the server finishes and exits) and wait."""
        self.lines.put(None)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.out_thread.join(timeout=timeout)
        self.err_thread.join(timeout=timeout)
        self.in_thread.join(timeout=timeout)


def _schema_file(schema, text):
    """The absolute path of the schema and, for a schema given as data
    (a dict or a boolean) or as JSON text (text), the temporary file
    written for it. A str or os.PathLike schema is a path, whatever its
    first characters."""
    if text is not None:
        if schema is not None:
            raise TypeError("give the schema as schema= (a path or a dict) or as json= (JSON text), not both")
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if not isinstance(text, str):
            raise TypeError(f"json=: want the schema's JSON text (str or bytes), got {type(text).__name__}")
        json.loads(text)  # a clear error for malformed schema text
    elif isinstance(schema, (str, os.PathLike)):
        path = os.fspath(schema)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        return os.path.abspath(path), None
    elif isinstance(schema, (dict, bool)):
        text = json.dumps(schema)
    elif schema is None:
        raise TypeError("Scorer needs a schema: a path (str or os.PathLike), a dict, or JSON text as json=")
    else:
        raise TypeError(
            f"schema: want a path (str or os.PathLike) or a dict, got {type(schema).__name__} "
            "(give JSON text as json=)")
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


def _options_text(options):
    """The ``,"options":{…}`` member of every request line, checked for
    type (the server checks the names and values)."""
    if not options:
        return ""
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise TypeError(f"options: want a dict with str keys, got {type(options).__name__}")
    try:
        text = json.dumps(options, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as err:
        raise TypeError(f"options: not JSON: {err}") from err
    return ',"options":' + text


def _message(response):
    """The error message of a response, without the server's "line N: "
    (the line numbers of the pipe mean nothing to a caller)."""
    msg = str(response.get("error", ""))
    head, sep, rest = msg.partition(": ")
    if sep and head.startswith("line ") and head[5:].isdigit():
        return rest
    return msg


def _check_jobs(jobs):
    if jobs is None:
        return None
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs: want a positive int, got {jobs!r}")
    return jobs


def _check_timeout(timeout):
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not (0 < timeout < math.inf):
        raise ValueError(f"timeout: want a positive finite number of seconds, got {timeout!r}")
    return float(timeout)


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
        schema: the annotated JSON Schema: the path of a schema file (a str
            or an os.PathLike, made absolute here, so a later chdir does not
            matter) or the schema as a dict (or a boolean).
        json: the schema as JSON text (str or bytes), instead of schema.
        binary: the oagen binary (default: $OAGEN_BIN, the binary bundled in
            the wheel, or ``oagen`` on PATH; see find_binary).
        options: scoring options sent with every request, by their request
            names (``{"compat": "reference", "wl_rounds": 2}``; see the
            project's README for the list). They are checked here: an
            unknown name or a bad value raises RequestError (a ValueError).
        validation: what a candidate that fails schema validation scores:
            "gate" (0, the default) or "report" (scored as if it were valid;
            each violation is in Result.warnings and first in the feedback).
            The same as options={"validation": ...}.
        jobs: how many pairs the server scores at once (a positive int;
            default: its number of CPUs).
        timeout: seconds a call waits for its answer (default
            DEFAULT_TIMEOUT, 600); past it the server is taken for wedged,
            stopped, and the call raises ServerTimeout.

    A Scorer runs one ``oagen serve -stdio`` process, started on the first
    call (or here, to check options). It is safe to use from many threads:
    their calls are sent over the one process and matched to their
    responses by id; an answer without an id fails the oldest call waiting.
    If the process dies, each call in flight is retried once on a new
    process (scoring is idempotent) and raises ServerError only if that
    fails too. Use it as a context manager, or call close().
    """

    def __init__(self, schema=None, *, json=None, binary=None, options=None, validation=None, jobs=None,
                 timeout=DEFAULT_TIMEOUT):
        text = json
        if validation is not None:
            if validation not in ("gate", "report"):
                raise ValueError(f"validation {validation!r}: want 'gate' or 'report'")
            if options is not None and not isinstance(options, dict):
                raise TypeError(f"options: want a dict with str keys, got {type(options).__name__}")
            options = dict(options or {}, validation=validation)
        options_text = _options_text(options)
        jobs = _check_jobs(jobs)
        self._timeout = _check_timeout(timeout)
        self._binary = find_binary(binary)
        self._schema, tmp = _schema_file(schema, text)
        try:
            _check_schema(self._binary, self._schema, "schema" if tmp else self._schema)
        except BaseException:
            if tmp:
                os.unlink(tmp)
            raise
        self._options = options_text
        self._argv = [self._binary, "serve", "-stdio", "-schema", self._schema]
        if jobs is not None:
            self._argv += ["-jobs", str(jobs)]
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._closed = False
        self._state = {"proc": None, "tmp": tmp}
        self._finalizer = weakref.finalize(self, _cleanup, self._state)
        if options_text:
            self._check_options()

    def _check_options(self):
        """Raise RequestError for options the server refuses (a probe
        request of its own, with an inline schema of null)."""
        line = '{"id":0,"schema":{"type":"null"}%s,"gold":null,"candidate":null}\n' % self._options
        try:
            response = self._call(line.encode("utf-8"), retry=False)
        except BaseException:
            self.close()
            raise
        if response.get("error_kind") == "bad_request":
            self.close()
            raise RequestError("options" + _message(response).split("/options", 1)[-1], "bad_request")

    def _call(self, line, *, retry=True):
        """Send one request line (its id is set here) and return the
        response; a call lost to a crash of the process is sent once more,
        to a new process."""
        for attempt in (0, 1):
            rid = next(self._ids)
            data = b'{"id":%d,' % rid + line[line.index(b",") + 1:] if line.startswith(b'{"id":') else line
            try:
                return self._process().call(rid, data, self._timeout)
            except ServerTimeout:
                raise
            except ServerError:
                if attempt == 1 or not retry or self._closed:
                    raise

    def _process(self):
        with self._lock:
            if self._closed:
                raise Error("the scorer is closed")
            proc = self._state["proc"]
            if proc is None or proc.dead is not None:
                proc = _Process(self._argv)
                self._state["proc"] = proc
            return proc

    def score(self, gold, pred, *, feedback=True, field=None, strict_json=False):
        """Score pred against gold and return a Result.

        gold and pred may be JSON-like data (dicts, lists, scalars), JSON
        text, pydantic models (model_dump), dspy Examples or Predictions
        (toDict, or the attribute named by field), mappings or dataclasses.
        With feedback, the result has the feedback text and the operations.
        A prediction given as text is read by the server's one rule: the
        text as JSON, else the value in the last fenced code block, else
        the first JSON object or array in it (a warning in
        ``Result.warnings`` names the rule); text with no JSON scores 0 with
        the reason first in the feedback. strict_json=True turns that off:
        the text must be JSON.

        Raises ValueError when an input is not JSON (the prediction's
        failure is a subclass the metrics score 0), RequestError when the
        server cannot score the pair (an invalid gold, say), ServerError
        when the process died twice (the call is retried once on a new
        process), ServerTimeout when no answer came within the timeout.
        """
        g = to_json(gold, field, "gold")
        member, p = to_candidate(pred, field)
        strict = ',"strict_json":true' if strict_json else ""
        line = '{"id":0,"feedback":%s%s%s,"gold":%s,"%s":%s}\n' % (
            "true" if feedback else "false", self._options, strict, g, member, p)
        data = line.encode("utf-8")
        if len(data) > MAX_LINE:
            raise RequestError(f"request of {len(data)} bytes is over the server's {MAX_LINE}-byte limit", "limit")
        response = self._call(data)
        if "error" in response:
            raise RequestError(_message(response), response.get("error_kind", ""))
        return Result(response)

    def _root_members(self):
        """The top-level members the schema declares, each mapped to whether
        the schema expects an object or an array there (read once)."""
        members = getattr(self, "_members", None)
        if members is None:
            try:
                with open(self._schema, encoding="utf-8") as f:
                    root = json.load(f)
            except (OSError, ValueError):
                root = {}
            members = {}
            props = root.get("properties") if isinstance(root, dict) else None
            for key, sub in (props or {}).items():
                types = sub.get("type") if isinstance(sub, dict) else None
                types = types if isinstance(types, list) else [types]
                members[key] = bool({"object", "array"} & set(types)) or (
                    isinstance(sub, dict) and ("properties" in sub or "items" in sub))
            self._members = members
        return members

    def dspy_metric(self, field=None, feedback=True):
        """A metric for DSPy, with the signature GEPA checks for:
        ``metric(gold, pred, trace=None, pred_name=None, pred_trace=None)``.

        Without field, it scores the example's label fields
        (``gold.labels()``, the signature's output fields) from both sides
        and ignores the prediction's other fields (ChainOfThought's
        ``reasoning``, ...); a label field holding JSON text is parsed where
        the schema expects an object or array. When there is one label field
        and the schema does not declare it as a member, the schema describes
        that field's value. With field, it scores that attribute of the
        Example and of the Prediction.

        The metric returns ``dspy.Prediction(score=…, feedback=…,
        objective_scores=…)`` (DSPy's ``ScoreWithFeedback`` shape, which
        ``dspy.GEPA`` reads, also with ``frontier_type="objective"``) when
        dspy is importable, otherwise a MetricResult (a float with the same
        attributes). objective_scores has one score per top-level member of
        an object gold and is None otherwise; feedback is None with
        feedback=False (DSPy then writes its own). A prediction that is not
        JSON, or exceeds a limit, scores 0 with feedback saying so. It is
        safe to call from dspy.Evaluate's threads.
        """
        return DSPyMetric(self, field, feedback)

    def gepa_evaluator(self, field=None):
        """An evaluator for GEPA's adapters: ``evaluator(data, response)``
        returning ``EvaluationResult(score, feedback, objective_scores)``
        (GEPA's own type when gepa is importable).

        The gold is ``data[field]`` (default ``data["answer"]``, as in GEPA's
        DefaultDataInst, or data itself when it has no such key); response is
        the model's output text, read by the server's one rule (the text as
        JSON, else the last fenced block, else the first JSON object or
        array). Pass it to ``gepa.adapters.default_adapter.default_adapter.DefaultAdapter(
        model, evaluator=...)``. objective_scores has one entry per
        top-level member of an object gold (0 for an output that cannot be
        scored) and is None for a gold that is not an object.
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
