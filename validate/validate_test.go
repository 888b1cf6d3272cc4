package validate

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

func mustDecode(t *testing.T, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.DecodeString(s)
	if err != nil {
		t.Fatalf("decoding %s: %v", s, err)
	}
	return v
}

func mustCompile(t *testing.T, schema string) *Validator {
	t.Helper()
	v, err := Compile(mustDecode(t, schema))
	if err != nil {
		t.Fatalf("Compile(%s): %v", schema, err)
	}
	return v
}

func TestPythonMessages(t *testing.T) {
	for _, c := range pythonCases {
		t.Run(c.name, func(t *testing.T) {
			v := mustCompile(t, c.schema)
			got := v.Validate(mustDecode(t, c.inst))
			if got == nil {
				t.Fatalf("valid; want %v: %s", c.path, c.msg)
			}
			if got.Err != nil {
				t.Fatalf("Err = %v", got.Err)
			}
			if got.Message != c.msg || !slices.Equal(got.Path, c.path) {
				t.Errorf("got %q at %q\nwant %q at %q", got.Message, got.Path, c.msg, c.path)
			}
		})
	}
}

// oaKeywords are the Object Aligner keywords (docs/SCORING.md §2.1). JSON Schema does not
// define them, so validation must ignore them whatever their values.
var oaKeywords = []string{"score", "threshold", "nullScore", "keyScore", "keyThreshold", "keyImportance",
	"valueImportance", "valueWeight", "prefixWeights", "prefixImportance", "restImportance", "order",
	"ignoreExcess", "ignoreMissing", "idScope", "ref"}

func TestOAKeywordsIgnored(t *testing.T) {
	// Values of every JSON kind, including ones shaped like schemas and
	// references that would fail if they were compiled as such.
	values := []string{`"jaro"`, `0.5`, `-3`, `true`, `null`, `[1, "x"]`,
		`{"type": 5}`, `{"$ref": "#/nowhere"}`, `{"$id": "http://elsewhere/x", "$anchor": "a"}`, `false`}
	for _, dialect := range []string{"", `"$schema": "http://json-schema.org/draft-07/schema#", `} {
		for i, val := range values {
			var sb strings.Builder
			sb.WriteString(`{` + dialect + `"type": "object", "properties": {"a": {"type": "integer"`)
			for _, k := range oaKeywords {
				sb.WriteString(`, "` + k + `": ` + val)
			}
			sb.WriteString(`}}`)
			for _, k := range oaKeywords {
				sb.WriteString(`, "` + k + `": ` + values[(i+1)%len(values)])
			}
			sb.WriteString(`}`)
			v := mustCompile(t, sb.String())
			if err := v.Validate(mustDecode(t, `{"a": 5.0, "b": "x"}`)); err != nil {
				t.Errorf("%s: valid instance rejected: %v", sb.String(), err)
			}
			err := v.Validate(mustDecode(t, `{"a": "5"}`))
			if err == nil || err.Message != "'5' is not of type 'integer'" || err.DisplayPath() != "/a" {
				t.Errorf("%s: got %v, want /a: '5' is not of type 'integer'", sb.String(), err)
			}
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for _, c := range []struct{ name, schema, want string }{
		{"type not a string", `{"type": 5}`, "not a valid JSON Schema"},
		{"invalid regex", `{"pattern": "(?=x)"}`, "not a valid JSON Schema"},
		{"unknown $schema", `{"$schema": "http://example.com/my-dialect"}`, "my-dialect"},
		{"remote reference", `{"$ref": "https://example.com/other.json"}`, "remote reference"},
		{"relative remote reference", `{"$ref": "other.json"}`, "other.json"},
		{"dangling pointer", `{"$ref": "#/$defs/missing"}`, "missing"},
		{"self reference", `{"$ref": "#"}`, "reference cycle"},
		{"cycle through combinators", `{"$defs": {"a": {"anyOf": [{"type": "string"}, {"$ref": "#"}]}}, "allOf": [{"$ref": "#/$defs/a"}]}`, "reference cycle"},
		{"cycle through not", `{"$defs": {"a": {"not": {"$ref": "#/$defs/a"}}}, "properties": {"x": {"$ref": "#/$defs/a"}}}`, "reference cycle"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compile(mustDecode(t, c.schema))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Compile(%s) = %v, want an error containing %q", c.schema, err, c.want)
			}
		})
	}
	if _, err := Compile(jsonval.NewBool(true), WithMaxDepth(0)); err == nil {
		t.Error("WithMaxDepth(0) accepted")
	}
	// A recursive schema whose cycle descends into the instance is fine.
	mustCompile(t, `{"$defs": {"n": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/n"}}}}}, "$ref": "#/$defs/n"}`)
}

