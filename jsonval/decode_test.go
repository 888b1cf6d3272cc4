package jsonval

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"", "line 1:1: empty input"},
		{" \n\t ", "line 2:3: empty input"},
		{"\xEF\xBB\xBF", "line 1:1: empty input"},
		{"1 2", "line 1:3: unexpected character '2' after top-level value"},
		{"{} x", "line 1:4: unexpected character 'x' after top-level value"},
		{"[1,]", "line 1:4: unexpected character ']', expected a value"},
		{"[1", "line 1:3: unexpected end of input in array, expected ',' or ']'"},
		{"[1 2]", "line 1:4: unexpected character '2' in array, expected ',' or ']'"},
		{"[", "line 1:2: unexpected end of input, expected a value"},
		{`{"a":1,}`, "line 1:8: unexpected character '}' in object, expected a string key"},
		{`{"a" 1}`, "line 1:6: unexpected character '1' after object key, expected ':'"},
		{`{"a":1 "b":2}`, `line 1:8: unexpected character '"' in object, expected ',' or '}'`},
		{`{"a":1`, "line 1:7: unexpected end of input in object, expected ',' or '}'"},
		{`{`, "line 1:2: unexpected end of input in object, expected a string key"},
		{`{1:2}`, "line 1:2: unexpected character '1' in object, expected a string key"},
		{"{'a':1}", `line 1:2: unexpected character "'" in object, expected a string key`},
		{"tru", "line 1:4: unexpected end of input in literal true"},
		{"nul1", "line 1:4: unexpected character '1' in literal null"},
		{"fals", "line 1:5: unexpected end of input in literal false"},
		{"NaN", "line 1:1: NaN is not a JSON number"},
		{"Infinity", "line 1:1: Infinity is not a JSON number"},
		{"[-Infinity]", "line 1:2: -Infinity is not a JSON number"},
		{"Inf", "line 1:1: unexpected character 'I', expected a value"},
		{"-", "line 1:2: unexpected end of input in number, expected a digit"},
		{"-a", "line 1:2: unexpected character 'a' in number, expected a digit"},
		{"01", "line 1:1: invalid number: leading zero"},
		{"-012", "line 1:1: invalid number: leading zero"},
		{"1.", "line 1:3: unexpected end of input in number, expected a digit after the decimal point"},
		{"1.e5", "line 1:3: unexpected character 'e' in number, expected a digit after the decimal point"},
		{"1e", "line 1:3: unexpected end of input in number, expected a digit in the exponent"},
		{"1e+", "line 1:4: unexpected end of input in number, expected a digit in the exponent"},
		{".5", "line 1:1: unexpected character '.', expected a value"},
		{"+1", "line 1:1: unexpected character '+', expected a value"},
		{"1e400", "line 1:1: number 1e400 is out of the float64 range"},
		{"[\n  -1.5e309]", "line 2:3: number -1.5e309 is out of the float64 range"},
		{"1" + strings.Repeat("0", 4300), "line 1:1: integer literal of 4301 digits exceeds the limit of 4300 digits"},
		{`"abc`, "line 1:1: unterminated string"},
		{`"abc\`, "line 1:1: unterminated string"},
		{`["a\qb"]`, "line 1:4: invalid escape sequence: backslash followed by character 'q'"},
		{`"\u12G4"`, `line 1:2: invalid \u escape in string, expected 4 hex digits`},
		{`"\u12"`, `line 1:2: invalid \u escape in string, expected 4 hex digits`},
		{`"\ud800"`, `line 1:2: lone surrogate escape \ud800 in string`},
		{`"x\ud800\u0041"`, `line 1:3: lone surrogate escape \ud800 in string`},
		{`"\udc00"`, `line 1:2: lone surrogate escape \udc00 in string`},
		{`"\ud800\ud800"`, `line 1:2: lone surrogate escape \ud800 in string`},
		{"\"a\tb\"", "line 1:3: unescaped control character U+0009 in string"},
		{"\"a\\n\nb\"", "line 1:5: unescaped control character U+000A in string"},
		{"\"a\xffb\"", "line 1:3: invalid UTF-8 byte 0xff in string"},
		{"\"\\n\xc3\"", "line 1:4: invalid UTF-8 byte 0xc3 in string"},
		{"\"\xed\xa0\x80\"", "line 1:2: invalid UTF-8 byte 0xed in string"},
		{"\xff", "line 1:1: unexpected invalid UTF-8 byte 0xff, expected a value"},
		{"é", "line 1:1: unexpected character U+00E9, expected a value"},
		{"\x00", "line 1:1: unexpected control character U+0000, expected a value"},
		{"\xEF\xBB\xBF\n  x", "line 2:3: unexpected character 'x', expected a value"},
		{"\xEF\xBB\xBF x", "line 1:2: unexpected character 'x', expected a value"},
		{"\xEF\xBB\xBF\xEF\xBB\xBF1", "line 1:1: unexpected character U+FEFF, expected a value"},
		{"{\n\"a\": [1,\r\n 2,,]}", "line 3:4: unexpected character ',', expected a value"},
	}
	for _, tt := range tests {
		_, err := DecodeString(tt.in)
		if err == nil {
			t.Errorf("DecodeString(%q): no error, want %q", tt.in, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("DecodeString(%q):\n got %q\nwant %q", tt.in, err.Error(), tt.want)
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("DecodeString(%q): error %T is not a *SyntaxError", tt.in, err)
		}
	}
}

func TestDecodeErrorOffset(t *testing.T) {
	_, err := DecodeString("\xEF\xBB\xBF[1,\n x]")
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("got %v, want a *SyntaxError", err)
	}
	if want := (SyntaxError{Line: 2, Col: 2, Offset: 8, Msg: "unexpected character 'x', expected a value"}); *se != want {
		t.Errorf("got %+v, want %+v", *se, want)
	}
}

func TestDecodeDepth(t *testing.T) {
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	nestObj := func(n int) string { return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n) }
	if _, err := DecodeString(nest(256)); err != nil {
		t.Errorf("256 nested arrays: %v", err)
	}
	if _, err := DecodeString(nestObj(256)); err != nil {
		t.Errorf("256 nested objects: %v", err)
	}
	_, err := DecodeString(nest(257))
	if want := "line 1:257: nesting depth exceeds the MaxDepth limit of 256"; err == nil || err.Error() != want {
		t.Errorf("257 nested arrays: got %v, want %q", err, want)
	}
	_, err = DecodeString(nestObj(257))
	if want := "line 1:1281: nesting depth exceeds the MaxDepth limit of 256"; err == nil || err.Error() != want {
		t.Errorf("257 nested objects: got %v, want %q", err, want)
	}
	if _, err := Decode([]byte(nest(3)), DecodeOptions{MaxDepth: 3}); err != nil {
		t.Errorf("MaxDepth 3, depth 3: %v", err)
	}
	_, err = Decode([]byte("[[{}]]"), DecodeOptions{MaxDepth: 2})
	if want := "line 1:3: nesting depth exceeds the MaxDepth limit of 2"; err == nil || err.Error() != want {
		t.Errorf("MaxDepth 2, depth 3: got %v, want %q", err, want)
	}
	if _, err := Decode([]byte(nest(2000)), DecodeOptions{MaxDepth: 5000}); err != nil {
		t.Errorf("MaxDepth 5000, depth 2000: %v", err)
	}
	if _, err := Decode([]byte("1"), DecodeOptions{MaxDepth: -1}); err == nil {
		t.Errorf("MaxDepth -1: no error")
	}
}

// shape renders a value with its kinds and member order, so tests can check
// what Equal deliberately ignores.
func shape(v Value) string {
	var b strings.Builder
	var walk func(Value)
	walk = func(v Value) {
		switch v.Kind {
		case Array:
			b.WriteString("[")
			for i, e := range v.Arr {
				if i > 0 {
					b.WriteString(",")
				}
				walk(e)
			}
			b.WriteString("]")
		case Object:
			b.WriteString("{")
			for i, m := range v.Obj {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(m.Key + ":")
				walk(m.Value)
			}
			b.WriteString("}")
		default:
			b.WriteString(v.Kind.String() + "(" + PyRepr(v) + ")")
		}
	}
	walk(v)
	return b.String()
}

func TestDecodeValues(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"null", "NoneType(None)"},
		{" true ", "bool(True)"},
		{"false", "bool(False)"},
		{"0", "int(0)"},
		{"-0", "int(0)"},
		{"-0.0", "float(-0.0)"},
		{"0.0", "float(0.0)"},
		{"2026.0", "float(2026.0)"},
		{"2e3", "float(2000.0)"},
		{"1E+2", "float(100.0)"},
		{"1e-400", "float(0.0)"},
		{"-1e-400", "float(-0.0)"},
		{"1.7976931348623157e308", "float(1.7976931348623157e+308)"},
		{"9223372036854775807", "int(9223372036854775807)"},
		{"-9223372036854775808", "int(-9223372036854775808)"},
		{"9223372036854775808", "int(9223372036854775808)"},
		{"-9223372036854775809", "int(-9223372036854775809)"},
		{"123456789012345678901234567890", "int(123456789012345678901234567890)"},
		{"999999999999999999", "int(999999999999999999)"},
		{"-999999999999999999", "int(-999999999999999999)"},
		{`"a\"b\\c\/d\b\f\n\r\t"`, `str('a"b\\c/d\x08\x0c\n\r\t')`},
		{`"\u00e9\u20AC\ud83d\ude00"`, "str('é€😀')"},
		{`"\ud834\udd1e"`, "str('𝄞')"},
		{`"\u0000"`, `str('\x00')`},
		{"\"héllo 😀\"", "str('héllo 😀')"},
		{"\xEF\xBB\xBF{\"a\": 1}", "{a:int(1)}"},
		{`{"b": 1, "a": 2, "c": [true, null]}`, "{b:int(1),a:int(2),c:[bool(True),NoneType(None)]}"},
		{`{"a": 1, "b": 2, "a": 3}`, "{a:int(3),b:int(2)}"},
		{`{"a": 1, "b": 2, "a": {"x": 1, "x": 2.5}, "b": "s"}`, "{a:{x:float(2.5)},b:str('s')}"},
		{`{"": 0}`, "{:int(0)}"},
		{`[]`, "[]"},
		{`{}`, "{}"},
		{`[[], {}, [[]]]`, "[[],{},[[]]]"},
	}
	for _, tt := range tests {
		v, err := DecodeString(tt.in)
		if err != nil {
			t.Errorf("DecodeString(%q): %v", tt.in, err)
			continue
		}
		if got := shape(v); got != tt.want {
			t.Errorf("DecodeString(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestDecodeNumberFields(t *testing.T) {
	v, err := DecodeString("[-0, -0.0, 9223372036854775808, 5]")
	if err != nil {
		t.Fatal(err)
	}
	if v.Arr[0].Kind != Int || v.Arr[0].I != 0 || v.Arr[0].Big != nil {
		t.Errorf("-0 = %+v, want Int 0", v.Arr[0])
	}
	if v.Arr[1].Kind != Float || !math.Signbit(v.Arr[1].F) || v.Arr[1].F != 0 {
		t.Errorf("-0.0 = %+v, want Float -0", v.Arr[1])
	}
	want, _ := new(big.Int).SetString("9223372036854775808", 10)
	if v.Arr[2].Kind != Int || v.Arr[2].Big == nil || v.Arr[2].Big.Cmp(want) != 0 {
		t.Errorf("2^63 = %+v, want Big 2^63", v.Arr[2])
	}
	if v.Arr[3].Big != nil || v.Arr[3].I != 5 {
		t.Errorf("5 = %+v", v.Arr[3])
	}
}

// TestDecodeLargeObject crosses the size at which duplicate detection switches
// to a key index.
func TestDecodeLargeObject(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 40 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"k` + strconv.Itoa(i) + `":` + strconv.Itoa(i))
	}
	b.WriteString(`,"k0":"last","k25":"z","k39":null}`)
	v, err := DecodeString(b.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Obj) != 40 {
		t.Fatalf("got %d members, want 40", len(v.Obj))
	}
	if v.Obj[0].Key != "k0" || v.Obj[0].Value.S != "last" {
		t.Errorf("first member = %+v, want k0: \"last\"", v.Obj[0])
	}
	if m := v.Obj[25]; m.Key != "k25" || m.Value.S != "z" {
		t.Errorf("member 25 = %+v, want k25: \"z\"", m)
	}
	if m := v.Obj[39]; m.Key != "k39" || m.Value.Kind != Null {
		t.Errorf("member 39 = %+v, want k39: null", m)
	}
	if m := v.Obj[38]; m.Key != "k38" || m.Value.I != 38 {
		t.Errorf("member 38 = %+v, want k38: 38", m)
	}
}

