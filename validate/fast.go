package validate

import (
	"fmt"
	"math"
	"sort"

	"github.com/objectaligner/oagen/jsonval"
)

// This file decides, at Compile, whether the ordered evaluator alone may
// validate against a schema document (the fast path; see the package
// documentation), and, at Validate, whether an instance holds anything that
// would take the two validators apart.
//
// Why the evaluator and santhosh agree on the subset. Both read the same
// document (santhosh through jsonval.ToAny, which renders every number as a
// json.Number holding its Python repr), and for these keywords they apply the
// same rules:
//   - type: a number is an integer when it has no fractional part (Python's
//     float.is_integer; santhosh's big.Rat of the repr, which is integral
//     exactly when the binary64 value is: the shortest repr of a float below
//     2^53 in magnitude is the integer itself when the float is integral, and
//     has a fractional part otherwise);
//   - enum, const and uniqueItems: JSON equality, booleans apart from numbers,
//     2 == 2.0, -0.0 == 0 (jsonval.Equal; santhosh's equals on big.Rat);
//   - minimum, maximum, exclusiveMinimum, exclusiveMaximum: exact comparison
//     (cmpNum on the binary64 value; santhosh on the big.Rat of the shortest
//     repr, which is a strictly increasing function of the binary64 value);
//   - the size keywords count elements, members and code points (both
//     utf8.RuneCount for strings);
//   - pattern, patternProperties: both compile the pattern with Go's regexp
//     package and search (MatchString);
//   - the applicators (properties, additionalProperties, items, prefixItems,
//     propertyNames, allOf, anyOf, oneOf, not, local $ref) combine the verdicts
//     of subschemas the same way.
//
// The one place where the binary64 value and the shortest repr part ways is an
// integral float of magnitude 2^53 or more (the repr of 1.2345678901234567e+19
// is 12345678901234567000, the float is 12345678901234567168): compared with
// an integer just as large, Python's rule and santhosh's can disagree. An
// instance is sent down the full path when such a comparison is possible (see
// needsFullPath). Everything else that could differ is kept out of the subset:
// other drafts, multipleOf (Python divides in binary64), contains, if,
// dependent*, unevaluated*, content*, dynamic and recursive references,
// anchors, embedded resources, non-local references, objects with a repeated
// key (ToAny keeps the last value, the evaluator would see both) and
// non-finite numbers.

// fastKeywords are the keywords of Draft 2020-12 the fast path handles, with
// the annotations both validators ignore. "$schema" and "$id" are accepted at
// the root only (see fastSubset).
var fastKeywords = map[string]bool{
	"$ref": true, "$defs": true, "definitions": true,
	"type": true, "enum": true, "const": true,
	"required": true, "properties": true, "additionalProperties": true,
	"patternProperties": true, "propertyNames": true,
	"items": true, "prefixItems": true, "uniqueItems": true,
	"minItems": true, "maxItems": true, "minLength": true, "maxLength": true,
	"minProperties": true, "maxProperties": true, "pattern": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"allOf": true, "anyOf": true, "oneOf": true, "not": true,
	"$comment": true, "title": true, "description": true, "default": true,
	"examples": true, "deprecated": true, "readOnly": true, "writeOnly": true,
	"format": true, // an annotation in Draft 2020-12 for both validators
}

