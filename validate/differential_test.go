package validate

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/jsonval"
)

// The differential tests compare the fast path (the ordered evaluator alone)
// with santhosh-tekuri/jsonschema, the oracle: a Validator compiled with
// WithoutFastPath decides validity with santhosh and reports the evaluator's
// first error, so on the fast subset the two Validators must return the same
// verdict, path and message for every instance.

func bigDec(s string) jsonval.Value {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic("bad decimal " + s)
	}
	return jsonval.NewBigInt(b)
}

func bigPow10(n int64) jsonval.Value {
	return jsonval.NewBigInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(n), nil))
}

// diffNumbers are the numbers schemas and instances are drawn from: integral
// floats and integers of the same value, -0.0, values around 2^53 where
// binary64 loses integers, integers beyond int64, and a float whose shortest
// repr is not its binary64 value (1.2345678901234567e+19 is
// 12345678901234567168 in binary64).
var diffNumbers = []jsonval.Value{
	jsonval.NewInt(0), jsonval.NewInt(1), jsonval.NewInt(2), jsonval.NewInt(3), jsonval.NewInt(-1),
	jsonval.NewFloat(0), jsonval.NewFloat(math.Copysign(0, -1)), jsonval.NewFloat(1), jsonval.NewFloat(2),
	jsonval.NewFloat(5), jsonval.NewFloat(1.5), jsonval.NewFloat(0.1), jsonval.NewFloat(-2.5),
	jsonval.NewInt(1 << 53), jsonval.NewInt(1<<53 + 1), jsonval.NewInt(1<<53 - 1),
	jsonval.NewFloat(1 << 53), jsonval.NewFloat(1<<53 - 1), jsonval.NewFloat(1e300),
	jsonval.NewFloat(1.2345678901234567e19), bigDec("12345678901234567168"),
	bigDec("12345678901234567000"), jsonval.NewFloat(1e20), bigPow10(20), bigPow10(25),
	jsonval.NewFloat(1e-300), jsonval.NewFloat(4503599627370495.5),
}

// diffStrings hold multi-byte code points (é: 2 bytes, 日: 3, 😀: 4 bytes and
// two UTF-16 units) so that lengths are counted in code points.
var diffStrings = []string{"", "a", "b", "ab", "ba", "aa", "A", "1", "é", "日本", "😀", "a😀", "éé", "abc"}

var diffKeys = []string{"a", "b", "c", "aa", "ba", "é"}

var diffPatterns = []string{"^a", "a$", "^.$", "^..$", "[0-9]", "é", "^$", "^[a-z]+$", ".", "😀", "^(a|b)*$"}

var diffTypes = []string{"null", "boolean", "object", "array", "string", "number", "integer"}

type diffGen struct {
	r    *rand.Rand
	defs int // number of $defs entries at the root, "d0" … "d<defs-1>"
}

func (g *diffGen) pick(n int) int { return g.r.IntN(n) }

func (g *diffGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *diffGen) number() jsonval.Value { return diffNumbers[g.pick(len(diffNumbers))] }

func (g *diffGen) str() jsonval.Value {
	return jsonval.NewString(diffStrings[g.pick(len(diffStrings))])
}

// value returns a random JSON value.
func (g *diffGen) value(depth int) jsonval.Value {
	k := g.pick(9)
	if depth <= 0 && k >= 7 {
		k = g.pick(7)
	}
	switch k {
	case 0:
		return jsonval.NullValue()
	case 1:
		return jsonval.NewBool(g.chance(0.5))
	case 2, 3:
		return g.number()
	case 4, 5, 6:
		return g.str()
	case 7:
		arr := make([]jsonval.Value, g.pick(4))
		for i := range arr {
			if i > 0 && g.chance(0.3) {
				arr[i] = variant(g.r, arr[g.pick(i)]) // likely duplicates: 1 and 1.0
			} else {
				arr[i] = g.value(depth - 1)
			}
		}
		return jsonval.NewArray(arr)
	default:
		return jsonval.NewObject(g.members(depth-1, nil))
	}
}

