package jsonval

import (
	"math"
	"testing"
)

func TestNumberByValue(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"12", "12"},
		{"12.0", "12"},
		{"1.2e1", "12"},
		{"120e-1", "12"},
		{"-0.0", "0"},
		{"0.5", "0.5"},
		{"1e20", "100000000000000000000"},
		{"9223372036854775808.0", "9223372036854775808"},
		{"-9223372036854775808.0", "-9223372036854775808"},
		{"1e23", "99999999999999991611392"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{`"12.0"`, `"12.0"`},
	} {
		v, err := DecodeString(c.in)
		if err != nil {
			t.Fatal(err)
		}
		n := NumberByValue(v)
		if got := n.String(); got != c.want {
			t.Errorf("NumberByValue(%s) = %s, want %s", c.in, got, c.want)
		}
		if v.IsNumber() && (!Equal(v, n) || !IsCanonicalNumber(n)) {
			t.Errorf("NumberByValue(%s) = %s: not an equal canonical number", c.in, n)
		}
	}
	if IsCanonicalNumber(NewFloat(3)) || !IsCanonicalNumber(NewFloat(0.5)) || !IsCanonicalNumber(NewInt(3)) || IsCanonicalNumber(NewString("3")) {
		t.Error("IsCanonicalNumber")
	}
	if n := NumberByValue(NewFloat(math.Inf(1))); n.Kind != Float {
		t.Errorf("infinity became %v", n)
	}
}

func TestAppendReadable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"id":6,"name":"Eve","tags":["a",null,true,false],"w":12.0,"r":0.25,"e":{}}`,
			`{"id": 6, "name": "Eve", "tags": ["a", null, true, false], "w": 12, "r": 0.25, "e": {}}`},
		{`"tab\there \"quoted\" é"`, `"tab\there \"quoted\" é"`},
		{`[]`, `[]`},
		{`1e-7`, `1e-07`},
		{`-0.0`, `0`},
	} {
		v, err := DecodeString(c.in)
		if err != nil {
			t.Fatal(err)
		}
		got := Readable(v)
		if got != c.want {
			t.Errorf("Readable(%s) = %s, want %s", c.in, got, c.want)
		}
		back, err := DecodeString(got)
		if err != nil || !Equal(back, v) {
			t.Errorf("Readable(%s) = %s does not read back equal: %v", c.in, got, err)
		}
	}
}