// knownKeywords are the keywords of every draft either validator implements.
// A schema object key outside this set is unknown to both and ignored by
// both (the OA keywords are such keys); a key in it but not in fastKeywords
// keeps the document off the fast path.
var knownKeywords = map[string]bool{
	"$schema": true, "$id": true, "$ref": true, "$anchor": true, "$dynamicAnchor": true,
	"$dynamicRef": true, "$recursiveAnchor": true, "$recursiveRef": true, "$vocabulary": true,
	"$comment": true, "$defs": true, "definitions": true,
	"additionalItems": true, "additionalProperties": true, "allOf": true, "anyOf": true,
	"oneOf": true, "not": true, "if": true, "then": true, "else": true, "contains": true,
	"minContains": true, "maxContains": true, "dependencies": true, "dependentRequired": true,
	"dependentSchemas": true, "items": true, "prefixItems": true, "properties": true,
	"patternProperties": true, "propertyNames": true, "unevaluatedItems": true,
	"unevaluatedProperties": true, "type": true, "enum": true, "const": true,
	"multipleOf": true, "maximum": true, "exclusiveMaximum": true, "minimum": true,
	"exclusiveMinimum": true, "maxLength": true, "minLength": true, "pattern": true,
	"maxItems": true, "minItems": true, "uniqueItems": true, "maxProperties": true,
	"minProperties": true, "required": true, "format": true, "contentEncoding": true,
	"contentMediaType": true, "contentSchema": true, "title": true, "description": true,
	"default": true, "deprecated": true, "readOnly": true, "writeOnly": true, "examples": true,
}

// scopeKeywords change identifiers, anchors or the dialect: the fast path
// accepts none of them below the root ("$id" and "$schema" are fine at the
// root, where both validators read them the same way).
var scopeKeywords = []string{"$id", "$schema", "$anchor", "$dynamicAnchor", "$recursiveAnchor",
	"$dynamicRef", "$recursiveRef", "$vocabulary"}

// fastPlan is what Compile learns for the fast path.
type fastPlan struct {
	// reason is empty when the document is in the fast subset, and otherwise
	// says why it is not.
	reason string
	// bigInt and bigFloat report whether the document holds an integer-form
	// number or an integral float of magnitude 2^53 or more (see needsFullPath).
	bigInt, bigFloat bool
}

// maxSizeLimit bounds the size limits the fast path accepts: santhosh reads a
// limit into an int through big.Int.Int64 (undefined beyond the int64 range),
// the evaluator compares exactly.
const maxSizeLimit = 1 << 31

// planFast decides whether doc, compiled into nodes by buildTree, is in the
// fast subset: Draft 2020-12; every schema the evaluator can apply uses only
// fastKeywords (and unknown keys); references are local JSON Pointer
// fragments; no identifier, anchor or dialect below the root; size limits are
// small non-negative integers; no repeated key and no non-finite number
// anywhere in the document.
func planFast(doc jsonval.Value, nodes map[string]*node) fastPlan {
	var p fastPlan
	if doc.Kind == jsonval.Object {
		if s, ok := doc.Get("$schema"); ok {
			if s.Kind != jsonval.String || (s.S != draft2020URI && s.S != draft2020URI+"#") {
				p.reason = "a $schema other than Draft 2020-12"
				return p
			}
		}
		if id, ok := doc.Get("$id"); ok && (id.Kind != jsonval.String || !isPlainURI(id.S)) {
			p.reason = "a root $id with a fragment or unusual characters"
			return p
		}
	}
	if p.reason = scanDocument(doc, &p); p.reason != "" {
		return p
	}
	if p.reason = scanScopes(doc, true); p.reason != "" {
		return p
	}
	ptrs := make([]string, 0, len(nodes))
	for ptr := range nodes {
		ptrs = append(ptrs, ptr)
	}
	sort.Strings(ptrs) // report the same reason on every run
	for _, ptr := range ptrs {
		if r := nodeOutsideSubset(nodes[ptr]); r != "" {
			p.reason = fmt.Sprintf("at %q: %s", ptr, r)
			return p
		}
	}
	return p
}

// draft2020URI is the meta-schema URI of Draft 2020-12.
const draft2020URI = "https://json-schema.org/draft/2020-12/schema"