// members returns object members with distinct keys from diffKeys (and the
// names given), values from val (or random ones).
func (g *diffGen) members(depth int, names []string) []jsonval.Member {
	keys := append(slices.Clone(names), diffKeys...)
	g.r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	var out []jsonval.Member
	for _, k := range keys[:g.pick(min(len(keys), 4)+1)] {
		if slices.ContainsFunc(out, func(m jsonval.Member) bool { return m.Key == k }) {
			continue
		}
		out = append(out, jsonval.Member{Key: k, Value: g.value(depth)})
	}
	return out
}

func (g *diffGen) limit() jsonval.Value {
	n := g.pick(4)
	if g.chance(0.2) {
		return jsonval.NewFloat(float64(n)) // 2.0 is an integer for the meta-schema
	}
	return jsonval.NewInt(int64(n))
}

// schema returns a random schema of the fast subset.
func (g *diffGen) schema(depth int) jsonval.Value {
	if g.chance(0.08) {
		return jsonval.NewBool(g.chance(0.6))
	}
	var obj []jsonval.Member
	add := func(k string, v jsonval.Value) {
		for i := range obj {
			if obj[i].Key == k {
				obj[i].Value = v
				return
			}
		}
		obj = append(obj, jsonval.Member{Key: k, Value: v})
	}
	sub := func() jsonval.Value { return g.schema(depth - 1) }
	subs := func() jsonval.Value {
		arr := make([]jsonval.Value, 1+g.pick(3))
		for i := range arr {
			arr[i] = sub()
		}
		return jsonval.NewArray(arr)
	}
	for range 1 + g.pick(4) {
		k := g.pick(24)
		if depth <= 0 && k >= 14 {
			k = g.pick(14)
		}
		switch k {
		case 0, 1:
			if g.chance(0.6) {
				add("type", jsonval.NewString(diffTypes[g.pick(len(diffTypes))]))
			} else {
				perm := g.r.Perm(len(diffTypes))[:1+g.pick(3)]
				arr := make([]jsonval.Value, len(perm))
				for i, p := range perm {
					arr[i] = jsonval.NewString(diffTypes[p])
				}
				add("type", jsonval.NewArray(arr))
			}
		case 2:
			arr := make([]jsonval.Value, g.pick(4))
			for i := range arr {
				arr[i] = g.value(1)
			}
			add("enum", jsonval.NewArray(arr))
		case 3:
			add("const", g.value(1))
		case 4:
			var req []jsonval.Value
			for _, k := range g.r.Perm(len(diffKeys))[:g.pick(3)] {
				req = append(req, jsonval.NewString(diffKeys[k]))
			}
			add("required", jsonval.NewArray(req))
		case 5:
			name := []string{"minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"}[g.pick(6)]
			add(name, g.limit())
		case 6:
			add("uniqueItems", jsonval.NewBool(g.chance(0.8)))
		case 7:
			add("pattern", jsonval.NewString(diffPatterns[g.pick(len(diffPatterns))]))
		case 8:
			name := []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}[g.pick(4)]
			add(name, g.number())
		case 9:
			// Annotations, OA keywords and unknown keys: ignored by both.
			switch g.pick(7) {
			case 0:
				add("format", jsonval.NewString([]string{"email", "date-time", "uri", "ipv4"}[g.pick(4)]))
			case 1:
				add("title", jsonval.NewString("t"))
			case 2:
				add("default", g.value(1))
			case 3:
				add("score", jsonval.NewString("jaro"))
				add("threshold", jsonval.NewFloat(0.5))
			case 4:
				add("idScope", jsonval.NewString("person"))
				add("ref", jsonval.NewString("person"))
			case 5:
				add("x-extension", jsonval.NewObject([]jsonval.Member{{Key: "type", Value: jsonval.NewString("string")}}))
			default:
				add("id", jsonval.NewString("not-a-2020-keyword"))
			}
		case 10, 11:
			if g.defs > 0 {
				add("$ref", jsonval.NewString("#/$defs/d"+strconv.Itoa(g.pick(g.defs))))
			}
		case 12, 13:
			if g.defs > 0 && g.chance(0.3) {
				add("$ref", jsonval.NewString("#/definitions/e"))
			} else {
				add("minItems", g.limit())
			}
		case 14, 15:
			var props []jsonval.Member
			for _, k := range g.r.Perm(len(diffKeys))[:1+g.pick(3)] {
				props = append(props, jsonval.Member{Key: diffKeys[k], Value: sub()})
			}
			add("properties", jsonval.NewObject(props))
		case 16:
			if g.chance(0.5) {
				add("additionalProperties", jsonval.NewBool(g.chance(0.3)))
			} else {
				add("additionalProperties", sub())
			}
		case 17:
			var pp []jsonval.Member
			for _, k := range g.r.Perm(len(diffPatterns))[:1+g.pick(2)] {
				pp = append(pp, jsonval.Member{Key: diffPatterns[k], Value: sub()})
			}
			add("patternProperties", jsonval.NewObject(pp))
		case 18:
			add("propertyNames", sub())
		case 19:
			add("items", sub())
		case 20:
			add("prefixItems", subs())
		case 21:
			add([]string{"allOf", "anyOf", "oneOf"}[g.pick(3)], subs())
		case 22:
			add("not", sub())
		default:
			add("items", sub())
			add("prefixItems", subs())
		}
	}
	return jsonval.NewObject(obj)
}

