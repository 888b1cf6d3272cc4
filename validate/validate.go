// Package validate checks gold and candidate values against the whole schema
// document as a JSON Schema (SPEC §9.5) and reports the first error the way the
// Python reference does (SPEC §8.8.7, §13 Q5).
//
// Validity is decided by github.com/santhosh-tekuri/jsonschema/v6: the dialect
// comes from "$schema" (default Draft 2020-12), "format" is annotation-only,
// "$ref"/"$defs" are honoured, unknown keywords (the OA keywords among them)
// are ignored and "integer" accepts numbers with a zero fractional part.
//
// The error reported for an invalid value comes from a small evaluator of this
// package that mirrors Python jsonschema's Validator.iter_errors: a depth-first
// walk over the schema's keywords in document order, with that package's
// message wording and Python repr of values. The reference raises the first
// error that iteration yields, so the two agree on which error is reported. If
// the evaluator finds no error in a value santhosh rejects (a construct it does
// not mirror, such as unevaluatedProperties), the first error of santhosh is
// reported instead, so that an invalid value is never reported as valid.
package validate

import (
	"errors"
	"fmt"
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/objectaligner/oagen/runtime/jsonval"
)

// DefaultMaxDepth is the deepest nesting of arrays and objects a Validator
// accepts, in instances and in the schema document, unless WithMaxDepth says
// otherwise. A top-level array or object has depth 1.
const DefaultMaxDepth = 10000

// ErrTooDeep is wrapped by the Err field of an Error returned for an instance
// nested deeper than the Validator's limit, and by Compile's error for a
// schema document nested deeper than it.
var ErrTooDeep = errors.New("nesting depth limit exceeded")

// Option configures Compile.
type Option func(*config)

type config struct {
	maxDepth int
}

// WithMaxDepth sets the nesting limit for instances and the schema document
// (see DefaultMaxDepth). n must be positive.
func WithMaxDepth(n int) Option {
	return func(c *config) { c.maxDepth = n }
}

// Validator validates values against one compiled schema document. It is
// immutable after Compile and safe for concurrent use.
type Validator struct {
	sch      *jsonschema.Schema // authority on validity
	root     *node              // ordered evaluator's view of the root schema
	maxDepth int
}

// Error is the first validation error of a value, or, when Err is non-nil, the
// reason the value could not be validated at all.
type Error struct {
	// Path holds the instance path tokens of the failing value, raw (not
	// escaped): object keys and decimal array indices. It is empty for the root.
	Path []string
	// Message is the error message in the wording of Python's jsonschema
	// package, for example "'x' is not of type 'integer'".
	Message string
	// Err is nil when the value violates the schema. It is non-nil (wrapping
	// ErrTooDeep) when the value is nested too deeply to be validated; such an
	// Error is not a verdict on the value and callers should treat it as a
	// failure of the call rather than as an invalid value.
	Err error
}

// Error returns the display path and the message, "/a/0: msg".
func (e *Error) Error() string {
	return e.DisplayPath() + ": " + e.Message
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// Pointer returns the instance path as an RFC 6901 JSON Pointer ("" for the
// root), escaping "~" as "~0" and "/" as "~1".
func (e *Error) Pointer() string {
	var sb strings.Builder
	for _, tok := range e.Path {
		sb.WriteByte('/')
		sb.WriteString(escapeToken(tok))
	}
	return sb.String()
}

// DisplayPath returns the path as the validation-error feedback shows it
// (SPEC §8.4, last bullet): "/" followed by the raw tokens joined with "/",
// unescaped; the root renders as "/".
func (e *Error) DisplayPath() string {
	return "/" + strings.Join(e.Path, "/")
}

// escapeToken escapes one JSON Pointer token (RFC 6901: "~" first, then "/").
func escapeToken(tok string) string {
	tok = strings.ReplaceAll(tok, "~", "~0")
	return strings.ReplaceAll(tok, "/", "~1")
}

// schemaURL is the retrieval URI given to the schema document. Relative
// references resolve against it (or against the document's own "$id"); the
// host is reserved (RFC 2606), so it never names a real resource.
const schemaURL = "https://oagen.invalid/schema.json"

// Compile compiles the schema document for validation. It fails with a
// wrapped error when the document is not a valid JSON Schema of its dialect,
// names an unknown "$schema", holds a reference that cannot be resolved inside
// the document (remote references are never loaded), holds a "$ref" cycle
// that would re-evaluate the same value forever, or is nested deeper than the
// depth limit.
func Compile(schema jsonval.Value, opts ...Option) (*Validator, error) {
	cfg := config{maxDepth: DefaultMaxDepth}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.maxDepth <= 0 {
		return nil, fmt.Errorf("validate: invalid max depth %d (must be positive)", cfg.maxDepth)
	}
	if depthExceeds(schema, cfg.maxDepth) {
		return nil, fmt.Errorf("validate: schema document: %w (limit %d)", ErrTooDeep, cfg.maxDepth)
	}

	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	if err := c.AddResource(schemaURL, jsonval.ToAny(schema)); err != nil {
		return nil, fmt.Errorf("validate: adding schema document: %w", err)
	}
	sch, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("validate: schema is not a valid JSON Schema: %w", err)
	}
	root, err := buildTree(schema)
	if err != nil {
		return nil, fmt.Errorf("validate: schema: %w", err)
	}
	return &Validator{sch: sch, root: root, maxDepth: cfg.maxDepth}, nil
}

// Validate validates inst against the schema. It returns nil when inst is
// valid, and otherwise the first error (see the package documentation).
func (v *Validator) Validate(inst jsonval.Value) *Error {
	if depthExceeds(inst, v.maxDepth) {
		return &Error{
			Message: fmt.Sprintf("instance nesting depth exceeds %d", v.maxDepth),
			Err:     fmt.Errorf("validate: instance: %w (limit %d)", ErrTooDeep, v.maxDepth),
		}
	}
	err := v.sch.Validate(jsonval.ToAny(inst))
	if err == nil {
		return nil
	}
	if e := firstError(v.root, inst); e != nil {
		return e
	}
	var verr *jsonschema.ValidationError
	if errors.As(err, &verr) {
		return fromSanthosh(verr)
	}
	return &Error{Message: err.Error()}
}

// noLoader refuses every URL: the schema is one self-contained document and
// validation must neither read files nor reach the network.
type noLoader struct{}

// Load implements jsonschema.URLLoader.
func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("remote reference %q is not supported: only references inside the schema document resolve", url)
}

// depthExceeds reports whether v nests arrays and objects deeper than limit.
func depthExceeds(v jsonval.Value, limit int) bool {
	return depthOver(v, limit, 0)
}

func depthOver(v jsonval.Value, limit, depth int) bool {
	switch v.Kind {
	case jsonval.Array:
		if depth+1 > limit {
			return true
		}
		for i := range v.Arr {
			if depthOver(v.Arr[i], limit, depth+1) {
				return true
			}
		}
	case jsonval.Object:
		if depth+1 > limit {
			return true
		}
		for i := range v.Obj {
			if depthOver(v.Obj[i].Value, limit, depth+1) {
				return true
			}
		}
	}
	return false
}
