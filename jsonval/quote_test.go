package jsonval

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// quoteCases covers every class of byte the two styles treat apart.
var quoteCases = []string{
	"", "plain", `a"b\c`, "\b\f\n\r\t\x00\x01\x1f\x7f", "<a href='x'>&amp;</a>",
	"caf\u00e9 \u65e5\u672c \U0001F600", "line\u2028sep\u2029para",
	"bad \xff byte", "\xc3", "\xed\xa0\x80 surrogate", "tail\xe2\x80",
}

// TestAppendStringMarshalStyle checks MarshalStyle against json.Marshal on
// the hand cases and on random byte strings.
func TestAppendStringMarshalStyle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	cases := append([]string(nil), quoteCases...)
	alphabet := []string{"a", "<", "&", "\"", "\\", "\n", "\x00", "\u2028", "\u00e9", "\xff", "\xe2\x80", "\U0001F600"}
	for range 5000 {
		var s string
		for range r.IntN(12) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, s)
	}
	for _, s := range cases {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendString(nil, s, MarshalStyle); string(got) != string(want) {
			t.Errorf("AppendString(%q, MarshalStyle) = %s, want %s", s, got, want)
		}
	}
}

// TestAppendStringPythonStyle checks PythonStyle on hand-computed cases
// (json.dumps(s, ensure_ascii=False), invalid bytes as U+FFFD).
func TestAppendStringPythonStyle(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{`a"b\c`, `"a\"b\\c"`},
		{"\b\f\n\r\t\x00\x1f\x7f", `"\b\f\n\r\t\u0000\u001f` + "\x7f\""},
		{"<a>&", `"<a>&"`},
		{"caf\u00e9 \U0001F600", "\"caf\u00e9 \U0001F600\""},
		{"line\u2028sep", "\"line\u2028sep\""},
		{"bad \xff byte", "\"bad \uFFFD byte\""},
		{"tail\xe2\x80", "\"tail\uFFFD\uFFFD\""},
	} {
		if got := AppendString([]byte("x"), tc.in, PythonStyle); string(got) != "x"+tc.want {
			t.Errorf("AppendString(%q, PythonStyle) = %s, want x%s", tc.in, got, tc.want)
		}
	}
}

// FuzzAppendStringMarshalStyle holds MarshalStyle to json.Marshal.
func FuzzAppendStringMarshalStyle(f *testing.F) {
	for _, s := range quoteCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendString(nil, s, MarshalStyle); string(got) != string(want) {
			t.Errorf("AppendString(%q, MarshalStyle) = %s, want %s", s, got, want)
		}
	})
}