// document returns a random schema document: a root schema, with $defs (which
// may refer to each other and to the root) when defs > 0.
func (g *diffGen) document() jsonval.Value {
	g.defs = g.pick(4)
	root := g.schema(3)
	if g.defs == 0 || root.Kind != jsonval.Object {
		return root
	}
	defs := make([]jsonval.Member, g.defs)
	for i := range defs {
		defs[i] = jsonval.Member{Key: "d" + strconv.Itoa(i), Value: g.schema(2)}
	}
	obj := slices.Clone(root.Obj)
	if g.chance(0.5) {
		obj = append(obj, jsonval.Member{Key: "$schema", Value: jsonval.NewString(draft2020URI)})
	}
	obj = append(obj,
		jsonval.Member{Key: "$defs", Value: jsonval.NewObject(defs)},
		jsonval.Member{Key: "definitions", Value: jsonval.NewObject([]jsonval.Member{{Key: "e", Value: g.schema(1)}})})
	return jsonval.NewObject(obj)
}

// instance returns a value shaped by schema now and then (so that valid
// values are common), random otherwise.
func (g *diffGen) instance(doc, schema jsonval.Value, depth int) jsonval.Value {
	if schema.Kind != jsonval.Object || depth <= 0 || g.chance(0.2) {
		return g.value(depth)
	}
	if ref, ok := schema.Get("$ref"); ok && g.chance(0.5) {
		if target, ok := lookupPointer(doc, ref.S[1:]); ok {
			return g.instance(doc, target, depth-1)
		}
	}
	if e, ok := schema.Get("enum"); ok && len(e.Arr) > 0 && g.chance(0.6) {
		return variant(g.r, e.Arr[g.pick(len(e.Arr))])
	}
	if c, ok := schema.Get("const"); ok && g.chance(0.6) {
		return variant(g.r, c)
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if subs, ok := schema.Get(k); ok && g.chance(0.5) {
			return g.instance(doc, subs.Arr[g.pick(len(subs.Arr))], depth)
		}
	}
	props, hasProps := schema.Get("properties")
	prefix, hasPrefix := schema.Get("prefixItems")
	items, hasItems := schema.Get("items")
	switch {
	case hasProps && g.chance(0.8):
		var names []string
		for _, m := range props.Obj {
			names = append(names, m.Key)
		}
		members := g.members(depth-1, names)
		for i := range members {
			if sub, ok := props.Get(members[i].Key); ok && g.chance(0.8) {
				members[i].Value = g.instance(doc, sub, depth-1)
			}
		}
		return jsonval.NewObject(members)
	case (hasPrefix || hasItems) && g.chance(0.8):
		arr := make([]jsonval.Value, g.pick(5))
		for i := range arr {
			switch {
			case hasPrefix && i < len(prefix.Arr):
				arr[i] = g.instance(doc, prefix.Arr[i], depth-1)
			case hasItems:
				arr[i] = g.instance(doc, items, depth-1)
			default:
				arr[i] = g.value(depth - 1)
			}
			if i > 0 && g.chance(0.15) {
				arr[i] = variant(g.r, arr[i-1])
			}
		}
		return jsonval.NewArray(arr)
	}
	return g.value(depth)
}