// nest returns depth arrays nested around 1.
func nest(depth int) jsonval.Value {
	v := jsonval.NewInt(1)
	for range depth {
		v = jsonval.NewArray([]jsonval.Value{v})
	}
	return v
}

func TestDepthLimit(t *testing.T) {
	v, err := Compile(mustDecode(t, `{"items": {"$ref": "#"}, "type": ["array", "integer"]}`), WithMaxDepth(50))
	if err != nil {
		t.Fatal(err)
	}
	if e := v.Validate(nest(50)); e != nil {
		t.Errorf("depth 50 at limit 50: %v", e)
	}
	e := v.Validate(nest(51))
	if e == nil || !errors.Is(e, ErrTooDeep) || !errors.Is(e.Err, ErrTooDeep) {
		t.Errorf("depth 51 at limit 50: got %v, want an Error wrapping ErrTooDeep", e)
	}
	// The default limit copes with instances far deeper than Decode accepts.
	deep := nest(DefaultMaxDepth + 1)
	v2 := mustCompile(t, `{}`)
	if e := v2.Validate(deep); e == nil || !errors.Is(e, ErrTooDeep) {
		t.Errorf("depth %d: got %v, want ErrTooDeep", DefaultMaxDepth+1, e)
	}
	if e := v2.Validate(nest(DefaultMaxDepth)); e != nil {
		t.Errorf("depth %d: %v", DefaultMaxDepth, e)
	}
	// The schema document is bounded too.
	deepSchema := jsonval.NewBool(true)
	for range 60 {
		deepSchema = jsonval.NewObject([]jsonval.Member{{Key: "not", Value: deepSchema}})
	}
	if _, err := Compile(deepSchema, WithMaxDepth(50)); !errors.Is(err, ErrTooDeep) {
		t.Errorf("schema of depth 60 at limit 50: %v, want ErrTooDeep", err)
	}
}

// TestSanthoshDecidesValidity covers values Python's jsonschema would reject
// but that are valid JSON Schema instances (and so valid for oagen, docs/SCORING.md §9.5).
func TestSanthoshDecidesValidity(t *testing.T) {
	for _, c := range []struct{ schema, inst string }{
		{`{"multipleOf": 0.1}`, `0.3`},     // Python divides in binary64: 0.3/0.1 = 2.9999999999999996
		{`{"type": "integer"}`, `5.0`},     // integral float
		{`{"format": "email"}`, `"nope"`},  // format is an annotation
		{`{"format": "date-time"}`, `"x"`}, // idem
	} {
		v := mustCompile(t, c.schema)
		if e := v.Validate(mustDecode(t, c.inst)); e != nil {
			t.Errorf("%s / %s: %v", c.schema, c.inst, e)
		}
	}
}

// TestFallbackToSanthosh checks that a value santhosh rejects is reported
// invalid even when the ordered evaluator finds no error in it.
func TestFallbackToSanthosh(t *testing.T) {
	v, err := Compile(mustDecode(t, `{"properties": {"a": {"items": {"type": "string"}}}}`), WithoutFastPath())
	if err != nil {
		t.Fatal(err)
	}
	v.root = &node{raw: jsonval.NewBool(true)} // an evaluator that finds nothing
	e := v.Validate(mustDecode(t, `{"a": ["x", 7]}`))
	if e == nil {
		t.Fatal("invalid value reported valid")
	}
	if e.Err != nil || e.Message == "" || e.DisplayPath() != "/a/1" {
		t.Errorf("fallback error %+v, want santhosh's error at /a/1", e)
	}
}

func TestErrorRendering(t *testing.T) {
	e := &Error{Path: []string{"a/b", "c~d", "0"}, Message: "m"}
	if got, want := e.Pointer(), "/a~1b/c~0d/0"; got != want {
		t.Errorf("Pointer = %q, want %q", got, want)
	}
	if got, want := e.DisplayPath(), "/a/b/c~d/0"; got != want {
		t.Errorf("DisplayPath = %q, want %q", got, want)
	}
	if got, want := e.Error(), "/a/b/c~d/0: m"; got != want {
		t.Errorf("Error = %q, want %q", got, want)
	}
	root := &Error{Message: "m"}
	if root.Pointer() != "" || root.DisplayPath() != "/" {
		t.Errorf("root renders as %q and %q, want \"\" and \"/\"", root.Pointer(), root.DisplayPath())
	}
}

func TestValidReturnsNil(t *testing.T) {
	v := mustCompile(t, `{"type": "object", "required": ["a"], "properties": {"a": {"enum": [1, "x"]}}, "additionalProperties": false}`)
	for _, inst := range []string{`{"a": 1}`, `{"a": 1.0}`, `{"a": "x"}`} {
		if e := v.Validate(mustDecode(t, inst)); e != nil {
			t.Errorf("%s: %v", inst, e)
		}
	}
}