// nodeOutsideSubset returns why the schema n keeps its document off the fast
// path, or "".
func nodeOutsideSubset(n *node) string {
	if n.raw.Kind != jsonval.Object {
		return ""
	}
	if n.d == nil || n.d.name != "draft/2020-12" {
		return "not Draft 2020-12"
	}
	for _, m := range n.raw.Obj {
		switch {
		case (m.Key == "$schema" || m.Key == "$id") && n.ptr == "":
			// Checked by planFast.
		case fastKeywords[m.Key]:
			if r := fastValueOutsideSubset(m.Key, m.Value); r != "" {
				return r
			}
		case knownKeywords[m.Key]:
			return "keyword " + m.Key
		}
	}
	return ""
}

// fastValueOutsideSubset checks the value of a fast keyword where its form
// matters.
func fastValueOutsideSubset(key string, val jsonval.Value) string {
	switch key {
	case "$ref":
		if val.Kind != jsonval.String || !isLocalPointerRef(val.S) {
			return "a $ref other than a local JSON Pointer fragment"
		}
	case "minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties":
		if !smallLimit(val) {
			return key + " is not an integer in [0, 2^31)"
		}
	}
	return ""
}

// smallLimit reports whether v is a number whose value is an integer in
// [0, maxSizeLimit).
func smallLimit(v jsonval.Value) bool {
	switch v.Kind {
	case jsonval.Int:
		return v.Big == nil && v.I >= 0 && v.I < maxSizeLimit
	case jsonval.Float:
		return isIntegral(v) && v.F >= 0 && v.F < maxSizeLimit
	}
	return false
}

// isLocalPointerRef reports whether ref is "#" or "#/" followed by a JSON
// Pointer made of the characters RFC 3986 allows in a fragment, without
// percent-encoding (both validators then resolve it to the same place of
// the document).
func isLocalPointerRef(ref string) bool {
	if ref == "#" {
		return true
	}
	if len(ref) < 2 || ref[0] != '#' || ref[1] != '/' {
		return false
	}
	for i := 2; i < len(ref); i++ {
		if !isFragmentChar(ref[i]) {
			return false
		}
	}
	return true
}

// isPlainURI reports whether s holds only characters RFC 3986 allows in a
// URI outside percent-encoding, and no fragment.
func isPlainURI(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '?' && !isFragmentChar(c) {
			return false
		}
	}
	return true
}

// isFragmentChar reports whether c is an unreserved or sub-delim character,
// ':', '@' or '/' (RFC 3986 pchar and '/', less percent-encoding).
func isFragmentChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '@', '/':
		return true
	}
	return false
}

// scanScopes walks the schemas of doc reachable through the subschema
// keywords of any draft and returns why one of them below the root declares
// an identifier, anchor, dialect or dynamic reference, or "".
func scanScopes(v jsonval.Value, root bool) string {
	if v.Kind != jsonval.Object {
		return ""
	}
	for _, k := range scopeKeywords {
		if _, ok := v.Get(k); ok && (!root || (k != "$id" && k != "$schema")) {
			return "keyword " + k + " below the root"
		}
	}
	for _, m := range v.Obj {
		switch {
		case contains(schemaMapKeywords, m.Key) && m.Value.Kind == jsonval.Object:
			for _, e := range m.Value.Obj {
				if r := scanScopes(e.Value, false); r != "" {
					return r
				}
			}
		case contains(schemaArrayKeywords, m.Key) && m.Value.Kind == jsonval.Array:
			for _, e := range m.Value.Arr {
				if r := scanScopes(e, false); r != "" {
					return r
				}
			}
		case contains(schemaKeywords, m.Key):
			if r := scanScopes(m.Value, false); r != "" {
				return r
			}
		}
	}
	return ""
}

