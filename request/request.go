// Package request is oagen's one model of a scoring request: a JSON object
// naming a gold value, a candidate, the schema to score them under and the
// options to score them with. It is what a line of "oagen score -batch" and
// "oagen eval" input is, and what "oagen serve" receives.
//
// A request is
//
//	{"id": 17, "schema": "org", "gold": …, "candidate": …,
//	 "feedback": true, "top_k": 3, "options": {"wl_rounds": 2}}
//
// where only "gold" and "candidate" are required:
//
//   - "id" is any JSON scalar (string, number, boolean or null); it is not
//     interpreted, only copied to the response.
//   - "schema" is an inline annotated JSON Schema (an object, or a boolean
//     schema) or a string naming one; how names resolve is the caller's
//     (EngineConfig.Resolve). Without it the engine's default schema is used.
//   - "feedback" (boolean) adds the feedback text and the ranked operations
//     to the response; "top_k" (an integer ≥ -1, -1 for all) is the number of
//     fixes the feedback shows.
//   - "options" sets scoring options for this request only; every member
//     name must be one of the options listed at Options, with a value of the
//     right type (anything else is an error naming the member).
//   - "candidate_text" (a string) gives the candidate as the model's text
//     instead of "candidate": its JSON value is found by Extract (the text
//     as JSON, else the last fenced block, else the first object or array)
//     and a warning names the rule used; "strict_json": true turns the
//     extraction off (the text must be JSON). Text with no JSON value is
//     scored as that string, with the reason first in the feedback.
//
// Other top-level members are ignored, so that dataset lines can carry their
// own fields, except a member whose name is close to one of the names above
// ("feedbak", "top-k", "Gold": a typo that would otherwise silently change
// what the line asks for), which is an error with a did-you-mean; a missing
// "gold" or "candidate" names the member that looks like it ("cand"). Parse
// and FromValue check all of this and report the first problem as an *Error
// with a JSON Pointer to the member at fault.
//
// An Engine turns a Request into a compiled scorer and its Settings: it
// resolves the schema, lays the request's options over the engine's base
// settings and keeps a bounded cache of compiled scorers keyed by schema
// content and options, safe for concurrent use. AppendResult and
// AppendError write the response line.
package request

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/internal/suggest"
	"github.com/objectaligner/oagen/jsonval"
)

// Request is one parsed scoring request.
type Request struct {
	// ID is the "id" member, a JSON scalar; HasID is false when the request
	// has none.
	ID    jsonval.Value
	HasID bool
	// Schema is the "schema" member.
	Schema Schema
	// Gold and Candidate are the two values to compare.
	Gold, Candidate jsonval.Value
	// Feedback is the "feedback" member (nil: not given).
	Feedback *bool
	// TopK is the "top_k" member (nil: not given; -1: all).
	TopK *int
	// Options are the request's own options.
	Options Options
	// Extraction is the rule that found the candidate in "candidate_text"
	// ("" for a "candidate" member); NoJSON is why the text holds no JSON
	// value (the candidate is then the text as a string).
	Extraction Extraction
	NoJSON     error
}

// Warnings are the request's own warnings: how the candidate was extracted
// from its text.
func (r *Request) Warnings() []string {
	switch {
	case r == nil || r.Extraction == "" && r.NoJSON == nil:
		return nil
	case r.NoJSON != nil:
		return []string{"candidate_text: " + r.NoJSON.Error() + "; it is scored as a string"}
	case r.Extraction == ExtractedJSON:
		return nil
	}
	return []string{"candidate_text: the JSON value was extracted from the text (rule: " + string(r.Extraction) + ")"}
}

// Schema is the "schema" member of a request: an inline schema, a name, or
// neither (the engine's default schema).
type Schema struct {
	// Name is set when the member is a string.
	Name string
	// Inline is the schema when the member is an object or a boolean;
	// HasInline tells it apart from no schema.
	Inline    jsonval.Value
	HasInline bool
}

// IsZero reports whether the request names no schema.
func (s Schema) IsZero() bool { return s.Name == "" && !s.HasInline }