func TestConcurrentValidate(t *testing.T) {
	v := mustCompile(t, `{"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}}, "required": ["n"]}}`)
	insts := []string{`[{"n": 1}, {"n": 2}]`, `[{"n": -1}]`, `[{"m": 1}]`, `[{"n": "x"}]`, `{}`}
	want := make([]string, len(insts))
	vals := make([]jsonval.Value, len(insts))
	for i, s := range insts {
		vals[i] = mustDecode(t, s)
		if e := v.Validate(vals[i]); e != nil {
			want[i] = e.Error()
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 200 {
				i := (g + k) % len(vals)
				got := ""
				if e := v.Validate(vals[i]); e != nil {
					got = e.Error()
				}
				if got != want[i] {
					errs <- fmt.Sprintf("%s: got %q, want %q", insts[i], got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestNotMultipleOf(t *testing.T) {
	for _, c := range []struct {
		inst, by string
		want     bool
	}{
		{`6`, `3`, false}, {`7`, `3`, true}, {`7.5`, `2.5`, false}, {`0.75`, `0.5`, true},
		{`3.5`, `2`, true}, {`4.0`, `2`, false},
		{`0.3`, `0.1`, true}, // binary64 quotient 2.9999999999999996, as in Python
		{`123456789012345678901234567890`, `10`, false},
		{`123456789012345678901234567891`, `10`, true},
		// The binary64 quotient overflows: exact rational check, as Python's
		// Fraction fallback (2^-1000 is exact in binary64, 1e-308 is not).
		{`1e300`, `9.332636185032189e-302`, false},
		{`1e308`, `1e-308`, true},
		{`5`, `0`, true}, {`5`, `0.0`, true}, // excluded by the metaschemas; no panic
	} {
		got := notMultipleOf(mustDecode(t, c.inst), mustDecode(t, c.by))
		if got != c.want {
			t.Errorf("notMultipleOf(%s, %s) = %v, want %v", c.inst, c.by, got, c.want)
		}
	}
}

func TestCmpNum(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{`1`, `1.0`, 0}, {`-0.0`, `0`, 0}, {`2`, `1.5`, 1}, {`1.5`, `2`, -1},
		{`9007199254740993`, `9007199254740992.0`, 1}, // exact, unlike float64(int)
		{`123456789012345678901234567890`, `1e29`, 1},
		{`-123456789012345678901234567890`, `-1e29`, -1},
		{`123456789012345678901234567890`, `123456789012345678901234567891`, -1},
	} {
		got, ok := cmpNum(mustDecode(t, c.a), mustDecode(t, c.b))
		if !ok || got != c.want {
			t.Errorf("cmpNum(%s, %s) = %d, %v; want %d", c.a, c.b, got, ok, c.want)
		}
	}
}

// TestJSONValues checks that WithJSONValues changes only how values show in
// messages, on both paths.
func TestJSONValues(t *testing.T) {
	for _, c := range []struct{ schema, inst, py, js string }{
		{`{"enum": ["Manager", "Engineer"]}`, `"Boss"`, `'Boss' is not one of ['Manager', 'Engineer']`, `"Boss" is not one of ["Manager", "Engineer"]`},
		{`{"type": "object", "required": ["name"]}`, `{}`, `'name' is a required property`, `"name" is a required property`},
		{`{"type": "integer"}`, `null`, `None is not of type 'integer'`, `null is not of type "integer"`},
		{`{"type": "string"}`, `12.0`, `12.0 is not of type 'string'`, `12 is not of type "string"`},
		{`{"type": "object", "additionalProperties": false}`, `{"z": true}`, `Additional properties are not allowed ('z' was unexpected)`, `Additional properties are not allowed ("z" was unexpected)`},
	} {
		for _, fast := range []bool{true, false} {
			opts := []Option{}
			if !fast {
				opts = append(opts, WithoutFastPath())
			}
			py, err := Compile(mustDecode(t, c.schema), opts...)
			if err != nil {
				t.Fatal(err)
			}
			js, err := Compile(mustDecode(t, c.schema), append(opts, WithJSONValues())...)
			if err != nil {
				t.Fatal(err)
			}
			inst := mustDecode(t, c.inst)
			if e := py.Validate(inst); e == nil || e.Message != c.py {
				t.Errorf("%s on %s (fast %v): %v, want %q", c.schema, c.inst, fast, e, c.py)
			}
			if e := js.Validate(inst); e == nil || e.Message != c.js {
				t.Errorf("%s on %s with JSON values (fast %v): %v, want %q", c.schema, c.inst, fast, e, c.js)
			}
		}
	}
}
