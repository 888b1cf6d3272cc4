package structtag

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/objectaligner/oagen/ir"
)

var (
	badOnce sync.Once
	badPkg  *Package
	badErr  error
)

func loadBad(t *testing.T) *Package {
	t.Helper()
	badOnce.Do(func() {
		pkgs, err := Load(LoadOptions{Dir: "testdata/bad"}, ".")
		if err != nil {
			badErr = err
			return
		}
		badPkg = pkgs[0]
	})
	if badErr != nil {
		t.Fatal(badErr)
	}
	return badPkg
}

// diagLines compiles type name of the bad package and renders its errors
// and warnings with file names relative to the package directory.
func diagLines(t *testing.T, p *Package, name string) []string {
	t.Helper()
	s, err := p.Compile(name, ir.Options{})
	var list ErrorList
	var out []string
	switch {
	case errors.As(err, &list):
		for _, d := range Relative(list, p.Dir) {
			out = append(out, d.String())
		}
	case err != nil:
		t.Fatalf("%s: %v", name, err)
	default:
		for _, d := range Relative(s.Warnings, p.Dir) {
			out = append(out, d.String()+" (warning)")
		}
	}
	return out
}

// TestBadInputs compiles one type of testdata/bad per annotation error and
// checks the exact diagnostics: every error at once, each at the oa
// keyword, struct tag or type declaration it is about.
func TestBadInputs(t *testing.T) {
	p := loadBad(t)
	cases := []struct {
		typ  string
		want []string
	}{
		{"UnknownKeyword", []string{
			"bad.go:8:31: unknown keyword \"scroe\" in oa tag (did you mean \"score\"?)",
		}},
		{"UnknownKeywordFar", []string{
			"bad.go:12:31: unknown keyword \"colour\" in oa tag",
		}},
		{"UnknownComparator", []string{
			"bad.go:16:31: unknown comparator \"jaro_winkle\" for a string (did you mean \"jaro_winkler\"?)",
		}},
		{"ComparatorForType", []string{
			"bad.go:20:30: unknown comparator \"levenshtein\" for an integer",
		}},
		{"RefNoScope", []string{
			"bad.go:25:18: ref to undefined scope \"persn\" (did you mean \"person\"?)",
		}},
		{"ScopeCycle", []string{
			"bad.go:39:12: scopes \"a\", \"b\" are in or behind a reference cycle between scopes; they are aligned on properties only (docs/SCORING.md §7.2) (warning)",
		}},
		{"NegativeWeight", []string{
			"bad.go:49:31: \"valueWeight\" must not be negative, got -1 (docs/SCORING.md §2.3)",
		}},
		{"ZeroWeights", []string{
			"bad.go:52:6: the \"valueWeight\"s of the members of \"properties\" sum to 0",
		}},
		{"ZeroImportance", []string{
			"bad.go:57:6: \"keyImportance\" + \"valueImportance\" is 0",
		}},
		{"BothIgnores", []string{
			"bad.go:63:16: \"ignoreExcess\" and \"ignoreMissing\" cannot both be true",
		}},
		{"PrefixWeightsLength", []string{
			"bad.go:67:37: \"prefixWeights\" has 2 entries but \"prefixItems\" has 3; give one weight per position or a single weight for all (docs/SCORING.md §2.3)",
		}},
		{"PrefixWeightsZero", []string{
			"bad.go:71:37: \"prefixWeights\" sum to 0",
		}},
		{"NullScoreRange", []string{
			"bad.go:75:32: \"nullScore\" must be a number in [0, 1], got number 1.5",
		}},
		{"IDNotUnderArray", []string{
			"bad.go:79:12: idScope \"doc\" is not under an array: its schema path #/properties/id has no \"items\" or \"prefixItems\" edge",
		}},
		{"MissingImportance", []string{
			"bad.go:83:17: \"prefixImportance\" is required when both \"prefixItems\" and \"items\" are present",
			"bad.go:83:17: \"restImportance\" is required when both \"prefixItems\" and \"items\" are present",
		}},
		{"UnknownOrder", []string{
			"bad.go:91:35: unknown order \"alling\" (did you mean \"align\"?); order is \"align\" or \"fixed\"",
		}},
		{"UnknownKeyScore", []string{
			"bad.go:95:44: unknown keyScore \"jaor\" (did you mean \"jaro\"?); keyScore is \"jaro\" or \"exact\"",
		}},
		{"OrderOnString", []string{
			"bad.go:99:31: \"order\" applies to arrays (slices and Go arrays), but this field is a string",
		}},
		{"ScoreOnStruct", []string{
			"bad.go:29:14: idScope \"person\" is not under an array: its schema path #/properties/who/properties/id has no \"items\" or \"prefixItems\" edge",
			"bad.go:103:29: \"score\" applies to strings, integers and floats, but this field is a struct",
		}},
		{"KeyScoreOnString", []string{
			"bad.go:107:31: \"keyScore\" applies to objects (structs and maps), but this field is a string",
		}},
		{"TypeInTag", []string{
			"bad.go:111:31: \"type\" cannot be set in an oa tag: the field's Go type gives \"type\"",
		}},
		{"BadNumber", []string{
			"bad.go:115:31: \"threshold\" wants a number, got \"high\"",
		}},
		{"Duplicate", []string{
			"bad.go:119:43: \"score\" is given twice in the oa tag",
		}},
		{"ElementWeight", []string{
			"bad.go:123:33: \"items.valueWeight\": valueWeight weighs a struct field in its struct; array elements have no weight",
		}},
		{"MarkerOrder", []string{
			"bad.go:127:21: \"order\" cannot be set on a type (marker field); a marker field takes \"keyScore\", \"keyThreshold\", \"keyImportance\", \"valueImportance\", \"nullScore\"; set \"order\" on a field",
		}},
		{"NullableID", []string{
			"bad.go:136:13: a node with \"idScope\" needs \"type\" exactly \"string\", \"integer\" or \"number\", got [\"string\", \"null\"]",
		}},
		{"ScopeTwice", []string{
			"bad.go:29:14: idScope \"person\" is declared more than once: at schema paths #/properties/xs/items/properties/id and #/properties/ys/items/properties/id",
		}},
		{"Marshaler", []string{
			"bad.go:145:22: type json.RawMessage implements json.Marshaler, so its JSON form cannot be derived from its fields; give the field a type without a MarshalJSON method",
		}},
		{"PrefixOnArray", []string{
			"bad.go:149:33: \"prefixItems\" turns the first elements of a slice into tuple positions; a Go array already has one position per element",
		}},
		{"Unclosed", []string{
			"bad.go:153:33: unclosed \"[\" in oa tag",
		}},
		{"ItemsOnString", []string{
			"bad.go:157:31: \"items.score\": the field's type has no array elements at level 1 (it is a string there)",
		}},
		{"NegativePrefixWeight", []string{
			"bad.go:161:37: \"prefixWeights\"[1] must not be negative, got -1 (docs/SCORING.md §2.3)",
		}},
		{"Channel", []string{
			"bad.go:165:13: type chan int has no JSON encoding",
		}},
		{"ThresholdRange", []string{
			"bad.go:175:31: \"threshold\" must be a number in [0, 1], got number 1.5",
		}},
		{"KeyThresholdRange", []string{
			"bad.go:179:21: \"keyThreshold\" must be a number in [0, 1], got number -0.1",
		}},
		{"NegativeImportance", []string{
			"bad.go:184:21: \"keyImportance\" must not be negative, got -1 (docs/SCORING.md §2.3)",
		}},
		{"ScoreOnSlice", []string{
			"bad.go:189:45: \"score\" applies to strings and numbers; on an array (a slice or Go array), write \"items.score\"",
		}},
		{"PrefixWeightsNoPrefix", []string{
			"bad.go:193:35: \"prefixWeights\" applies to arrays with \"prefixItems\"; this array has no \"prefixItems\"",
		}},
		{"ManyErrors", []string{
			"bad.go:169:27: unknown keyword \"scor\" in oa tag (did you mean \"score\"?)",
			"bad.go:169:38: \"threshold\" wants a number, got \"x\"",
			"bad.go:170:27: unknown comparator \"jaro\" for an integer",
			"bad.go:171:13: \"ignoreExcess\" and \"ignoreMissing\" cannot both be true",
			"bad.go:171:54: unknown order \"random\"; order is \"align\" or \"fixed\"",
		}},
	}
	if len(cases) < 25 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, tc := range cases {
		got := diagLines(t, p, tc.typ)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\n got  %q\n want %q", tc.typ, got, tc.want)
		}
	}
}

