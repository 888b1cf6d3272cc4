package jsonval

import (
	"math"
	"math/big"
	"strings"
	"testing"
	"unicode"
)

func TestPyReprFloat(t *testing.T) {
	tests := []struct {
		f    float64
		want string
	}{
		{2026.0, "2026.0"},
		{0.0001, "0.0001"},
		{0.00012345, "0.00012345"},
		{1e-05, "1e-05"},
		{1.5e-07, "1.5e-07"},
		{1e16, "1e+16"},
		{1e15, "1000000000000000.0"},
		{1.2345678901234568e+17, "1.2345678901234568e+17"},
		{123456789012345.67, "123456789012345.67"},
		{1234567890123456.7, "1234567890123456.8"},
		{0.1, "0.1"},
		{0.5, "0.5"},
		{1.0 / 3, "0.3333333333333333"},
		{-2.5, "-2.5"},
		{100, "100.0"},
		{1e22, "1e+22"},
		{1e100, "1e+100"},
		{5e-324, "5e-324"},
		{1.7976931348623157e308, "1.7976931348623157e+308"},
		{-1.5e-300, "-1.5e-300"},
		{0.0, "0.0"},
		{math.Copysign(0, -1), "-0.0"},
		{math.Inf(1), "inf"},
		{math.Inf(-1), "-inf"},
		{math.NaN(), "nan"},
	}
	for _, tt := range tests {
		if got := PyRepr(NewFloat(tt.f)); got != tt.want {
			t.Errorf("PyRepr(%v) = %s, want %s", tt.f, got, tt.want)
		}
	}
}

func TestPyRepr(t *testing.T) {
	big30, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	tests := []struct {
		v    Value
		want string
	}{
		{NullValue(), "None"},
		{NewBool(true), "True"},
		{NewBool(false), "False"},
		{NewInt(0), "0"},
		{NewInt(-42), "-42"},
		{NewInt(math.MinInt64), "-9223372036854775808"},
		{NewBigInt(big30), "-123456789012345678901234567890"},
		{NewString(""), "''"},
		{NewString("abc"), "'abc'"},
		{NewString("it's"), `"it's"`},
		{NewString(`say "hi"`), `'say "hi"'`},
		{NewString(`it's "x"`), `'it\'s "x"'`},
		{NewString(`a\b`), `'a\\b'`},
		{NewString("\t\n\r"), `'\t\n\r'`},
		{NewString("\x00\x07\x1f\x7f"), `'\x00\x07\x1f\x7f'`},
		{NewString("\b\f"), `'\x08\x0c'`},
		{NewString("a b~"), "'a b~'"},
		{NewString("\u0080\u009f"), `'\x80\x9f'`},
		{NewString("\u00a0"), `'\xa0'`},
		{NewString("\u00ad"), `'\xad'`}, // soft hyphen, Cf
		{NewString("é€"), "'é€'"},
		{NewString("\u200b"), `'\u200b'`},
		{NewString("\u2028\u2029"), `'\u2028\u2029'`},
		{NewString("\u3000"), `'\u3000'`},
		{NewString("\ue000"), `'\ue000'`},
		{NewString("\ufeff"), `'\ufeff'`},
		{NewString("\U0010ffff"), `'\U0010ffff'`},
		{NewString("\U000e0001"), `'\U000e0001'`}, // language tag, Cf
		{NewString("\U0001fff0"), `'\U0001fff0'`}, // unassigned
		{NewString("\u0378"), `'\u0378'`},         // unassigned
		{NewString("😀👍🏽"), "'😀👍🏽'"},
		{NewString("日本語"), "'日本語'"},
		{NewString("\u0301"), "'\u0301'"}, // combining mark, printable
		{NewString("a\xffb"), "'a\ufffdb'"},
		{NewArray(nil), "[]"},
		{NewObject(nil), "{}"},
		{NewArray([]Value{NewInt(1), NewFloat(2), NewString("x"), NullValue()}), "[1, 2.0, 'x', None]"},
		{NewObject([]Member{{"id", NewInt(6)}, {"name", NewString("Eve")}, {"role", NewString("Intern")}}), "{'id': 6, 'name': 'Eve', 'role': 'Intern'}"},
		{NewObject([]Member{{"b", NewArray([]Value{NewObject(nil)})}, {"it's", NewBool(true)}}), `{'b': [{}], "it's": True}`},
		{Value{Kind: Kind(99)}, "<invalid jsonval.Kind 99>"},
	}
	for _, tt := range tests {
		if got := PyRepr(tt.v); got != tt.want {
			t.Errorf("PyRepr(%#v) = %s, want %s", tt.v, got, tt.want)
		}
	}
}

// TestPyReprUnicodeVersion pins the documented difference from Python 3.11:
// U+1FAE8 (assigned in Unicode 15.0) is printable in Go's tables.
func TestPyReprUnicodeVersion(t *testing.T) {
	if unicode.Version != "15.0.0" {
		t.Skipf("unicode.Version is %s; update the PyRepr doc comment", unicode.Version)
	}
	if got, want := PyRepr(NewString("\U0001fae8")), "'\U0001fae8'"; got != want {
		t.Errorf("PyRepr(U+1FAE8) = %s, want %s (Python 3.11: '\\U0001fae8')", got, want)
	}
}

// TestPrintableIsCategoryTest checks over every code point that unicode.IsPrint
// is the complement of the categories docs/SCORING.md §10.4 names, with U+0020 printable.
func TestPrintableIsCategoryTest(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := r == ' ' || !unicode.In(r, unicode.Cc, unicode.Cf, unicode.Cs, unicode.Co, unicode.Cn, unicode.Zl, unicode.Zp, unicode.Zs)
		if got := unicode.IsPrint(r); got != want {
			t.Fatalf("unicode.IsPrint(%U) = %v, category test says %v", r, got, want)
		}
	}
}

func TestPyStr(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{NewString("it's \"x\"\n"), "it's \"x\"\n"},
		{NewFloat(1e16), "1e+16"},
		{NullValue(), "None"},
		{NewArray([]Value{NewString("a")}), "['a']"},
	}
	for _, tt := range tests {
		if got := PyStr(tt.v); got != tt.want {
			t.Errorf("PyStr(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestAppendPyRepr(t *testing.T) {
	got := string(AppendPyRepr([]byte("x="), NewArray([]Value{NewFloat(0.5)})))
	if want := "x=[0.5]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if strings.Contains(PyRepr(NewInt(1)), " ") {
		t.Errorf("PyRepr(1) contains a space")
	}
}
