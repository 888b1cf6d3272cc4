package interp_test

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// hostileCase is one entry of the hostile-input catalog: a schema, a gold and
// a candidate text, optional limits, and the exact outcome.
type hostileCase struct {
	name         string
	schema       string
	gold, cand   string
	limits       interp.Limits
	decodeDepth  int    // jsonval.DecodeOptions.MaxDepth (0: default)
	want         string // "score X", or "<stage>: <error text>"
	limitErrName string // when set, the error must be a *interp.LimitError for this limit
}

// hostileOutcome runs one case through every entry point a library user
// calls: Compile, Decode (gold, then candidate), Score and Align (which must
// agree, limits included). It renders the result as "score X" (X in
// shortest round-trip form) or "<stage>: <error>".
func hostileOutcome(tc hostileCase) (string, error) {
	sc, err := interp.Compile([]byte(tc.schema), "schema.json", interp.Options{Limits: tc.limits})
	if err != nil {
		return "compile: " + err.Error(), err
	}
	dopts := jsonval.DecodeOptions{MaxDepth: tc.decodeDepth}
	gold, err := jsonval.Decode([]byte(tc.gold), dopts)
	if err != nil {
		return "gold: " + err.Error(), err
	}
	cand, err := jsonval.Decode([]byte(tc.cand), dopts)
	if err != nil {
		return "candidate: " + err.Error(), err
	}
	s, err := sc.Score(gold, cand)
	res, aerr := sc.Align(gold, cand)
	if err != nil {
		if aerr == nil || aerr.Error() != err.Error() {
			return fmt.Sprintf("Score error %q but Align %v", err, aerr), err
		}
		return "score: " + err.Error(), err
	}
	if aerr != nil || res.Score != s {
		return fmt.Sprintf("Score %v but Align %v", s, aerr), aerr
	}
	return "score " + strconv.FormatFloat(s, 'g', -1, 64), nil
}

func nested(open, close string, depth int, inner string) string {
	return strings.Repeat(open, depth) + inner + strings.Repeat(close, depth)
}

// objectOfKeys returns an object with n members "<prefix>i": i.
func objectOfKeys(prefix string, n int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", prefix+strconv.Itoa(i), i)
	}
	b.WriteByte('}')
	return b.String()
}

// intList returns a JSON array of n integers starting at from.
func intList(from, n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(from + i))
	}
	b.WriteByte(']')
	return b.String()
}

// treeChain returns a recursive-tree value {"label":…,"kids":[…]} nested depth times.
func treeChain(depth int) string {
	return strings.Repeat(`{"label":"n","kids":[`, depth) + `{"label":"leaf"}` + strings.Repeat(`]}`, depth)
}

const (
	strSchema     = `{"type": "string"}`
	intSchema     = `{"type": "integer"}`
	exactInt      = `{"type": "integer", "score": "exact"}`
	numSchema     = `{"type": "number"}`
	anySchema     = `{"type": ["null", "boolean", "integer", "number", "string", "array", "object"], "items": {"type": "string"}}`
	alignInts     = `{"type": "array", "order": "align", "items": {"type": "integer"}}`
	fixedNullable = `{"type": "array", "order": "fixed", "items": {"type": ["string", "null"], "nullScore": 0.5}}`
	treeSchema    = `{"$ref": "#/$defs/node", "$defs": {"node": {"type": "object", "properties": {
		"label": {"type": "string"},
		"kids": {"type": "array", "order": "align", "items": {"$ref": "#/$defs/node"}}}}}}`
	recArray  = `{"type": "array", "order": "fixed", "items": {"$ref": "#"}}`
	refSchema = `{"type": "object", "properties": {
		"people": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
			"id": {"type": "integer", "idScope": "person"}, "name": {"type": "string", "score": "exact"}}}},
		"links": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
			"from": {"type": "integer", "ref": "person"}, "to": {"type": "integer", "ref": "person"}}}}}}`
)

