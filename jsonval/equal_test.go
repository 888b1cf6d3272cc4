package jsonval

import (
	"math"
	"testing"
)

func TestEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"null", "null", true},
		{"null", "false", false},
		{"null", "0", false},
		{"true", "true", true},
		{"true", "false", false},
		{"true", "1", false},
		{"false", "0", false},
		{"1", "true", false},
		{"0.0", "false", false},
		{"2", "2.0", true},
		{"2.0", "2", true},
		{"2", "2.5", false},
		{"2e3", "2000", true},
		{"-0", "0", true},
		{"-0.0", "0", true},
		{"-0.0", "0.0", true},
		{"0.1", "0.1", true},
		{"0.1", "0.10000000000000001", true}, // the same binary64
		{"1", "1.0000000000000002", false},
		{"9223372036854775807", "9223372036854775807", true},
		{"9223372036854775807", "9223372036854775806", false},
		{"9223372036854775807", "9223372036854775808.0", false},
		{"9223372036854775808", "9223372036854775808.0", true},
		{"9223372036854775808", "9.223372036854775808e18", true},
		{"-9223372036854775808", "-9223372036854775808.0", true},
		{"-9223372036854775809", "-9223372036854775808.0", false},
		{"9007199254740993", "9007199254740992.0", false}, // exact, as Python compares int and float
		{"9007199254740992", "9007199254740992.0", true},
		{"123456789012345678901234567890", "123456789012345678901234567890", true},
		{"123456789012345678901234567890", "123456789012345678901234567891", false},
		{"123456789012345678901234567890", "1.2345678901234568e29", false},
		{"123456789012345677877719597056", "1.2345678901234568e29", true},
		{"-123456789012345677877719597056", "-1.2345678901234568e29", true},
		{"123456789012345677877719597056", "5", false},
		{"1e300", "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160", true},
		{"1e300", "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540161", false},
		{`"a"`, `"a"`, true},
		{`"a"`, `"A"`, false},
		{`"é"`, `"\u00e9"`, true},
		{`"5"`, "5", false},
		{"[]", "[]", true},
		{"[]", "{}", false},
		{"[1, 2]", "[1, 2]", true},
		{"[1, 2]", "[2, 1]", false},
		{"[1, 2]", "[1, 2, 3]", false},
		{"[1, [2.0]]", "[1.0, [2]]", true},
		{`{"a": 1, "b": 2}`, `{"b": 2, "a": 1}`, true},
		{`{"a": 1, "b": 2}`, `{"a": 1}`, false},
		{`{"a": 1}`, `{"a": 1, "b": 2}`, false},
		{`{"a": 1, "b": 2}`, `{"a": 1, "c": 2}`, false},
		{`{"a": 1, "b": 2}`, `{"a": 1, "b": 3}`, false},
		{`{"a": 1, "a": 2}`, `{"a": 2}`, true},
		{`{"a": {"x": [null]}}`, `{"a": {"x": [null]}}`, true},
		{`{"a": {"x": [null]}}`, `{"a": {"x": [false]}}`, false},
	}
	for _, tt := range tests {
		a, err := DecodeString(tt.a)
		if err != nil {
			t.Fatalf("%s: %v", tt.a, err)
		}
		b, err := DecodeString(tt.b)
		if err != nil {
			t.Fatalf("%s: %v", tt.b, err)
		}
		if got := Equal(a, b); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := Equal(b, a); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestEqualConstructed(t *testing.T) {
	nan := NewFloat(math.NaN())
	if Equal(nan, nan) {
		t.Errorf("NaN equals itself")
	}
	if Equal(NewInt(0), NewFloat(math.Inf(1))) || Equal(NewFloat(math.Inf(1)), NewInt(0)) {
		t.Errorf("0 equals +Inf")
	}
	if !Equal(NewFloat(math.Inf(-1)), NewFloat(math.Inf(-1))) {
		t.Errorf("-Inf differs from itself")
	}
	// Repeated keys in hand-built objects: the last member counts, as in a dict.
	dup := NewObject([]Member{{"a", NewInt(1)}, {"b", NewInt(2)}, {"a", NewInt(3)}})
	if !Equal(dup, NewObject([]Member{{"b", NewInt(2)}, {"a", NewInt(3)}})) {
		t.Errorf("dict semantics: %v should equal {b:2, a:3}", dup)
	}
	if Equal(dup, NewObject([]Member{{"a", NewInt(1)}, {"b", NewInt(2)}, {"c", NewInt(3)}})) {
		t.Errorf("%v should not equal {a:1, b:2, c:3}", dup)
	}
	if Equal(Value{Kind: Kind(50)}, Value{Kind: Kind(50)}) {
		t.Errorf("invalid kinds compare equal")
	}
	// Large objects take the map path.
	var big1, big2, big3 []Member
	for i := range 30 {
		k := string(rune('a' + i))
		big1 = append(big1, Member{k, NewInt(int64(i))})
		big2 = append([]Member{{k, NewFloat(float64(i))}}, big2...)
		big3 = append(big3, Member{k, NewInt(int64(i % 29))})
	}
	if !Equal(NewObject(big1), NewObject(big2)) {
		t.Errorf("large reordered objects differ")
	}
	if Equal(NewObject(big1), NewObject(big3)) {
		t.Errorf("large objects with a different value are equal")
	}
	if Equal(NewObject(big1), NewObject(big1[:29])) || Equal(NewObject(big1[:29]), NewObject(big1)) {
		t.Errorf("large objects with different key sets are equal")
	}
	if Equal(NewObject(big1[:17]), NewObject(append(big1[:16:16], Member{"zz", NewInt(16)}))) {
		t.Errorf("large objects with different keys are equal")
	}
}