// scanDocument walks the whole document (schemas and literal values alike),
// records its large numbers in p and returns why it holds a value the two
// validators would read differently, or "".
func scanDocument(v jsonval.Value, p *fastPlan) string {
	switch v.Kind {
	case jsonval.Int, jsonval.Float:
		if v.Kind == jsonval.Float && (math.IsNaN(v.F) || math.IsInf(v.F, 0)) {
			return "a non-finite number"
		}
		bi, bf := isLargeNumber(v)
		p.bigInt = p.bigInt || bi
		p.bigFloat = p.bigFloat || bf
	case jsonval.Array:
		for i := range v.Arr {
			if r := scanDocument(v.Arr[i], p); r != "" {
				return r
			}
		}
	case jsonval.Object:
		if hasRepeatedKey(v.Obj) {
			return "an object with a repeated key"
		}
		for i := range v.Obj {
			if r := scanDocument(v.Obj[i].Value, p); r != "" {
				return r
			}
		}
	case jsonval.Null, jsonval.Bool, jsonval.String:
	default:
		return "a value of unknown kind"
	}
	return ""
}

// largeMagnitude is 2^53: from there on, the shortest repr of an integral
// float may differ from its binary64 value.
const largeMagnitude = 1 << 53

// isLargeNumber reports whether v is an integer-form number (bigInt) or a
// float-form one (bigFloat) of magnitude at least 2^53.
func isLargeNumber(v jsonval.Value) (bigInt, bigFloat bool) {
	switch v.Kind {
	case jsonval.Int:
		return v.Big != nil || v.I >= largeMagnitude || v.I <= -largeMagnitude, false
	case jsonval.Float:
		return false, math.Abs(v.F) >= largeMagnitude
	}
	return false, false
}

// hasRepeatedKey reports whether two members share a key. Small objects are
// checked pair by pair (no allocation).
func hasRepeatedKey(obj []jsonval.Member) bool {
	const pairwiseMax = 16
	if len(obj) <= pairwiseMax {
		for i := 1; i < len(obj); i++ {
			for j := range i {
				if obj[i].Key == obj[j].Key {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[string]struct{}, len(obj))
	for i := range obj {
		if _, dup := seen[obj[i].Key]; dup {
			return true
		}
		seen[obj[i].Key] = struct{}{}
	}
	return false
}

// instanceScan is what Validate learns from one walk over an instance.
type instanceScan struct {
	limit    int
	tooDeep  bool // nested deeper than limit
	notJSON  bool // a non-finite number or a value of unknown kind
	odd      bool // an object with a repeated key
	bigInt   bool
	bigFloat bool
}

// walk scans v, found at the given depth (a top-level array or object has
// depth 1). It stops at the first value too deep or not JSON.
func (s *instanceScan) walk(v *jsonval.Value, depth int) {
	switch v.Kind {
	case jsonval.Null, jsonval.Bool, jsonval.String:
	case jsonval.Int:
		if v.Big != nil || v.I >= largeMagnitude || v.I <= -largeMagnitude {
			s.bigInt = true
		}
	case jsonval.Float:
		if math.IsNaN(v.F) || math.IsInf(v.F, 0) {
			s.notJSON = true
		} else if math.Abs(v.F) >= largeMagnitude {
			s.bigFloat = true
		}
	case jsonval.Array:
		if depth+1 > s.limit {
			s.tooDeep = true
			return
		}
		for i := range v.Arr {
			if s.walk(&v.Arr[i], depth+1); s.tooDeep || s.notJSON {
				return
			}
		}
	case jsonval.Object:
		if depth+1 > s.limit {
			s.tooDeep = true
			return
		}
		if !s.odd && hasRepeatedKey(v.Obj) {
			s.odd = true
		}
		for i := range v.Obj {
			if s.walk(&v.Obj[i].Value, depth+1); s.tooDeep || s.notJSON {
				return
			}
		}
	default:
		s.notJSON = true
	}
}

// needsFullPath reports whether the scanned instance must be validated by
// santhosh after all: it holds an object with a repeated key, or a large
// number that may be compared with a large number of the other lexical class
// (in the instance itself, through uniqueItems, or in the schema, through
// enum, const or a bound).
func (p *fastPlan) needsFullPath(s *instanceScan) bool {
	return s.odd ||
		(s.bigFloat && (s.bigInt || p.bigInt)) ||
		(s.bigInt && p.bigFloat)
}