// sameResult reports whether two Validate results are identical.
func sameResult(a, b *Error) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Message == b.Message && slices.Equal(a.Path, b.Path) && (a.Err == nil) == (b.Err == nil)
}

func describe(e *Error) string {
	if e == nil {
		return "valid"
	}
	return e.Error()
}

// TestFastPathMatchesSanthosh is the differential property: on random
// schemas of the fast subset and random instances, the fast path returns
// exactly what the santhosh path returns (verdict, path and message).
func TestFastPathMatchesSanthosh(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(300, 800, 2500)
	const perSchema = 12
	var compiled, instances, invalid, viaFast int
	properties := gopter.NewProperties(params)
	properties.Property("fast path verdict and error equal santhosh's", prop.ForAll(
		func(seed uint64) bool {
			g := &diffGen{r: rand.New(rand.NewPCG(seed, 0xd1ff))}
			doc := g.document()
			fast, err := Compile(doc)
			full, err2 := Compile(doc, WithoutFastPath())
			if (err == nil) != (err2 == nil) {
				t.Logf("Compile disagrees: %v / %v", err, err2)
				return false
			}
			if err != nil {
				return true // a schema both reject (a reference cycle, say)
			}
			compiled++
			if !fast.FastPath() {
				t.Logf("schema %s is off the fast path: %s", doc, fast.plan.reason)
				return false
			}
			for range perSchema {
				inst := g.instance(doc, doc, 4)
				got, want := fast.Validate(inst), full.Validate(inst)
				instances++
				if want != nil {
					invalid++
				}
				s := instanceScan{limit: fast.maxDepth}
				s.walk(&inst, 0)
				if !fast.plan.needsFullPath(&s) {
					viaFast++
				}
				if !sameResult(got, want) {
					t.Logf("schema %s\ninstance %s\nfast: %s\nsanthosh: %s", doc, inst, describe(got), describe(want))
					return false
				}
				// The verdict of santhosh itself, for the record.
				if (full.sch.Validate(jsonval.ToAny(inst)) == nil) != (got == nil) {
					t.Logf("schema %s\ninstance %s: verdict differs from santhosh's", doc, inst)
					return false
				}
			}
			return true
		},
		gen.UInt64(),
	))
	properties.TestingRun(t)
	t.Logf("%d schemas compiled, %d instances (%d invalid), %d decided by the evaluator alone",
		compiled, instances, invalid, viaFast)
	// The property cannot pass vacuously.
	if compiled < params.MinSuccessfulTests/2 || invalid < instances/5 || instances-invalid < instances/5 || viaFast < instances*3/4 {
		t.Errorf("poor coverage: %d schemas compiled, %d instances, %d invalid, %d via the fast path",
			compiled, instances, invalid, viaFast)
	}
}

