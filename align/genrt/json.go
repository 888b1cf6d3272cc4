package genrt

import (
	"fmt"
	"sync"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// Fallback is the interpreter behind the JSON entry points of a generated
// scorer: it scores what the generated types cannot hold. Generated code
// adapts an interp.Scorer compiled from the schema it embeds.
type Fallback interface {
	// Score and Repair are the interpreter's score and ranked repair
	// operations of a pair.
	Score(gold, cand jsonval.Value) (float64, error)
	Repair(gold, cand jsonval.Value) ([]align.Op, error)
	// Valid reports whether v satisfies the schema's validation keywords.
	Valid(v jsonval.Value) bool
	// Limits are the interpreter's resource limits.
	Limits() align.Limits
}

// fills are the schema defaults the interpreter behind fb may fill a lacking
// member with (Shape.Fills), when it says (a Fallback of a file generated
// before absent members were filled has none).
func fills(fb Fallback) []jsonval.Value {
	if f, ok := fb.(interface{ Fills() []jsonval.Value }); ok {
		return f.Fills()
	}
	return nil
}

// JSON is the skeleton of the JSON entry points of a generated root type T
// (ScoreTJSON, ScoreTJSONDetail, RepairTJSON): it decodes the two texts
// straight into T when they fit, checks them and the interpreter's resource
// limits, and scores them with the typed code; any other pair goes to the
// interpreter, so the entry points return exactly its score or error.
type JSON[T any] struct {
	// Decode reads one value into x; false when the value does not fit T
	// (it then leaves the Reader where it stopped).
	Decode func(r *jsonval.Reader, x *T) bool
	// Check checks a decoded value's validation keywords; when Checked is
	// false the schema has keywords it does not check, and the validator
	// decides instead.
	Check   func(x *T) error
	Checked bool
	// Score and Repair are the typed scorer's, on valid values.
	Score  func(gold, cand *T) (float64, error)
	Repair func(gold, cand *T) ([]align.Op, error)
	// Scopes, Damerau and Branches feed WithinLimits and WorkBound (see
	// Shape): the number of referential scopes, whether a string node's
	// comparator is quadratic (align.BuiltinComparator.Quadratic:
	// Damerau–Levenshtein today), and the largest number of branches of a
	// union node (0: none).
	Scopes   int
	Damerau  bool
	Branches int
	// Fallback returns the interpreter (compiled once).
	Fallback func() (Fallback, error)
}

var readers = sync.Pool{New: func() any { return new(jsonval.Reader) }}

// outcome is what the typed path makes of a pair.
type outcome uint8

const (
	untyped          outcome = iota // the interpreter decides
	typedPair                       // both values decoded and valid
	invalidCandidate                // the gold is valid, the candidate is not: score 0
)

// read decodes data into x with r; with share, x's strings share one copy
// of data (jsonval.DecodeOptions.ShareText), for an x that lives no longer
// than the call.
func (j *JSON[T]) read(r *jsonval.Reader, data []byte, x *T, share bool) bool {
	return r.Reset(data, jsonval.DecodeOptions{ShareText: share}) == nil && j.Decode(r, x) && r.End() == nil
}

// typed decodes and checks the pair for the typed scorer.
func (j *JSON[T]) typed(fb Fallback, gold, cand []byte, repair bool) (*T, *T, outcome) {
	r := readers.Get().(*jsonval.Reader)
	defer readers.Put(r)
	g, p := new(T), new(T)
	// A score keeps nothing of the values, so their strings may share the
	// texts; repair operations may hold strings, which would keep them.
	share := !repair
	if !j.read(r, gold, g, share) {
		return nil, nil, untyped
	}
	gs := r.Stats()
	if !j.read(r, cand, p, share) {
		return nil, nil, untyped
	}
	var gv, pv jsonval.Value
	var err1, err2 error
	decoded := false
	if ps := r.Stats(); !WithinLimits(fb.Limits(), gs, ps, j.Scopes, j.Damerau, repair) {
		// The bound over the whole documents is loose for documents of
		// many arrays; bound the work per collection instead.
		if !withinSizes(fb.Limits().WithDefaults(), gs, ps) {
			return nil, nil, untyped
		}
		gv, err1 = jsonval.Decode(gold, jsonval.DecodeOptions{ShareText: share})
		pv, err2 = jsonval.Decode(cand, jsonval.DecodeOptions{ShareText: share})
		decoded = true
		if err1 != nil || err2 != nil ||
			!WithinLimitsValues(fb.Limits(), gs, ps, gv, pv, Shape{Scopes: j.Scopes, Damerau: j.Damerau, Branches: j.Branches, Fills: fills(fb)}, repair) {
			return nil, nil, untyped
		}
	}
	if !j.Checked {
		if !decoded {
			gv, err1 = jsonval.Decode(gold, jsonval.DecodeOptions{ShareText: share})
			pv, err2 = jsonval.Decode(cand, jsonval.DecodeOptions{ShareText: share})
		}
		switch {
		case err1 != nil || err2 != nil || !fb.Valid(gv):
			return nil, nil, untyped
		case !fb.Valid(pv):
			return nil, nil, invalidCandidate
		}
		return g, p, typedPair
	}
	switch {
	case j.Check(g) != nil:
		return nil, nil, untyped // the interpreter reports the invalid gold
	case j.Check(p) != nil:
		return nil, nil, invalidCandidate
	}
	return g, p, typedPair
}

// Unmarshal decodes one JSON text into a new T: an error when the text is
// not JSON or holds a value T does not represent faithfully (see
// JSON.Decode). It does not validate.
func (j *JSON[T]) Unmarshal(data []byte) (*T, error) {
	r := readers.Get().(*jsonval.Reader)
	defer readers.Put(r)
	x := new(T)
	if j.read(r, data, x, false) {
		return x, nil
	}
	if _, err := jsonval.Decode(data, jsonval.DecodeOptions{}); err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("the JSON value does not fit %T (a member it does not declare, a number its field does not hold exactly, a missing required member, or a repeated one; members may come in any order)", *x)
}

func wrap(what string, err error) error { return fmt.Errorf("%s: %w", what, err) }

// decode decodes the pair for the interpreter.
func decode(gold, cand []byte) (jsonval.Value, jsonval.Value, error) {
	g, err := jsonval.Decode(gold, jsonval.DecodeOptions{})
	if err != nil {
		return g, g, wrap("gold", err)
	}
	p, err := jsonval.Decode(cand, jsonval.DecodeOptions{})
	if err != nil {
		return g, p, wrap("candidate", err)
	}
	return g, p, nil
}

// ScoreJSON scores two JSON texts: the interpreter's score (0 for a
// candidate that fails validation) or error, and whether the typed scorer
// computed it.
func (j *JSON[T]) ScoreJSON(gold, cand []byte) (score float64, typed bool, err error) {
	fb, err := j.Fallback()
	if err != nil {
		return 0, false, err
	}
	switch g, p, o := j.typed(fb, gold, cand, false); o {
	case invalidCandidate:
		return 0, true, nil
	case typedPair:
		if s, err := j.Score(g, p); err == nil {
			return s, true, nil
		}
		// A gold without referential integrity: the interpreter words it.
	}
	gv, pv, err := decode(gold, cand)
	if err != nil {
		return 0, false, err
	}
	s, err := fb.Score(gv, pv)
	return s, false, err
}

// RepairJSON returns the ranked repair operations of two JSON texts:
// exactly the interpreter's (none for a candidate that fails validation).
func (j *JSON[T]) RepairJSON(gold, cand []byte) ([]align.Op, error) {
	fb, err := j.Fallback()
	if err != nil {
		return nil, err
	}
	switch g, p, o := j.typed(fb, gold, cand, true); o {
	case invalidCandidate:
		return nil, nil
	case typedPair:
		if ops, err := j.Repair(g, p); err == nil {
			return ops, nil
		}
	}
	gv, pv, err := decode(gold, cand)
	if err != nil {
		return nil, err
	}
	return fb.Repair(gv, pv)
}
