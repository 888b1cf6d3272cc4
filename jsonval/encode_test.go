package jsonval

import (
	"encoding/json"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func TestAppendJSON(t *testing.T) {
	big30, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	tests := []struct {
		v    Value
		want string
	}{
		{NullValue(), "null"},
		{NewBool(true), "true"},
		{NewBool(false), "false"},
		{NewInt(-7), "-7"},
		{NewBigInt(big30), "123456789012345678901234567890"},
		{NewFloat(2026), "2026.0"},
		{NewFloat(1e16), "1e+16"},
		{NewFloat(1e-5), "1e-05"},
		{NewFloat(math.Copysign(0, -1)), "-0.0"},
		{NewFloat(0.1), "0.1"},
		{NewString(""), `""`},
		{NewString("a\"b\\c/d"), `"a\"b\\c/d"`},
		{NewString("\b\f\n\r\t\x00\x1f\x7f"), `"\b\f\n\r\t\u0000\u001f` + "\x7f\""},
		{NewString("é😀\u2028\u00a0"), "\"é😀\u2028\u00a0\""},
		{NewString("a\xffb"), "\"a\ufffdb\""},
		{NewString("<&>"), `"<&>"`},
		{NewArray(nil), "[]"},
		{NewObject(nil), "{}"},
		{NewArray([]Value{NewInt(1), NewFloat(1), NullValue()}), "[1,1.0,null]"},
		{NewObject([]Member{{"z", NewInt(1)}, {"a", NewObject([]Member{{"k\n", NewArray(nil)}})}}), `{"z":1,"a":{"k\n":[]}}`},
		{NewFloat(math.Inf(1)), "Infinity"},
		{NewFloat(math.Inf(-1)), "-Infinity"},
		{NewFloat(math.NaN()), "NaN"},
	}
	for _, tt := range tests {
		if got := string(AppendJSON(nil, tt.v)); got != tt.want {
			t.Errorf("AppendJSON(%#v) = %s, want %s", tt.v, got, tt.want)
		}
		if got := tt.v.String(); got != tt.want {
			t.Errorf("String() = %s, want %s", got, tt.want)
		}
	}
}

func TestMarshalJSON(t *testing.T) {
	v, err := DecodeString(`{"b": [1, 2.0, 1e400e], "a": null}`)
	if err == nil {
		t.Fatalf("decoded invalid text: %v", v)
	}
	v, err = DecodeString(`{"b": [1, 2.0, -0.0, "x"], "a": {"n": 1e16}}`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(struct{ V Value }{v}) // through encoding/json's Marshaler path
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"V":{"b":[1,2.0,-0.0,"x"],"a":{"n":1e+16}}}`; string(got) != want {
		t.Errorf("json.Marshal = %s, want %s", got, want)
	}
	for _, bad := range []Value{
		NewFloat(math.NaN()),
		NewArray([]Value{NewFloat(math.Inf(1))}),
		NewObject([]Member{{"k", NewFloat(math.Inf(-1))}}),
		{Kind: Kind(42)},
	} {
		if b, err := bad.MarshalJSON(); err == nil {
			t.Errorf("MarshalJSON(%#v) = %s, want an error", bad, b)
		}
	}
}

func TestToAny(t *testing.T) {
	big30, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	v := NewObject([]Member{
		{"n", NullValue()},
		{"b", NewBool(true)},
		{"i", NewInt(5)},
		{"f", NewFloat(5)},
		{"e", NewFloat(1e16)},
		{"big", NewBigInt(big30)},
		{"s", NewString("x")},
		{"a", NewArray([]Value{NewInt(1), NewObject(nil), NewArray(nil)})},
		{"i", NewInt(6)},
	})
	want := map[string]any{
		"n":   nil,
		"b":   true,
		"i":   json.Number("6"),
		"f":   json.Number("5.0"),
		"e":   json.Number("1e+16"),
		"big": json.Number("-123456789012345678901234567890"),
		"s":   "x",
		"a":   []any{json.Number("1"), map[string]any{}, []any{}},
	}
	if got := ToAny(v); !reflect.DeepEqual(got, want) {
		t.Errorf("ToAny = %#v\nwant %#v", got, want)
	}
	if got := ToAny(Value{Kind: Kind(9)}); got == nil {
		t.Errorf("ToAny(invalid kind) = nil, want a value a validator rejects")
	}
}

// genValue generates values nested at most depth levels, with unique object
// keys (so that decoding the JSON text gives the same members back).
func genValue(depth int) gopter.Gen {
	leaves := []gopter.Gen{
		gen.Const(NullValue()),
		gen.Bool().Map(NewBool),
		gen.Int64().Map(NewInt),
		gen.Int64Range(-1000, 1000).Map(NewInt),
		gen.SliceOfN(3, gen.UInt64()).Map(func(w []uint64) Value {
			b := new(big.Int)
			for _, x := range w {
				b.Lsh(b, 64).Add(b, new(big.Int).SetUint64(x))
			}
			if w[0]%2 == 1 {
				b.Neg(b)
			}
			return NewBigInt(b)
		}),
		gen.Float64().Map(NewFloat),
		gen.Float64Range(-1e6, 1e6).Map(NewFloat),
		gen.OneConstOf(0.0, math.Copysign(0, -1), 1e16, 1e15, 1e-5, 1e-4, 5e-324, math.MaxFloat64, 0.1).Map(NewFloat),
		gen.AnyString().Map(NewString),
		gen.UnicodeString(asciiTable).Map(NewString),
	}
	if depth == 0 {
		return gen.OneGenOf(leaves...)
	}
	member := gopter.CombineGens(gen.OneGenOf(gen.AlphaString(), gen.UnicodeString(asciiTable), gen.AnyString()), genValue(depth-1)).
		Map(func(kv []any) Member { return Member{Key: kv[0].(string), Value: kv[1].(Value)} })
	containers := []gopter.Gen{
		gen.SliceOf(genValue(depth - 1)).Map(NewArray),
		gen.SliceOf(member).Map(func(ms []Member) Value {
			var out []Member
			for _, m := range ms {
				if lastIndex(out, m.Key) < 0 {
					out = append(out, m)
				}
			}
			return NewObject(out)
		}),
	}
	return gen.OneGenOf(gen.OneGenOf(leaves...), containers[0], containers[1])
}

var asciiTable = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0, Hi: 0x7F, Stride: 1}}}

func TestRoundTripProperty(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(300, 3000, 12000)
	params.MaxSize = 6
	properties := gopter.NewProperties(params)
	properties.Property("Decode(AppendJSON(v)) equals v, with kinds and order", prop.ForAll(
		func(v Value) string {
			text := AppendJSON(nil, v)
			got, err := Decode(text, DecodeOptions{})
			if err != nil {
				return "decode " + string(text) + ": " + err.Error()
			}
			if !Equal(got, v) || !Equal(v, got) {
				return "not Equal: " + string(text)
			}
			if shape(got) != shape(v) {
				return "shape " + shape(got) + " != " + shape(v)
			}
			if again := AppendJSON(nil, got); string(again) != string(text) {
				return "text changed: " + string(again)
			}
			return ""
		},
		genValue(3),
	))
	properties.TestingRun(t)
}

func TestStringer(t *testing.T) {
	v, err := DecodeString(`{"a": [1, 2.5, "x"]}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(v.String()); got != `{"a":[1,2.5,"x"]}` {
		t.Errorf("String() = %s", got)
	}
}

// TestUnmarshalJSON: encoding/json hands a Value field its text, and the
// Value keeps member order and number classes, and a repeated key as Decode
// does (first position, last value).
func TestUnmarshalJSON(t *testing.T) {
	var x struct {
		V Value `json:"v"`
		P *Value
	}
	in := `{"v": {"b": 1.0, "a": [2, null], "b": "x", "c": 1.0}, "P": null}`
	if err := json.Unmarshal([]byte(in), &x); err != nil {
		t.Fatal(err)
	}
	if got, want := string(AppendJSON(nil, x.V)), `{"b":"x","a":[2,null],"c":1.0}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if x.P != nil {
		t.Errorf("null into *Value: got %v, want nil (encoding/json's rule)", x.P)
	}
	if err := json.Unmarshal([]byte(`{"v": 1e999}`), &x); err == nil {
		t.Error("an out-of-range number: no error")
	}
}
