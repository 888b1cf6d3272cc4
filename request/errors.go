package request

import (
	"errors"
	"fmt"

	"github.com/objectaligner/oagen/interp"
)

// Kind classifies why a request could not be scored.
type Kind string

// The kinds of failed requests. A candidate that fails the schema's
// validation is not among them: it scores 0.
const (
	// BadJSON: the request is not well-formed JSON.
	BadJSON Kind = "bad_json"
	// BadRequest: well-formed JSON of the wrong shape: not an object, a
	// missing "gold" or "candidate", an unknown option or a bad value.
	BadRequest Kind = "bad_request"
	// BadSchema: no schema, an unknown schema name, or a schema that does
	// not compile.
	BadSchema Kind = "bad_schema"
	// InvalidGold: the gold value fails the schema's validation or its
	// referential integrity (duplicate ids, dangling references).
	InvalidGold Kind = "invalid_gold"
	// Limit: a resource limit was exceeded (nesting depth, collection size,
	// string length, work budget, or the size of an input line).
	Limit Kind = "limit"
	// ScoreFailed: scoring raised an error (a custom comparator returned a
	// value outside [0,1], the gold value disagrees with the schema's type,
	// or any other error of the scorer).
	ScoreFailed Kind = "score_error"
	// Internal: a bug in oagen (a recovered panic); please report it.
	Internal Kind = "internal"
)

// Kinds lists every Kind, in the order above.
var Kinds = []Kind{BadJSON, BadRequest, BadSchema, InvalidGold, Limit, ScoreFailed, Internal}

// Error is a request that cannot be scored.
type Error struct {
	Kind Kind
	// Pointer is the JSON Pointer of the request member at fault, "" for
	// the request as a whole.
	Pointer string
	// Line and Col locate a BadJSON error (1-based; 0 when unknown).
	Line, Col int
	Err       error
}

// Error renders the error: "L:C: msg" for malformed JSON, "/pointer: msg"
// for a member, or the message alone.
func (e *Error) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%d:%d: %v", e.Line, e.Col, e.Err)
	case e.Pointer != "":
		return fmt.Sprintf("%s: %v", e.Pointer, e.Err)
	}
	return e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func badRequest(pointer, format string, args ...any) *Error {
	return &Error{Kind: BadRequest, Pointer: pointer, Err: fmt.Errorf(format, args...)}
}

// KindOf classifies an error returned by this package or by scoring a
// request (interp.Scorer.Align): an *Error has its own kind; an
// *interp.GoldError is InvalidGold, an *interp.LimitError Limit; anything
// else is ScoreFailed. It returns "" for a nil error.
func KindOf(err error) Kind {
	var re *Error
	var ge *interp.GoldError
	var le *interp.LimitError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &re):
		return re.Kind
	case errors.As(err, &ge):
		return InvalidGold
	case errors.As(err, &le):
		return Limit
	}
	return ScoreFailed
}