// Parse decodes and checks one request. The JSON is decoded with dec (its
// MaxDepth bounds the nesting); malformed JSON is an *Error of kind BadJSON
// with its line and column, a well-formed request of the wrong shape an
// *Error of kind BadRequest naming the member. With an error, the returned
// Request is nil or, when the request's "id" could be read, a partial
// request carrying it (for the error response).
func Parse(data []byte, dec jsonval.DecodeOptions) (*Request, error) {
	v, err := jsonval.Decode(data, dec)
	return fromDecoded(v, err)
}

// ParseWith is Parse decoding with dec (its Options bound the nesting),
// whose storage the request's values share: they are valid until dec's
// next call. A server or batch worker parses its requests one after the
// other with one Decoder.
func ParseWith(data []byte, dec *jsonval.Decoder) (*Request, error) {
	return ParseInto(data, dec, nil)
}

// ParseInto is ParseWith filling r (nil: a new Request): a worker that
// parses one request after another reuses one Request, as it reuses its
// Decoder. The Request returned (r, or nil on an error before the id
// could be read) is reset first.
func ParseInto(data []byte, dec *jsonval.Decoder, r *Request) (*Request, error) {
	v, err := dec.Decode(data)
	return fromDecodedInto(v, err, r)
}

// fromDecoded is Parse after decoding.
func fromDecoded(v jsonval.Value, err error) (*Request, error) {
	return fromDecodedInto(v, err, nil)
}

// fromDecodedInto is fromDecoded filling r (nil: a new Request).
func fromDecodedInto(v jsonval.Value, err error, r *Request) (*Request, error) {
	if err != nil {
		var se *jsonval.SyntaxError
		if errors.As(err, &se) {
			return nil, &Error{Kind: BadJSON, Line: se.Line, Col: se.Col, Err: errors.New(se.Msg)}
		}
		return nil, &Error{Kind: BadJSON, Err: err}
	}
	return fromValue(v, r)
}

// FromValue checks a decoded request (see Parse, also for what it returns
// with an error).
func FromValue(v jsonval.Value) (*Request, error) { return fromValue(v, nil) }

// fromValue is FromValue filling r (nil: a new Request), reset first.
func fromValue(v jsonval.Value, r *Request) (*Request, error) {
	if v.Kind != jsonval.Object {
		return nil, badRequest("", `want an object {"gold":…,"candidate":…}, got %s`, kindName(v.Kind))
	}
	if r == nil {
		r = &Request{}
	} else {
		*r = Request{}
	}
	if id, ok := v.Get("id"); ok {
		if id.Kind == jsonval.Array || id.Kind == jsonval.Object {
			return nil, badRequest("/id", "want a scalar (string, number, boolean or null), got %s", kindName(id.Kind))
		}
		r.ID, r.HasID = id, true
	}
	// From here on, errors come with r so that the response carries the id.
	var hasGold, hasCand bool
	r.Gold, hasGold = v.Get("gold")
	r.Candidate, hasCand = v.Get("candidate")
	text, hasText := v.Get("candidate_text")
	switch {
	case hasCand && hasText:
		return r, badRequest("/candidate_text", `give "candidate" or "candidate_text", not both`)
	case hasText && text.Kind != jsonval.String:
		return r, badRequest("/candidate_text", "want a string (the model's output as text), got %s", kindName(text.Kind))
	case hasText:
		strict := false
		if st, ok := v.Get("strict_json"); ok {
			if st.Kind != jsonval.Bool {
				return r, badRequest("/strict_json", "want a boolean, got %s", kindName(st.Kind))
			}
			strict = st.B
		}
		c, rule, err := Extract(text.S, strict, jsonval.DecodeOptions{})
		switch {
		case errors.Is(err, ErrNoJSON):
			r.Candidate, r.NoJSON = text, err
		case err != nil:
			// The nesting limit: the text's JSON cannot be read.
			return r, &Error{Kind: BadJSON, Pointer: "/candidate_text", Err: err}
		default:
			r.Candidate, r.Extraction = c, rule
		}
		hasCand = true
	}
	switch {
	case !hasGold && !hasCand:
		return r, badRequest("", `missing "gold" and "candidate"%s`, lookalike(v, "gold", "candidate"))
	case !hasGold:
		return r, badRequest("", `missing "gold"%s`, lookalike(v, "gold"))
	case !hasCand:
		return r, badRequest("", `missing "candidate"%s`, lookalike(v, "candidate"))
	}
	if err := checkMembers(v); err != nil {
		return r, err
	}
	if s, ok := v.Get("schema"); ok {
		switch s.Kind {
		case jsonval.String:
			if s.S == "" {
				return r, badRequest("/schema", "empty schema name")
			}
			r.Schema.Name = s.S
		case jsonval.Object, jsonval.Bool:
			r.Schema.Inline, r.Schema.HasInline = s, true
		default:
			return r, badRequest("/schema", "want a schema object or a schema name, got %s", kindName(s.Kind))
		}
	}
	if f, ok := v.Get("feedback"); ok {
		if f.Kind != jsonval.Bool {
			return r, badRequest("/feedback", "want a boolean, got %s", kindName(f.Kind))
		}
		b := f.B // not &f.B: f would escape on every call
		r.Feedback = &b
	}
	if k, ok := v.Get("top_k"); ok {
		n, err := intValue(k, -1)
		if err != nil {
			return r, badRequest("/top_k", "%v", err)
		}
		r.TopK = &n
	}
	if o, ok := v.Get("options"); ok {
		if err := r.Options.parse(o); err != nil {
			return r, err
		}
	}
	return r, nil
}