// TestTagErrorsEveryType checks that oa tag syntax errors are found in every
// struct of a package, reached from a root or not.
func TestTagErrorsEveryType(t *testing.T) {
	p := loadBad(t)
	var got []string
	for _, d := range Relative(p.TagErrors(), p.Dir) {
		got = append(got, d.String())
	}
	want := []string{
		`bad.go:8:31: unknown keyword "scroe" in oa tag (did you mean "score"?)`,
		`bad.go:12:31: unknown keyword "colour" in oa tag`,
		`bad.go:111:31: "type" cannot be set in an oa tag: the field's Go type gives "type"`,
		`bad.go:115:31: "threshold" wants a number, got "high"`,
		`bad.go:119:43: "score" is given twice in the oa tag`,
		`bad.go:153:33: unclosed "[" in oa tag`,
		`bad.go:169:27: unknown keyword "scor" in oa tag (did you mean "score"?)`,
		`bad.go:169:38: "threshold" wants a number, got "x"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("TagErrors:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUnknownType checks the error for a -type the package lacks.
func TestUnknownType(t *testing.T) {
	_, err := loadBad(t).Compile("Persn", ir.Options{})
	if err == nil || !strings.Contains(err.Error(), `has no type Persn (did you mean "Person"?)`) {
		t.Errorf("err = %v", err)
	}
}

// TestCheckDirectiveAndGeneric is a regression test: a //go:generate
// directive naming a type the package lacks, and a generic annotated type,
// used to stop Check with an error that had no position. The first is now
// a diagnostic on the directive; the second is no root (its tags are still
// checked).
func TestCheckDirectiveAndGeneric(t *testing.T) {
	pkgs, err := Load(LoadOptions{Dir: "oatag/testdata/src/c"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	if got := p.AnnotatedTypes(); !slices.Equal(got, []string{"Report"}) {
		t.Errorf("AnnotatedTypes = %q, want [Report] (no generic Pair)", got)
	}
	errs, warnings, err := p.Check(ir.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range Relative(errs, p.Dir) {
		got = append(got, d.String())
	}
	want := []string{
		`c.go:5:1: package github.com/objectaligner/oagen/structtag/oatag/testdata/src/c has no type Reprot (did you mean "Report"?)`,
		`c.go:10:38: unknown order "algin" (did you mean "align"?); order is "align" or "fixed"`,
		`c.go:16:25: unknown keyword "scroe" in oa tag (did you mean "score"?)`,
	}
	if !slices.Equal(got, want) || len(warnings) != 0 {
		t.Errorf("Check:\n got  %q\n want %q\n warnings %v", got, want, warnings)
	}
}
