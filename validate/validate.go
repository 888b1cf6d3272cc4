// Package validate checks gold and candidate values against the whole schema
// document as a JSON Schema (docs/SCORING.md §9.5) and reports the first error the way the
// Python reference does (docs/SCORING.md §8.8.7, §9.5).
//
// Validity is decided as github.com/santhosh-tekuri/jsonschema/v6 decides it:
// the dialect comes from "$schema" (default Draft 2020-12), "format" is
// annotation-only, "$ref"/"$defs" are honoured, unknown keywords (the OA
// keywords among them) are ignored and "integer" accepts numbers with a zero
// fractional part.
//
// The error reported for an invalid value comes from a small evaluator of this
// package that mirrors Python jsonschema's Validator.iter_errors: a depth-first
// walk over the schema's keywords in document order, with that package's
// message wording and Python repr of values. The reference raises the first
// error that iteration yields, so the two agree on which error is reported.
//
// # Two paths
//
// Full path. The value is converted with jsonval.ToAny and validated by
// santhosh; if santhosh rejects it, the ordered evaluator is run for the
// message. If the evaluator finds no error in a value santhosh rejects (a
// construct it does not mirror, such as unevaluatedProperties), the first
// error of santhosh is reported instead, so that an invalid value is never
// reported as valid.
//
// Fast path. Compile checks whether the schema document lies in a subset on
// which the ordered evaluator decides validity exactly as santhosh does:
// Draft 2020-12 with only type, enum, const, required, properties,
// additionalProperties, patternProperties, propertyNames, items, prefixItems,
// uniqueItems, the six size keywords (with integer limits below 2^31), pattern,
// minimum, maximum, exclusiveMinimum, exclusiveMaximum, allOf, anyOf, oneOf,
// not, "$ref" to a local JSON Pointer fragment, "$defs"/"definitions",
// annotations (title, description, $comment, default, examples, deprecated,
// readOnly, writeOnly, format) and keys neither validator knows (the OA
// keywords); "$schema" and "$id" at the root only; no repeated key and no
// non-finite number in the document. On such a document Validate runs the
// evaluator alone, directly on the jsonval.Value, for both the verdict and
// the message; a valid value then costs no allocation. The scan of the
// instance that precedes it (for the depth limit and ErrNotJSON) still sends
// two kinds of value down the full path: an object with a repeated key (ToAny
// keeps the last value only), and a large number that may meet a large number
// of the other lexical class (an integer and an integral float, both of
// magnitude 2^53 or more, compare by binary64 value in Python's rule and by
// shortest repr in santhosh's). Both paths thus return the same Error for
// every value; fast.go says why the rules coincide.
//
// santhosh stays the validator of every schema outside the subset, and the
// oracle of the tests: a differential property test compares the two paths on
// random schemas of the subset and random instances, and on every conformance
// vector. WithoutFastPath forces the full path; Validator.FastPath tells which
// one a Validator takes.
package validate

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/objectaligner/oagen/jsonval"
)

// DefaultMaxDepth is the deepest nesting of arrays and objects a Validator
// accepts, in instances and in the schema document, unless WithMaxDepth says
// otherwise. A top-level array or object has depth 1.
const DefaultMaxDepth = 10000

// ErrTooDeep is wrapped by the Err field of an Error returned for an instance
// nested deeper than the Validator's limit, and by Compile's error for a
// schema document nested deeper than it.
var ErrTooDeep = errors.New("nesting depth limit exceeded")

// ErrNotJSON is wrapped by the Err field of an Error returned for an instance
// holding a value JSON cannot express: a NaN or infinite float, or a Value of
// a Kind package jsonval does not define (Decode produces neither).
var ErrNotJSON = errors.New("value is not JSON")

// Option configures Compile.
type Option func(*config)

type config struct {
	maxDepth   int
	noFastPath bool
	jsonValues bool
}

// WithMaxDepth sets the nesting limit for instances and the schema document
// (see DefaultMaxDepth). n must be positive.
func WithMaxDepth(n int) Option {
	return func(c *config) { c.maxDepth = n }
}

// WithoutFastPath makes the Validator decide validity with
// santhosh-tekuri/jsonschema for every value, even when the schema document
// is in the fast subset (see the package documentation). Results are the
// same; it exists to compare the two paths and to rule the fast path out.
func WithoutFastPath() Option {
	return func(c *config) { c.noFastPath = true }
}

// WithJSONValues makes error messages show values as JSON text
// (jsonval.Readable: "x" is not of type "integer", ["a", "b"]) instead of
// Python's repr ('x' is not of type 'integer', ['a', 'b']). The wording is
// otherwise jsonschema's; validity does not change.
func WithJSONValues() Option {
	return func(c *config) { c.jsonValues = true }
}