// TestFastPathEdgeCases pins cases where Python's rules and santhosh's part
// ways, or where jsonval.ToAny loses information: the fast Validator must
// return santhosh's verdict.
func TestFastPathEdgeCases(t *testing.T) {
	for _, c := range []struct {
		schema, inst string
		valid        bool
	}{
		// The shortest repr of 1.2345678901234567e+19 is 12345678901234567000;
		// its binary64 value is 12345678901234567168.
		{`{"enum": [12345678901234567000]}`, `1.2345678901234567e+19`, true},
		{`{"const": 1.2345678901234567e+19}`, `12345678901234567168`, false},
		{`{"maximum": 12345678901234567100}`, `1.2345678901234567e+19`, true},
		{`{"uniqueItems": true}`, `[12345678901234567000, 1.2345678901234567e+19]`, false},
		{`{"uniqueItems": true}`, `[12345678901234567168, 1.2345678901234567e+19]`, true},
		// Below 2^53 both read numbers alike.
		{`{"uniqueItems": true}`, `[1, 1.0]`, false},
		{`{"uniqueItems": true}`, `[0, -0.0]`, false},
		{`{"uniqueItems": true}`, `[true, 1]`, true},
		{`{"enum": [9007199254740993]}`, `9007199254740992.0`, false},
		{`{"type": "integer"}`, `5.0`, true},
		{`{"type": "integer"}`, `1e+300`, true},
		{`{"type": "integer"}`, `100000000000000000000000`, true},
		{`{"maxLength": 1}`, `"😀"`, true},
		{`{"minLength": 2}`, `"é"`, false},
		{`{"exclusiveMinimum": 0}`, `-0.0`, false},
		{`{"minimum": 9007199254740993}`, `9007199254740992.0`, false},
		{`{"minimum": 0.1}`, `0.1`, true},
		{`{"maxItems": 2.0}`, `[1, 2, 3]`, false},
	} {
		v := mustCompile(t, c.schema)
		if !v.FastPath() {
			t.Errorf("%s: off the fast path: %s", c.schema, v.plan.reason)
		}
		inst := mustDecode(t, c.inst)
		santhosh := v.sch.Validate(jsonval.ToAny(inst)) == nil
		if santhosh != c.valid {
			t.Errorf("%s / %s: santhosh says valid=%v, the test expects %v", c.schema, c.inst, santhosh, c.valid)
		}
		if got := v.Validate(inst); (got == nil) != c.valid {
			t.Errorf("%s / %s: Validate = %v, want valid=%v", c.schema, c.inst, got, c.valid)
		}
	}

	// Values Decode never produces: a repeated key (ToAny keeps the last
	// value) and non-finite numbers go through santhosh.
	v := mustCompile(t, `{"properties": {"a": {"type": "string"}}}`)
	dup := jsonval.NewObject([]jsonval.Member{{Key: "a", Value: jsonval.NewString("x")}, {Key: "a", Value: jsonval.NewInt(1)}})
	if e := v.Validate(dup); e == nil {
		t.Error(`{"a": "x", "a": 1}: valid, santhosh sees "a": 1`)
	}
	dup.Obj[0], dup.Obj[1] = dup.Obj[1], dup.Obj[0]
	if e := v.Validate(dup); e != nil {
		t.Errorf(`{"a": 1, "a": "x"}: %v, santhosh sees "a": "x"`, e)
	}
}

// TestNotJSON checks that values JSON cannot express are refused with an
// error that is not a verdict, on both paths (santhosh panicked on an
// infinite number beside "maximum").
func TestNotJSON(t *testing.T) {
	for _, schema := range []string{`{"type": "number"}`, `{"maximum": 1}`, `{"items": {"enum": [1.5]}}`} {
		for _, opts := range [][]Option{nil, {WithoutFastPath()}} {
			v, err := Compile(mustDecode(t, schema), opts...)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []float64{posInf(), negInf(), nan()} {
				for _, inst := range []jsonval.Value{jsonval.NewFloat(f), jsonval.NewArray([]jsonval.Value{jsonval.NewInt(1), jsonval.NewFloat(f)})} {
					if e := v.Validate(inst); e == nil || !errors.Is(e, ErrNotJSON) {
						t.Errorf("%s / %v: got %v, want an Error wrapping ErrNotJSON", schema, f, e)
					}
				}
			}
			if e := v.Validate(jsonval.Value{Kind: 99}); e == nil || !errors.Is(e.Err, ErrNotJSON) {
				t.Errorf("%s / unknown kind: got %v, want an Error wrapping ErrNotJSON", schema, e)
			}
		}
	}
	// A non-finite number in the schema document keeps it off the fast path.
	doc := jsonval.NewObject([]jsonval.Member{{Key: "maximum", Value: jsonval.NewFloat(posInf())}})
	if v, err := Compile(doc); err == nil && v.FastPath() {
		t.Error("a schema with an infinite bound is on the fast path")
	}
}