func hostileCases() []hostileCase {
	big := strings.Repeat("a", 10<<20)
	return []hostileCase{
		// Depth.
		{name: "100k-deep array, default decode depth", schema: recArray, gold: nested("[", "]", 100_000, ""), cand: `[]`, want: "gold: line 1:257: nesting depth exceeds the MaxDepth limit of 256"},
		{name: "100k-deep array decoded, then aligned", schema: recArray, gold: nested("[", "]", 100_000, ""), cand: nested("[", "]", 100_000, ""), decodeDepth: 200_000, want: "score: gold: limit MaxDepth = 256 exceeded at " + strings.Repeat("/0", 256)},
		{name: "257-deep array, default limits", schema: recArray, gold: nested("[", "]", 257, ""), cand: `[]`, want: "gold: line 1:257: nesting depth exceeds the MaxDepth limit of 256"},
		{name: "256-deep array aligned with a MaxDepth of 10", schema: recArray, gold: nested("[", "]", 20, ""), cand: nested("[", "]", 20, ""), limits: interp.Limits{MaxDepth: 10}, limitErrName: "MaxDepth", want: "score: gold: limit MaxDepth = 10 exceeded at /0/0/0/0/0/0/0/0/0/0"},
		{name: "recursive tree schema, 50 levels", schema: treeSchema, gold: treeChain(50), cand: treeChain(50), want: "score 1"},
		{name: "recursive tree schema, 200 levels (400 JSON levels)", schema: treeSchema, gold: treeChain(200), cand: treeChain(200), decodeDepth: 1000, limitErrName: "MaxDepth", want: "score: gold: limit MaxDepth = 256 exceeded at " + strings.Repeat("/kids/0", 128)},
		{name: "schema nested 300 levels", schema: nested(`{"type": "array", "items": `, `}`, 300, `{"type": "string"}`), gold: `[]`, cand: `[]`, want: "compile: schema.json:1:6940: #" + strings.Repeat("/items", 257) + ": schema nesting exceeds the limit of 256 levels"},
		{name: "schema nested 20 levels with a MaxDepth of 10", schema: nested(`{"type": "array", "items": `, `}`, 20, `{"type": "string"}`), gold: `[]`, cand: `[]`, limits: interp.Limits{MaxDepth: 10}, want: "compile: schema.json:1:298: #" + strings.Repeat("/items", 11) + ": schema nesting exceeds the limit of 10 levels"},
		{name: "schema JSON nested 600 levels", schema: nested(`[`, `]`, 600, ``), gold: `[]`, cand: `[]`, want: "compile: schema.json:1:521: #" + strings.Repeat("/0", 520) + ": invalid JSON: schema nesting exceeds the limit of 520 JSON levels"},
		{name: "schema $ref loop", schema: `{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}`, gold: `1`, cand: `1`, want: "compile: schema.json:1:39: #/$defs/a: $ref loop that never reaches a schema: #/$defs/a -> #/$defs/b -> #/$defs/a"},
		{name: "schema self $ref", schema: `{"$ref": "#"}`, gold: `1`, cand: `1`, want: "compile: schema.json:1:2: #: $ref loop that never reaches a schema: # -> #"},
		{name: "schema property $ref loop", schema: `{"type": "object", "properties": {"a": {"$ref": "#/properties/b"}, "b": {"$ref": "#/properties/a"}}}`, gold: `{}`, cand: `{}`, want: "compile: schema.json:1:41: #/properties/a: $ref loop that never reaches a schema: #/properties/a -> #/properties/b -> #/properties/a"},
		// Strings.
		{name: "10 MB string under jaro", schema: strSchema, gold: strconv.Quote(big), cand: strconv.Quote(big[1:]), limitErrName: "MaxStringRunes", want: "score: limit MaxStringRunes = 100000 exceeded at /"},
		{name: "10 MB string under exact", schema: `{"type": "string", "score": "exact"}`, gold: strconv.Quote(big), cand: strconv.Quote(big), want: "score 1"},
		{name: "30k-rune strings under damerau_levenshtein", schema: `{"type": "string", "score": "damerau_levenshtein"}`, gold: strconv.Quote(big[:30000]), cand: strconv.Quote(big[:29999] + "b"), limitErrName: "MaxWork", want: "score: limit MaxWork = 500000000 exceeded at /"},
		{name: "5k-rune strings under damerau_levenshtein", schema: `{"type": "string", "score": "damerau_levenshtein"}`, gold: strconv.Quote(big[:5000]), cand: strconv.Quote(big[:4999] + "b"), want: "score 0.9998"},
		{name: "astral code points count as one", schema: `{"type": "string", "score": "levenshtein"}`, gold: `"😀😀"`, cand: `"😀x"`, want: "score 0.5"},
		{name: "escaped surrogate pair", schema: `{"type": "string", "score": "exact"}`, gold: `"\ud83d\ude00"`, cand: `"😀"`, want: "score 1"},
		{name: "NUL in a string", schema: `{"type": "string", "score": "exact"}`, gold: `"a\u0000b"`, cand: `"a\u0000b"`, want: "score 1"},
		// Numbers.
		{name: "1e400", schema: numSchema, gold: `1e400`, cand: `1`, want: "gold: line 1:1: number 1e400 is out of the float64 range"},
		{name: "-1e400 in a candidate", schema: numSchema, gold: `1`, cand: `[-1e400]`, want: "candidate: line 1:2: number -1e400 is out of the float64 range"},
		{name: "1e-400 underflows", schema: numSchema, gold: `0.0`, cand: `1e-400`, want: "score 1"},
		{name: "-0 vs 0", schema: exactInt, gold: `-0`, cand: `0`, want: "score 1"},
		{name: "-0.0 vs 0.0", schema: `{"type": "number", "score": "exact"}`, gold: `-0.0`, cand: `0.0`, want: "score 1"},
		{name: "30-digit integers equal", schema: exactInt, gold: `123456789012345678901234567890`, cand: `123456789012345678901234567890`, want: "score 1"},
		{name: "30-digit integers one apart, exact", schema: exactInt, gold: `123456789012345678901234567890`, cand: `123456789012345678901234567891`, want: "score 0"},
		{name: "30-digit integers one apart, invdiff", schema: intSchema, gold: `123456789012345678901234567890`, cand: `123456789012345678901234567891`, want: "score 0.5"},
		{name: "int64 max vs max-1, exact", schema: exactInt, gold: `9223372036854775807`, cand: `9223372036854775806`, want: "score 0"},
		{name: "4301-digit integer", schema: intSchema, gold: `1`, cand: "1" + strings.Repeat("0", 4300), want: "candidate: line 1:1: integer literal of 4301 digits exceeds the limit of 4300 digits"},
		{name: "integer vs float root", schema: numSchema, gold: `1`, cand: `1.0`, want: "score 1"},
		{name: "NaN", schema: numSchema, gold: `NaN`, cand: `1`, want: "gold: line 1:1: NaN is not a JSON number"},
		{name: "Infinity", schema: numSchema, gold: `1`, cand: `Infinity`, want: "candidate: line 1:1: Infinity is not a JSON number"},
		{name: "leading zero", schema: numSchema, gold: `1`, cand: `01`, want: "candidate: line 1:1: invalid number: leading zero"},
		// Text encoding and framing.
		{name: "invalid UTF-8", schema: strSchema, gold: "\"a\xffb\"", cand: `"ab"`, want: "gold: line 1:3: invalid UTF-8 byte 0xff in string"},
		{name: "overlong UTF-8", schema: strSchema, gold: `"ab"`, cand: "\"\xc0\xaf\"", want: "candidate: line 1:2: invalid UTF-8 byte 0xc0 in string"},
		{name: "lone high surrogate", schema: strSchema, gold: `"\ud800"`, cand: `"a"`, want: "gold: line 1:2: lone surrogate escape \\ud800 in string"},
		{name: "lone low surrogate", schema: strSchema, gold: `"a"`, cand: "[\n  \"\\udc00\"]", want: "candidate: line 2:4: lone surrogate escape \\udc00 in string"},
		{name: "raw control character", schema: strSchema, gold: "\"a\tb\"", cand: `"a"`, want: "gold: line 1:3: unescaped control character U+0009 in string"},
		{name: "BOM", schema: strSchema, gold: "\xEF\xBB\xBF\"abc\"", cand: `"abc"`, want: "score 1"},
		{name: "BOM in a schema", schema: "\xEF\xBB\xBF" + strSchema, gold: `"abc"`, cand: `"abc"`, want: "score 1"},
		{name: "trailing garbage", schema: strSchema, gold: `"abc"`, cand: `"abc" x`, want: "candidate: line 1:7: unexpected character 'x' after top-level value"},
		{name: "two values", schema: intSchema, gold: "1\n2", cand: `1`, want: "gold: line 2:1: unexpected character '2' after top-level value"},
		{name: "empty input", schema: strSchema, gold: ``, cand: `"a"`, want: "gold: line 1:1: empty input"},
		{name: "whitespace-only input", schema: strSchema, gold: `"a"`, cand: " \n\t ", want: "candidate: line 2:3: empty input"},
		{name: "empty schema text", schema: ``, gold: `"a"`, cand: `"a"`, want: "compile: schema.json:1:1: #: invalid JSON: unexpected end of input, expected a JSON value"},
		{name: "schema with trailing garbage", schema: `{"type": "string"}}`, gold: `"a"`, cand: `"a"`, want: "compile: schema.json:1:19: #: invalid JSON: unexpected '}' after the JSON value"},
		{name: "truncated object", schema: `{"type": "object"}`, gold: `{"a": 1`, cand: `{}`, want: "gold: line 1:8: unexpected end of input in object, expected ',' or '}'"},
		{name: "duplicate keys: first position, last value", schema: `{"type": "object", "properties": {"a": {"type": "integer", "score": "exact"}, "b": {"type": "integer"}}}`, gold: `{"a": 1, "b": 2, "a": 3}`, cand: `{"a": 3, "b": 2}`, want: "score 1"},
		// Kinds.
		{name: "null where a string is expected", schema: strSchema, gold: `"a"`, cand: `null`, want: "score 0"},
		{name: "boolean where a string is expected", schema: strSchema, gold: `"a"`, cand: `true`, want: "score 0"},
		{name: "number where a string is expected", schema: strSchema, gold: `"5"`, cand: `5`, want: "score 0"},
		{name: "array where a string is expected", schema: strSchema, gold: `"a"`, cand: `["a"]`, want: "score 0"},
		{name: "object where an array is expected", schema: alignInts, gold: `[1]`, cand: `{"0": 1}`, want: "score 0"},
		{name: "string where an integer is expected", schema: intSchema, gold: `5`, cand: `"5"`, want: "score 0"},
		{name: "true where an integer is expected", schema: intSchema, gold: `1`, cand: `true`, want: "score 0"},
		{name: "float where an integer is expected", schema: intSchema, gold: `1`, cand: `1.5`, want: "score 0"},
		{name: "gold of the wrong kind", schema: intSchema, gold: `"1"`, cand: `1`, want: `score: invalid gold at /: "1" is not of type "integer"`},
		{name: "union root of different kinds", schema: anySchema, gold: `"a"`, cand: `["a"]`, want: "score 0"},
		{name: "union cells of different kinds", schema: `{"type": "array", "order": "fixed", "items": {"type": ["integer", "boolean", "string"]}}`, gold: `[1, 2, "x"]`, cand: `[true, false, "x"]`, want: "score 0.2"},
		// Collections.
		{name: "10k fuzzy-matched object keys", schema: `{"type": "object", "keyImportance": 0.5}`, gold: objectOfKeys("key", 10_000), cand: objectOfKeys("kee", 10_000), limitErrName: "MaxCollection", want: "score: limit MaxCollection = 4096 exceeded at /"},
		{name: "10 MB object keys under jaro", schema: `{"type": "object", "properties": {"a": {"type": "object", "keyScore": "jaro", "keyImportance": 0.5}}}`, gold: `{"a": {` + strconv.Quote(big) + `: 1}}`, cand: `{"a": {` + strconv.Quote(big[1:]) + `: 1}}`, want: "score: limit MaxStringRunes = 100000 exceeded at /a", limitErrName: "MaxStringRunes"},
		{name: "10 MB object keys under exact (a map of any values, docs/SCORING.md §6.8)", schema: `{"type": "object", "keyScore": "exact", "keyImportance": 1}`, gold: `{` + strconv.Quote(big) + `: 1}`, cand: `{` + strconv.Quote(big) + `: 1}`, want: "score 1"},
		{name: "300 keys of 3000 runes under jaro", schema: `{"type": "object", "keyScore": "jaro", "keyImportance": 0.5}`, gold: objectOfKeys(big[:3000], 300), cand: objectOfKeys(big[:2999], 300), want: "score: limit MaxWork = 500000000 exceeded at /", limitErrName: "MaxWork"},
		{name: "6000-item align list", schema: alignInts, gold: intList(0, 6000), cand: intList(1, 6000), limitErrName: "MaxCollection", want: "score: limit MaxCollection = 4096 exceeded at /"},
		{name: "2000-item align list within the limit", schema: `{"type": "array", "order": "align", "items": {"type": "integer", "score": "exact"}}`, gold: intList(0, 2000), cand: intList(1000, 2000), want: "score 0.3333333333333333"},
		{name: "6000-item list under a key with / and ~", schema: `{"type": "object", "properties": {"a/b~c": ` + alignInts + `}}`, gold: `{"a/b~c": ` + intList(0, 6000) + `}`, cand: `{"a/b~c": []}`, limitErrName: "MaxCollection", want: "score: limit MaxCollection = 4096 exceeded at /a~1b~0c"},
		{name: "Align's re-alignment shares the work budget of Score", schema: `{"type": "array", "order": "align", "items": {"type": "string", "score": "damerau_levenshtein"}}`, gold: `["` + big[:1200] + `"]`, cand: `["` + big[:1200] + `"]`, limits: interp.Limits{MaxWork: 2_000_000}, want: "score 1"},
		{name: "1024-item align list of near-ties: the assignment is charged", schema: alignInts, gold: intList(0, 1024), cand: intList(1, 1024), limits: interp.Limits{MaxWork: 4_000_000}, limitErrName: "MaxWork", want: "score: limit MaxWork = 4000000 exceeded at /"},
		{name: "work budget", schema: alignInts, gold: intList(0, 100), cand: intList(0, 100), limits: interp.Limits{MaxWork: 5000}, limitErrName: "MaxWork", want: "score: limit MaxWork = 5000 exceeded at /"},
		{name: "nulls in a fixed list", schema: fixedNullable, gold: `["a", null, "b", null]`, cand: `[null, "a", null, "b"]`, want: "score 0.6"},
		{name: "only nulls in a fixed list", schema: fixedNullable, gold: `[null, null, null]`, cand: `[null]`, want: "score 0.3333333333333333"},
		{name: "empty arrays", schema: alignInts, gold: `[]`, cand: `[]`, want: "score 1"},
		// Schema annotations.
		{name: "idScope on an object", schema: `{"type": "array", "items": {"type": "object", "idScope": "x"}}`, gold: `[]`, cand: `[]`, want: "compile: schema.json:1:28: #/items: a node with \"idScope\" needs \"type\" exactly \"string\", \"integer\" or \"number\", got \"object\""},
		{name: "ref to a missing scope", schema: `{"type": "object", "properties": {"a": {"type": "integer", "ref": "nowhere"}}}`, gold: `{}`, cand: `{}`, want: "compile: schema.json:1:40: #/properties/a: ref to undefined scope \"nowhere\""},
		{name: "nullScore 2", schema: `{"type": "string", "nullScore": 2}`, gold: `"a"`, cand: `null`, want: "compile: schema.json:1:20: #: \"nullScore\" must be a number in [0, 1], got number 2"},
		{name: "ignoreExcess with ignoreMissing", schema: `{"type": "array", "items": {"type": "string"}, "ignoreExcess": true, "ignoreMissing": true}`, gold: `[]`, cand: `[]`, want: "compile: schema.json:1:1: #: \"ignoreExcess\" and \"ignoreMissing\" cannot both be true"},
		{name: "remote $ref", schema: `{"$ref": "https://example.com/s.json"}`, gold: `1`, cand: `1`, want: "compile: schema.json:1:2: #: remote $ref \"https://example.com/s.json\" is not supported: oagen works offline and resolves only references inside this document (starting with \"#\", or naming this document's \"$id\")"},
		{name: "unknown comparator", schema: `{"type": "string", "score": "soundex"}`, gold: `"a"`, cand: `"a"`, want: "compile: schema.json:1:20: #: unknown comparator \"soundex\" for a string"},
		{name: "threshold beyond float64", schema: `{"type": "number", "threshold": 1e400}`, gold: `1`, cand: `1`, want: "compile: schema.json:1:20: #: \"threshold\" must be a finite number, got +Inf"},
		{name: "schema is not an object", schema: `[]`, gold: `1`, cand: `1`, want: "compile: schema.json:1:1: #: a schema must be an object, got an array"},
		// Referential.
		{name: "dangling gold reference", schema: refSchema, gold: `{"people": [{"id": 1, "name": "A"}], "links": [{"from": 1, "to": 2}]}`, cand: `{"people": [], "links": []}`, want: "score: invalid gold at /links/0/to: reference 2 names no identifier of scope \"person\""},
		{name: "duplicate gold ids", schema: refSchema, gold: `{"people": [{"id": 1, "name": "A"}, {"id": 1, "name": "B"}], "links": []}`, cand: `{"people": [], "links": []}`, want: "score: invalid gold at /people/1/id: duplicate identifier 1 in scope \"person\""},
		{name: "scope records beyond MaxCollection", schema: refSchema, gold: `{"people": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}], "links": []}`, cand: `{"people": [], "links": []}`, limits: interp.Limits{MaxCollection: 2}, want: "score: limit MaxCollection = 2 exceeded at /people", limitErrName: "MaxCollection"},
		{name: "duplicate candidate ids, relabelled", schema: refSchema, gold: `{"people": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}], "links": [{"from": 1, "to": 2}]}`, cand: `{"people": [{"id": 7, "name": "A"}, {"id": 7, "name": "B"}], "links": [{"from": 7, "to": 7}]}`, want: "score 0.75"},
		{name: "dangling candidate reference", schema: refSchema, gold: `{"people": [{"id": 1, "name": "A"}], "links": [{"from": 1, "to": 1}]}`, cand: `{"people": [{"id": 5, "name": "A"}], "links": [{"from": 5, "to": 6}]}`, want: "score 0.75"},
	}
}

// TestHostileCatalog pins the exact outcome of every hostile input.
func TestHostileCatalog(t *testing.T) {
	for _, tc := range hostileCases() {
		t.Run(tc.name, func(t *testing.T) {
			got, err := hostileOutcome(tc)
			if os.Getenv("HOSTILE_PRINT") != "" {
				t.Logf("CASE\t%s\t%q", tc.name, got)
				return
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if tc.limitErrName != "" {
				var le *interp.LimitError
				if !errors.As(err, &le) || le.Limit != tc.limitErrName {
					t.Errorf("error %v is not a %s limit error", err, tc.limitErrName)
				}
			}
		})
	}
}