// MemberNames are the top-level members of a request, in the order of the
// package doc.
var MemberNames = []string{"id", "schema", "gold", "candidate", "feedback", "top_k", "options", "candidate_text", "strict_json"}

// closeTo returns the member name key looks like a typo of, or "": close
// under suggest.Closest, equal but for case and '-' for '_', or (for the
// names in missing) a prefix of at least 3 characters.
func closeTo(key string, names []string, prefixes bool) string {
	if slices.Contains(MemberNames, key) {
		return ""
	}
	norm := strings.ReplaceAll(strings.ToLower(key), "-", "_")
	for _, n := range names {
		if norm == n || (prefixes && len(key) >= 3 && strings.HasPrefix(n, norm)) {
			return n
		}
	}
	return suggest.Closest(key, names)
}

// checkMembers refuses a member whose name is close to a member name.
func checkMembers(v jsonval.Value) error {
	for _, m := range v.Obj {
		if n := closeTo(m.Key, MemberNames, false); n != "" {
			return badRequest("/"+align.EscapePointerToken(m.Key), "unknown member (did you mean %q?); other members are ignored only when they are not close to %s", n, strings.Join(MemberNames, ", "))
		}
	}
	return nil
}

// lookalike renders, for the error of a missing member, the member of v
// that looks like it: `; the request has "cand" (did you mean "candidate"?)`.
func lookalike(v jsonval.Value, missing ...string) string {
	for _, m := range v.Obj {
		if n := closeTo(m.Key, missing, true); n != "" {
			return fmt.Sprintf("; the request has %q (did you mean %q?)", m.Key, n)
		}
	}
	return ""
}

// intValue reads an integer-form number ≥ least.
func intValue(v jsonval.Value, least int) (int, error) {
	if v.Kind != jsonval.Int || v.Big != nil || v.I < int64(least) || v.I > 1<<31-1 {
		if least == 0 {
			return 0, fmt.Errorf("want a non-negative integer, got %s", clipped(v))
		}
		return 0, fmt.Errorf("want an integer ≥ %d, got %s", least, clipped(v))
	}
	return int(v.I), nil
}

// kindName names a JSON kind as JSON does.
func kindName(k jsonval.Kind) string {
	switch k {
	case jsonval.Null:
		return "null"
	case jsonval.Bool:
		return "a boolean"
	case jsonval.Int, jsonval.Float:
		return "a number"
	case jsonval.String:
		return "a string"
	case jsonval.Array:
		return "an array"
	}
	return "an object"
}

// clipped renders a value for an error message, cut to a readable length.
func clipped(v jsonval.Value) string {
	if v.Kind == jsonval.Array || v.Kind == jsonval.Object {
		return kindName(v.Kind)
	}
	s := string(jsonval.AppendJSON(nil, v))
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
