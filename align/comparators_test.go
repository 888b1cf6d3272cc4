package align

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

func constStringComparator(x float64) StringComparator {
	return func(string, string) float64 { return x }
}

func constNumberComparator(x float64) NumberComparator {
	return func(jsonval.Value, jsonval.Value) float64 { return x }
}

func TestNewRegistryErrors(t *testing.T) {
	ok := constStringComparator(1)
	num := constNumberComparator(1)
	tests := []struct {
		name   string
		custom []CustomComparator
		want   string
	}{
		{"string builtin", []CustomComparator{{Registry: "string", Name: "jaro", String: ok}}, "built-in"},
		{"string builtin exact", []CustomComparator{{Registry: "string", Name: "exact", String: ok}}, "built-in"},
		{"number builtin", []CustomComparator{{Registry: "number", Name: "invdiff", Number: num}}, "built-in"},
		{"integer builtin", []CustomComparator{{Registry: "integer", Name: "relative", Number: num}}, "built-in"},
		{"unknown registry", []CustomComparator{{Registry: "boolean", Name: "x", String: ok}}, "unknown registry"},
		{"empty registry", []CustomComparator{{Name: "x", String: ok}}, "unknown registry"},
		{"empty name", []CustomComparator{{Registry: "string", String: ok}}, "empty name"},
		{"no function", []CustomComparator{{Registry: "string", Name: "x"}}, "exactly one"},
		{"two functions", []CustomComparator{{Registry: "number", Name: "x", Number: num,
			ContextNumber: func(*Context, jsonval.Value, jsonval.Value) float64 { return 1 }}}, "exactly one"},
		{"wrong family", []CustomComparator{{Registry: "number", Name: "x", String: ok}}, "cannot set"},
		{"duplicate", []CustomComparator{
			{Registry: "string", Name: "x", String: ok},
			{Registry: "string", Name: "x", String: ok},
		}, "registered twice"},
	}
	for _, tt := range tests {
		r, err := NewRegistry(tt.custom...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, %v; want an error containing %q", tt.name, r, err, tt.want)
		}
	}
	// Built-in names are reserved per registry only.
	if _, err := NewRegistry(
		CustomComparator{Registry: "string", Name: "relative", String: ok},
		CustomComparator{Registry: "number", Name: "jaro", Number: num},
		CustomComparator{Registry: "number", Name: "same", Number: num},
		CustomComparator{Registry: "integer", Name: "same", Number: num},
	); err != nil {
		t.Errorf("valid custom comparators rejected: %v", err)
	}
}

func TestRegistryLookup(t *testing.T) {
	r, err := NewRegistry(
		CustomComparator{Registry: "number", Name: "both", Number: constNumberComparator(0.1)},
		CustomComparator{Registry: "integer", Name: "both", Number: constNumberComparator(0.2)},
		CustomComparator{Registry: "number", Name: "numberOnly", Number: constNumberComparator(0.3)},
		CustomComparator{Registry: "integer", Name: "integerOnly", Number: constNumberComparator(0.4)},
		CustomComparator{Registry: "string", Name: "half", String: constStringComparator(0.5)},
	)
	if err != nil {
		t.Fatal(err)
	}
	one := jsonval.NewInt(1)
	tests := []struct {
		name    string
		integer bool
		want    float64
		found   bool
	}{
		{"both", false, 0.1, true},
		{"both", true, 0.2, true},
		{"numberOnly", false, 0.3, true},
		{"numberOnly", true, 0.3, true},
		{"integerOnly", false, 0, false},
		{"integerOnly", true, 0.4, true},
		{"invdiff", false, 1, true},
		{"invdiff", true, 1, true},
		{"half", false, 0, false},
		{"jaro", false, 0, false},
	}
	for _, tt := range tests {
		f, found := r.Number(tt.name, tt.integer)
		if found != tt.found {
			t.Errorf("Number(%q, %v) found = %v", tt.name, tt.integer, found)
			continue
		}
		if !found {
			continue
		}
		got, err := f.Compare(nil, one, one)
		if err != nil || got != tt.want || f.Name() != tt.name {
			t.Errorf("Number(%q, %v): %s = %v, %v; want %v", tt.name, tt.integer, f.Name(), got, err, tt.want)
		}
		if f.Builtin() != (tt.name == "invdiff") {
			t.Errorf("Number(%q).Builtin() = %v", tt.name, f.Builtin())
		}
	}
	if f, ok := r.String("half"); !ok || f.Builtin() || f.NeedsContext() {
		t.Error(`String("half")`)
	} else if got, err := f.Compare(nil, "a", "b"); err != nil || got != 0.5 {
		t.Errorf(`"half" = %v, %v`, got, err)
	}
	if f, ok := r.String("jaro"); !ok || !f.Builtin() {
		t.Error(`String("jaro")`)
	}
	for _, name := range []string{"both", "invdiff", "relative", ""} {
		if _, ok := r.String(name); ok {
			t.Errorf("String(%q) found", name)
		}
	}
	// A nil registry holds the built-ins.
	var none *Registry
	if _, ok := none.String("levenshtein"); !ok {
		t.Error("nil registry lacks levenshtein")
	}
	if _, ok := none.Number("relative", true); !ok {
		t.Error("nil registry lacks relative")
	}
	if _, ok := none.String("half"); ok {
		t.Error("nil registry has a custom comparator")
	}
}

