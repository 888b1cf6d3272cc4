package suggest

import "testing"

func TestClosest(t *testing.T) {
	keywords := []string{"type", "score", "threshold", "ref", "valueWeight", "idScope", "order"}
	for _, tc := range []struct {
		name       string
		candidates []string
		want       string
	}{
		// Two edits on words longer than four code points.
		{"scroe", keywords, "score"}, // one transposition
		{"treshold", keywords, "threshold"},
		{"thrshld", keywords, "threshold"}, // two deletions
		{"thrsld", keywords, ""},           // three
		{"valueWieght", keywords, "valueWeight"},
		// Case does not count.
		{"idscope", keywords, "idScope"},
		{"VALUEWEIGHT", keywords, "valueWeight"},
		// Words of four code points or fewer: one edit.
		{"types", keywords, "type"},
		{"tpye", keywords, "type"},
		{"rf", keywords, "ref"},
		{"key", keywords, ""}, // two edits from "ref"
		{"jr", []string{"jaro"}, ""},
		{"exct", []string{"exact"}, "exact"},
		{"nmbr", []string{"number"}, ""},
		// Fewer edits than either word has code points.
		{"b", []string{"a"}, ""},
		{"ab", []string{"cd"}, ""},
		{"p1", []string{"p2"}, "p2"},
		// The closest wins, ties go to the earlier candidate.
		{"ordr", []string{"odr", "order"}, "odr"},
		{"abcde", []string{"abcxe", "abxde"}, "abcxe"},
		{"abcxe", []string{"abxye", "abcye", "abcxy"}, "abcye"},
		// Code points, not bytes.
		{"größe", []string{"grösse", "grüße"}, "grüße"},
		{"", keywords, ""},
		{"score", nil, ""},
	} {
		if got := Closest(tc.name, tc.candidates); got != tc.want {
			t.Errorf("Closest(%q, %q) = %q, want %q", tc.name, tc.candidates, got, tc.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"scor", ` (did you mean "score"?)`},
		{"score", ""}, // the name itself
		{"Score", ` (did you mean "score"?)`},
		{"zzzzz", ""},
	} {
		if got := DidYouMean(tc.name, []string{"score", "schema"}); got != tc.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestOSADistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "abc", 0},
		{"ab", "ba", 1}, {"ca", "abc", 3}, // OSA, not unrestricted Damerau (2)
		{"kitten", "sitting", 3}, {"é", "e", 1},
	} {
		if got := osaDistance([]rune(tc.a), []rune(tc.b)); got != tc.want {
			t.Errorf("osaDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestNearest(t *testing.T) {
	keywords := []string{"type", "score", "threshold", "ref", "valueWeight", "order"}
	for _, tc := range []struct{ name, want string }{
		{"scroe", "score"},
		{"thrsld", "threshold"}, // three edits: too far for Closest, nearest still
		{"weight", "valueWeight"},
		{"orders", "order"},
		{"unordered", "order"}, // containment first
		{"rex", "ref"},         // one edit from "ref", three from "type"
		{"abcd", "type"},       // four edits from "type", "ref" and "score": the earlier
		{"", "ref"},            // the shortest candidate
	} {
		if got := Nearest(tc.name, keywords); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := Nearest("x", nil); got != "" {
		t.Errorf("Nearest with no candidates = %q", got)
	}
}