// Validator validates values against one compiled schema document. It is
// immutable after Compile and safe for concurrent use.
type Validator struct {
	sch      *jsonschema.Schema // authority on validity outside the fast subset
	root     *node              // ordered evaluator's view of the root schema
	maxDepth int
	fast     bool     // the document is in the fast subset and the fast path is enabled
	plan     fastPlan // why not, and the document's large numbers
	// jsonValues renders values in messages as JSON (WithJSONValues).
	jsonValues bool
}

// FastPath reports whether Validate decides validity with the ordered
// evaluator alone (the schema document is in the fast subset and
// WithoutFastPath was not given). Even then, an instance holding a value the
// two validators could read differently goes through santhosh.
func (v *Validator) FastPath() bool { return v.fast }

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
// (docs/SCORING.md §8.4, last bullet): "/" followed by the raw tokens joined with "/",
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
	vs, err := compileAt(schema, []string{""}, opts)
	if err != nil {
		return nil, err
	}
	return vs[0], nil
}

// CompileAt compiles, for each JSON Pointer of ptrs, the subschema at that
// location of the schema document for validation: its Validator validates
// values against that subschema alone, with the document's dialect, and
// references resolved in the document ("" is the whole document, as
// Compile). The document is read once for all of them. It fails as Compile
// does, and when a pointer names no schema the document can apply.
func CompileAt(schema jsonval.Value, ptrs []string, opts ...Option) ([]*Validator, error) {
	return compileAt(schema, ptrs, opts)
}

func compileAt(schema jsonval.Value, ptrs []string, opts []Option) ([]*Validator, error) {
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
	schs := make([]*jsonschema.Schema, len(ptrs))
	for i, ptr := range ptrs {
		loc := schemaURL
		if ptr != "" {
			loc += "#" + (&url.URL{Fragment: ptr}).EscapedFragment()
		}
		sch, err := c.Compile(loc)
		if err != nil {
			return nil, fmt.Errorf("validate: schema is not a valid JSON Schema: %w", err)
		}
		schs[i] = sch
	}
	root, nodes, err := buildTree(schema)
	if err != nil {
		return nil, fmt.Errorf("validate: schema: %w", err)
	}
	plan := planFast(schema, nodes)
	out := make([]*Validator, len(ptrs))
	for i, ptr := range ptrs {
		at := root
		if ptr != "" {
			if at = nodes[ptr]; at == nil {
				return nil, fmt.Errorf("validate: no schema the document applies at #%s", ptr)
			}
		}
		out[i] = &Validator{sch: schs[i], root: at, maxDepth: cfg.maxDepth,
			fast: plan.reason == "" && !cfg.noFastPath, plan: plan, jsonValues: cfg.jsonValues}
	}
	return out, nil
}

// Validate validates inst against the schema. It returns nil when inst is
// valid, and otherwise the first error (see the package documentation).
//
// An instance nested deeper than the limit, or holding a value JSON cannot
// express, is not validated: the Error returned then has a non-nil Err
// (wrapping ErrTooDeep or ErrNotJSON).
func (v *Validator) Validate(inst jsonval.Value) *Error {
	s := instanceScan{limit: v.maxDepth}
	s.walk(&inst, 0)
	switch {
	case s.tooDeep:
		return &Error{
			Message: fmt.Sprintf("instance nesting depth exceeds %d", v.maxDepth),
			Err:     fmt.Errorf("validate: instance: %w (limit %d)", ErrTooDeep, v.maxDepth),
		}
	case s.notJSON:
		return &Error{
			Message: "instance holds a NaN or infinite number, or a value of unknown kind",
			Err:     fmt.Errorf("validate: instance: %w", ErrNotJSON),
		}
	case v.fast && !v.plan.needsFullPath(&s):
		return firstError(v.root, &inst, v.jsonValues, true) // the scan found no repeated key
	}
	return v.validateFull(inst)
}

// ValidateAll validates inst against the schema and returns its errors:
// none when inst is valid; otherwise every error Python jsonschema's
// iter_errors yields, in its order, up to max (max ≤ 0 means 1), the first
// being Validate's. An instance Validate cannot validate (nested too
// deeply, not JSON) gets its one Error, with Err set. Where the ordered
// evaluator finds no error in a value santhosh rejects, santhosh's first
// error is the one returned, as in Validate.
func (v *Validator) ValidateAll(inst jsonval.Value, max int) []*Error {
	first := v.Validate(inst)
	if first == nil || first.Err != nil || max <= 1 {
		if first == nil {
			return nil
		}
		return []*Error{first}
	}
	all := allErrors(v.root, &inst, v.jsonValues, max)
	if len(all) == 0 {
		return []*Error{first}
	}
	return all
}

// validateFull validates an instance (scanned by Validate) with santhosh, and
// reports the ordered evaluator's first error for an invalid one.
func (v *Validator) validateFull(inst jsonval.Value) *Error {
	err := v.sch.Validate(jsonval.ToAny(inst))
	if err == nil {
		return nil
	}
	if e := firstError(v.root, &inst, v.jsonValues, false); e != nil {
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
