package wl

import (
	"slices"
	"testing"
)

func TestLabelIsAMultiset(t *testing.T) {
	if NewLabel("b", "a", "c") != NewLabel("c", "b", "a") {
		t.Error("item order changed the label")
	}
	if NewLabel("a", "a") == NewLabel("a") {
		t.Error("multiplicity ignored")
	}
	if NewLabel() != (Label{}) {
		t.Error("NewLabel() is not the zero Label")
	}
	if NewLabel("") == NewLabel() {
		t.Error("a label holding the empty string equals the empty label")
	}
	if NewLabel("", "") == NewLabel("") {
		t.Error("multiplicity of the empty string ignored")
	}
}

func TestLabelEncodingIsInjective(t *testing.T) {
	// Pairs of distinct multisets whose naive concatenations coincide.
	cases := [][2][]string{
		{{"ab", "c"}, {"a", "bc"}},
		{{"abc"}, {"a", "bc"}},
		{{"a\x00b"}, {"a", "b"}},
		{{"\x01a"}, {"", "a"}},
		{{"\x02ab"}, {"ab"}},
		{{string(make([]byte, 200))}, {string(make([]byte, 199)), ""}},
	}
	for _, c := range cases {
		if NewLabel(c[0]...) == NewLabel(c[1]...) {
			t.Errorf("NewLabel(%q) == NewLabel(%q)", c[0], c[1])
		}
	}
}

func TestLabelItemsRoundTrip(t *testing.T) {
	in := []string{"zeta", "", "alpha", "alpha", string(make([]byte, 300)), "\xff", "b"}
	l := NewLabel(in...)
	want := slices.Clone(in)
	slices.Sort(want)
	if got := l.Items(); !slices.Equal(got, want) {
		t.Errorf("Items() = %q, want %q", got, want)
	}
	if l.Len() != len(in) {
		t.Errorf("Len() = %d, want %d", l.Len(), len(in))
	}
	if !slices.Equal(in, []string{"zeta", "", "alpha", "alpha", string(make([]byte, 300)), "\xff", "b"}) {
		t.Error("NewLabel modified its argument")
	}
	if got := (Label{}).Items(); len(got) != 0 {
		t.Errorf("empty label has items %q", got)
	}
}

func TestLabelString(t *testing.T) {
	if got, want := NewLabel("b", "a\"").String(), `{"a\"", "b"}`; got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
	if got := (Label{}).String(); got != "{}" {
		t.Errorf("empty label String() = %s", got)
	}
}

func TestTupleIsInjective(t *testing.T) {
	cases := [][2][]string{
		{{"a", "bc"}, {"ab", "c"}},
		{{""}, {}},
		{{"", ""}, {""}},
		{{"edge", "a\x00b", "c"}, {"edge", "a", "b\x00c"}},
		{{"\x01a"}, {"", "a"}},
	}
	for _, c := range cases {
		if Tuple(c[0]...) == Tuple(c[1]...) {
			t.Errorf("Tuple(%q) == Tuple(%q)", c[0], c[1])
		}
	}
	if a, b := Tuple("x", "y"), Tuple("x", "y"); a != b {
		t.Error("Tuple is not a function of its arguments")
	}
}

func TestLabelBuilder(t *testing.T) {
	var b LabelBuilder
	b.AddTuple("str", "name", "Dave")
	b.Add("plain")
	b.AddTuple("xref", "person", "mentor", "91")
	want := NewLabel(Tuple("xref", "person", "mentor", "91"), "plain", Tuple("str", "name", "Dave"))
	if got := b.Label(); got != want {
		t.Errorf("builder label %v, want %v", got, want)
	}
	if b.Len() != 3 {
		t.Errorf("Len() = %d, want 3", b.Len())
	}
	if got := b.Label(); got != want {
		t.Error("Label() is not idempotent")
	}
	b.Reset()
	if b.Len() != 0 || b.Label() != (Label{}) {
		t.Error("Reset did not empty the builder")
	}
	b.Add("q")
	if b.Label() != NewLabel("q") {
		t.Error("builder is not reusable after Reset")
	}
}

func TestLabelBuilderSteadyStateAllocations(t *testing.T) {
	var b LabelBuilder
	build := func() {
		b.Reset()
		b.AddTuple("str", "role", "Engineer")
		b.AddTuple("int", "level", "3")
		b.Add("flag")
		_ = b.Label()
	}
	build()
	if n := testing.AllocsPerRun(100, build); n > 1 {
		t.Errorf("building a label allocates %v times, want at most 1 (the label)", n)
	}
}