func posInf() float64 { return 1 / zero() }
func negInf() float64 { return -1 / zero() }
func nan() float64    { z := zero(); return z / z }
func zero() float64   { return 0 }

// TestFastSubset checks what keeps a document off the fast path.
func TestFastSubset(t *testing.T) {
	for _, c := range []struct {
		schema string
		fast   bool
	}{
		{`true`, true},
		{`{}`, true},
		{`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/s.json", "type": "object"}`, true},
		{`{"$defs": {"a": {"type": "string"}}, "properties": {"x": {"$ref": "#/$defs/a"}}}`, true},
		{`{"properties": {"$id": {"type": "string"}, "if": {}}}`, true}, // property names, not keywords
		{`{"score": "jaro", "x-note": {"if": 1}, "id": "x"}`, true},     // unknown keys
		{`{"$schema": "http://json-schema.org/draft-07/schema#"}`, false},
		{`{"multipleOf": 2}`, false},
		{`{"if": {}, "then": {}}`, false},
		{`{"contains": {}}`, false},
		{`{"dependentRequired": {"a": ["b"]}}`, false},
		{`{"unevaluatedProperties": false}`, false},
		{`{"contentMediaType": "application/json"}`, false},
		{`{"properties": {"a": {"$id": "https://example.com/a", "type": "string"}}}`, false},
		{`{"$defs": {"a": {"$anchor": "x"}}, "$ref": "#x"}`, false},
		{`{"$defs": {"a": {"$id": "https://example.com/a"}}}`, false},
		{`{"$ref": "#/$defs/a%20b", "$defs": {"a b": {}}}`, false},
		{`{"minItems": 3000000000}`, false},
		{`{"items": {"$dynamicRef": "#/$defs/a"}, "$defs": {"a": {}}}`, false},
		{`{"$id": "https://example.com/s.json#"}`, false},
		{`{"$defs": {"a": {"$ref": "#/x-foo"}}, "x-foo": {"dependentSchemas": {}}, "$ref": "#/$defs/a"}`, false},
	} {
		v := mustCompile(t, c.schema)
		if v.FastPath() != c.fast {
			t.Errorf("%s: FastPath = %v, want %v (reason %q)", c.schema, v.FastPath(), c.fast, v.plan.reason)
		}
	}
	if v, _ := Compile(jsonval.NewBool(true), WithoutFastPath()); v.FastPath() {
		t.Error("WithoutFastPath: FastPath() = true")
	}
}

// TestConformanceFastMatchesFull validates the gold and the candidate of every
// conformance vector on both paths: verdicts and messages must be identical.
func TestConformanceFastMatchesFull(t *testing.T) {
	vecs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	type pair struct{ fast, full *Validator }
	cache := map[string]pair{}
	var onFast, compared int
	for _, vec := range vecs {
		key := string(vec.SchemaText)
		p, ok := cache[key]
		if !ok {
			fast, err := Compile(vec.Schema)
			if err != nil {
				t.Errorf("%s: Compile: %v", vec.ID, err)
				continue
			}
			full, err := Compile(vec.Schema, WithoutFastPath())
			if err != nil {
				t.Fatalf("%s: Compile(WithoutFastPath): %v", vec.ID, err)
			}
			p = pair{fast, full}
			cache[key] = p
		}
		if p.fast.FastPath() {
			onFast++
		}
		for _, inst := range []jsonval.Value{vec.Gold, vec.Cand} {
			compared++
			if got, want := p.fast.Validate(inst), p.full.Validate(inst); !sameResult(got, want) {
				t.Errorf("%s: fast path %s, santhosh path %s", vec.ID, describe(got), describe(want))
			}
		}
	}
	t.Logf("%d vectors (%d distinct schemas), %d on the fast path; %d values compared",
		len(vecs), len(cache), onFast, compared)
	if onFast == 0 {
		t.Error("no conformance schema is on the fast path")
	}
}
