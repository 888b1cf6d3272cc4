package eval

import (
	"context"
	"fmt"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// LineScorer scores the lines of a dataset, one request per line, as
// "oagen score -batch", "oagen repair -batch" and "oagen eval" do: each line
// is parsed, prepared by the Engine (its own schema and options apply) and
// scored into its response line and, with an Observer, its Case. It is
// safe for concurrent use (an Engine and an Observer are).
type LineScorer struct {
	// Engine resolves each request to its scorer and settings.
	Engine *request.Engine
	// Decode are the JSON decoder options of the lines.
	Decode jsonval.DecodeOptions
	// Observer, when set, turns every line into a Case (ScoredLine.Case),
	// with the line's ranked repair operations (ScoredLine.Ops).
	Observer *Observer
	// DeferOps, with an Observer, leaves a scored line's Ops and its
	// Case's TopFix to AddOps, which the caller calls for the lines it
	// keeps (those State.Wants): the ranked operations cost about as much
	// as the score, and a case's top fix is shown only when the State
	// keeps the case.
	DeferOps bool
	// Responses render the response lines; its nil fields take those of
	// "oagen score -batch" and "oagen eval".
	Responses Responses
}

// Responses render the response lines of a LineScorer, appended to dst
// without their newline: Result that of a scored line, Failure that of a
// line that was not scored, whose message msg is the error's text after
// the line number ("line N: …"). Those of "oagen score -batch" and "oagen
// eval" are request.AppendResult and request.AppendError.
type Responses struct {
	Result  func(dst []byte, r *request.Request, res *interp.Result, s request.Settings) ([]byte, error)
	Failure func(dst []byte, r *request.Request, msg string, err error) []byte
}

// ScoredLine is the outcome of one line.
type ScoredLine struct {
	// Request is the line's request: nil when the line did not parse;
	// when the line was not scored, it may be partial (its id only).
	Request *request.Request
	// Settings are the request's settings (the engine's base settings
	// overlaid by the request's options).
	Settings request.Settings
	// Result is the scored pair (nil when the line was not scored). Without
	// an Observer and with the default Responses.Result, a line that asks
	// for neither feedback nor attribution takes the score-only path
	// (request.Score) and its Result has no match tree.
	Result *interp.Result
	// Ops are the ranked repair operations of a scored line, with an
	// Observer.
	Ops []align.Op
	// Err is why the line was not scored (nil when it was); its kind is
	// request.KindOf(Err).
	Err error
	// Output is the line's response, newline included: Responses.Result
	// for a scored line, else Responses.Failure with the message "line N:
	// …" (N the line's number; no prefix when the number is unknown).
	Output []byte
	// Case is the line's Case, with an Observer. Its Detail is left to the
	// caller, who builds it (from Result, Ops and Settings) for the cases
	// State.Wants.
	Case Case
}

// Score scores one line of a dataset: line is its content without the line
// terminator, number its 1-based number in its input (0 when unknown, as
// in a pipeline). It never panics on bad input: a line that cannot be
// scored is an error outcome, and a panic (a bug in oagen) the line's
// error, of kind internal, so that one line never stops a dataset.
func (s *LineScorer) Score(number int, line []byte) (out ScoredLine) {
	return s.score(number, line, nil, nil, nil, nil)
}

// A LineWorker scores lines as its LineScorer does, one after the other,
// reusing its storage from line to line: the Request, the decoded
// request's containers (jsonval.Decoder), the match tree (interp.TreeArena)
// and the response buffer. So the ScoredLine a call returns shares that
// storage: its Request, Result and Ops (and the values in them) and its
// Output are valid until the worker's next call; the rest (Settings, Err,
// Case) stays valid. A worker is not safe for concurrent use: give each
// goroutine its own (LineScorer.Worker).
type LineWorker struct {
	s     *LineScorer
	dec   jsonval.Decoder
	req   request.Request
	arena interp.TreeArena
	out   []byte
}

// Worker returns a new worker of s.
func (s *LineScorer) Worker() *LineWorker {
	return &LineWorker{s: s, dec: jsonval.Decoder{Options: s.Decode}}
}

// maxKeptOutput bounds the response buffer a LineWorker keeps.
const maxKeptOutput = 1 << 20

// Score is LineScorer.Score on the worker's storage.
func (w *LineWorker) Score(number int, line []byte) ScoredLine {
	out := w.s.score(number, line, &w.dec, &w.req, &w.arena, w.out[:0])
	if cap(out.Output) <= maxKeptOutput {
		w.out = out.Output
	}
	return out
}

// score is Score, decoding with dec into into (nil: a fresh decode into a
// new Request), building the match tree in arena (nil: a tree of its own)
// and appending the response to buf.
func (s *LineScorer) score(number int, line []byte, dec *jsonval.Decoder, into *request.Request, arena *interp.TreeArena, buf []byte) (out ScoredLine) {
	defer func() {
		if p := recover(); p != nil {
			out = s.fail(number, line, out.Request, &request.Error{Kind: request.Internal, Err: fmt.Errorf("internal error: %v", p)}, buf)
		}
	}()
	var req *request.Request
	var err error
	if dec != nil {
		req, err = request.ParseInto(line, dec, into)
	} else {
		req, err = request.Parse(line, s.Decode)
	}
	out.Request = req // on error, nil or a partial request with the id
	if err != nil {
		return s.fail(number, line, req, err, buf)
	}
	sc, settings, err := s.Engine.Prepare(req)
	out.Settings = settings
	if err != nil {
		return s.fail(number, line, req, err, buf)
	}
	result := request.AppendResult
	if s.Responses.Result != nil {
		result = s.Responses.Result
	}
	var res *interp.Result
	if s.Observer == nil && s.Responses.Result == nil {
		// The response alone: the score-only path when the line asks for
		// no feedback and no attribution (request.Score).
		res, err = request.Score(context.Background(), sc, req, settings)
	} else if arena != nil {
		res, err = sc.AlignArena(context.Background(), req.Gold, req.Candidate, arena)
	} else {
		res, err = sc.Align(req.Gold, req.Candidate)
	}
	if err != nil {
		return s.fail(number, line, req, err, buf)
	}
	text, err := result(buf, req, res, settings)
	if err != nil {
		return s.fail(number, line, req, err, buf)
	}
	out.Result, out.Output = res, append(text, '\n')
	if s.Observer == nil {
		return out
	}
	if !s.DeferOps {
		if out.Ops, err = res.Repair(settings.Repair); err != nil {
			return s.fail(number, line, req, err, buf)
		}
	}
	if out.Case, err = s.Observer.Scored(lineOf(number, line, req), sc, res, out.Ops); err != nil {
		return s.fail(number, line, req, err, buf)
	}
	return out
}

// AddOps completes a scored line of a LineScorer with DeferOps (out from
// its Score, or from a LineWorker's before the worker's next call): it
// ranks the line's repair operations into out.Ops and sets its Case's
// TopFix, as Score does without DeferOps. A line that is not scored, or
// that has its operations, is left alone. If ranking fails (an option the
// request parsing did not refuse), out becomes the line's failure, as it
// would have been without DeferOps; number and line are the line's, as
// given to Score.
func (s *LineScorer) AddOps(out *ScoredLine, number int, line []byte) {
	if out.Err != nil || out.Result == nil || out.Ops != nil {
		return
	}
	ops, err := out.Result.Repair(out.Settings.Repair)
	if err != nil {
		failed := s.Fail(number, line, out.Request, err)
		failed.Settings = out.Settings
		*out = failed
		return
	}
	out.Ops = ops
	if len(ops) > 0 {
		f := newFix(ops[0])
		out.Case.TopFix = &f
	}
}

// Fail is the outcome of a line that was not scored because of err: the
// error response and, with an Observer, the failed Case. req is the line's
// request as far as it was read (nil: none), for its id. Score uses it for
// every failure; a reader uses it for a line it could not read whole (too
// long, say).
func (s *LineScorer) Fail(number int, line []byte, req *request.Request, err error) ScoredLine {
	return s.fail(number, line, req, err, nil)
}

// fail is Fail appending the response to buf.
func (s *LineScorer) fail(number int, line []byte, req *request.Request, err error, buf []byte) ScoredLine {
	msg := err.Error()
	if number > 0 {
		msg = fmt.Sprintf("line %d: %s", number, msg)
	}
	failure := request.AppendError
	if s.Responses.Failure != nil {
		failure = s.Responses.Failure
	}
	out := ScoredLine{Request: req, Err: err, Output: append(failure(buf[:0], req, msg, err), '\n')}
	if s.Observer != nil {
		out.Case = s.Observer.Failed(lineOf(number, line, req), string(request.KindOf(err)), err.Error())
	}
	return out
}

// lineOf identifies a line.
func lineOf(number int, line []byte, req *request.Request) Line {
	l := Line{Number: number, Key: SampleKey(line)}
	if req != nil && req.HasID {
		l.ID = jsonval.AppendJSON(nil, req.ID)
	}
	return l
}