func TestContextComparators(t *testing.T) {
	var seen *Context
	r, err := NewRegistry(
		CustomComparator{Registry: "string", Name: "pathLen", ContextString: func(ctx *Context, g, p string) float64 {
			seen = ctx
			return float64(len(ctx.Path)) / 10
		}},
		CustomComparator{Registry: "integer", Name: "parentSize", ContextNumber: func(ctx *Context, g, p jsonval.Value) float64 {
			return float64(len(ctx.GoldParent.Arr)) / 10
		}},
	)
	if err != nil {
		t.Fatal(err)
	}
	ctx := &Context{
		GoldParent: jsonval.NewArray([]jsonval.Value{jsonval.NewInt(1), jsonval.NewInt(2), jsonval.NewInt(3)}),
		Path:       []PathStep{KeyStep("items"), IndexStep(2), KeyStep("name")},
	}
	f, _ := r.String("pathLen")
	if !f.NeedsContext() {
		t.Error("NeedsContext false")
	}
	if got, err := f.Compare(ctx, "a", "b"); err != nil || got != 0.3 || seen != ctx {
		t.Errorf("pathLen = %v, %v", got, err)
	}
	g, _ := r.Number("parentSize", true)
	if got, err := g.Compare(ctx, jsonval.NewInt(1), jsonval.NewInt(1)); err != nil || got != 0.3 {
		t.Errorf("parentSize = %v, %v", got, err)
	}
	var parts []string
	for _, s := range ctx.Path {
		parts = append(parts, s.String())
	}
	if got := strings.Join(parts, "/"); got != "items/2/name" {
		t.Errorf("path = %q", got)
	}
}

func TestCompareChecksResults(t *testing.T) {
	for _, x := range []float64{-0.1, 1.0000000000000002, math.NaN(), math.Inf(1), math.Inf(-1)} {
		if CheckResult(x) == nil {
			t.Errorf("CheckResult(%v) accepted", x)
		}
		r, err := NewRegistry(
			CustomComparator{Registry: "string", Name: "bad", String: constStringComparator(x)},
			CustomComparator{Registry: "number", Name: "bad", Number: constNumberComparator(x)},
		)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := r.String("bad")
		if _, err := f.Compare(nil, "a", "a"); err == nil || !strings.Contains(err.Error(), `"bad"`) {
			t.Errorf("string result %v: %v", x, err)
		}
		g, _ := r.Number("bad", true)
		if _, err := g.Compare(nil, jsonval.NewInt(1), jsonval.NewInt(1)); err == nil {
			t.Errorf("number result %v accepted", x)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), 1, 0.5, math.SmallestNonzeroFloat64} {
		if err := CheckResult(x); err != nil {
			t.Errorf("CheckResult(%v): %v", x, err)
		}
	}
	// Built-in number comparators report their own errors.
	f, _ := (*Registry)(nil).Number("invdiff", false)
	if _, err := f.Compare(nil, jsonval.NewInt(1), jsonval.NewBool(true)); !errors.Is(err, ErrNotNumber) {
		t.Errorf("invdiff on a boolean: %v", err)
	}
	if got, err := f.Compare(nil, jsonval.NewInt(50), jsonval.NewInt(52)); err != nil || got != 0.3333333333333333 {
		t.Errorf("invdiff(50, 52) = %v, %v", got, err)
	}
}

func TestApplyThreshold(t *testing.T) {
	for _, tt := range []struct{ x, threshold, want float64 }{
		{0.7777777777777777, 0.7777777777777777, 0.7777777777777777}, // equal: kept
		{0.7777777777777776, 0.7777777777777777, 0},                  // strictly below
		{0.5, 0, 0.5},
		{0, 0, 0},
		{1, 1, 1},
	} {
		if got := ApplyThreshold(tt.x, tt.threshold); got != tt.want {
			t.Errorf("ApplyThreshold(%v, %v) = %v, want %v", tt.x, tt.threshold, got, tt.want)
		}
	}
}