// TestDecodeKeyInterning covers the key cache: repeated, escaped, long and
// more keys than it holds.
func TestDecodeKeyInterning(t *testing.T) {
	long := strings.Repeat("k", 70)
	var b strings.Builder
	b.WriteString(`[{"é":1,"a\"b":2},{"\u00e9":3,"a\"b":4},{"é":5,"` + long + `":6},{"` + long + `":7}`)
	for i := range 1100 {
		b.WriteString(`,{"x` + strconv.Itoa(i) + `":` + strconv.Itoa(i) + `}`)
	}
	for i := range 1100 {
		b.WriteString(`,{"x` + strconv.Itoa(i) + `":` + strconv.Itoa(-i) + `}`)
	}
	b.WriteString("]")
	v, err := DecodeString(b.String())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`{"é":1,"a\"b":2}`, `{"é":3,"a\"b":4}`, `{"é":5,"` + long + `":6}`, `{"` + long + `":7}`}
	for i, w := range want {
		if got := v.Arr[i].String(); got != w {
			t.Errorf("element %d = %s, want %s", i, got, w)
		}
	}
	for i := range 2200 {
		m := v.Arr[4+i].Obj
		n := i % 1100
		wantVal := int64(n)
		if i >= 1100 {
			wantVal = -wantVal
		}
		if len(m) != 1 || m[0].Key != "x"+strconv.Itoa(n) || m[0].Value.I != wantVal {
			t.Fatalf("element %d = %v", 4+i, v.Arr[4+i])
		}
	}
}
