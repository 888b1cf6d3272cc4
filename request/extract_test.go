package request

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/objectaligner/oagen/jsonval"
)

// TestExtract checks the rules of Extract on the forms a model writes.
func TestExtract(t *testing.T) {
	const obj = `{"a":1}`
	tests := []struct {
		name, text string
		want       string // the value as JSON; "" for no JSON
		rule       Extraction
	}{
		{"bare JSON", obj, obj, ExtractedJSON},
		{"bare JSON with spaces", "  \n" + obj + "\n", obj, ExtractedJSON},
		{"leading BOM", "\uFEFF" + obj, obj, ExtractedJSON},
		{"a scalar", `"x"`, `"x"`, ExtractedJSON},
		{"bare fence", "```json\n" + obj + "\n```", obj, ExtractedFence},
		{"fence without tag", "```\n" + obj + "\n```", obj, ExtractedFence},
		{"prose before a fence", "Here is the JSON:\n```json\n" + obj + "\n```", obj, ExtractedFence},
		{"prose after a fence", "```json\n" + obj + "\n```\nHope this helps!", obj, ExtractedFence},
		{"one-line fence", "```json " + obj + "```", obj, ExtractedFence},
		{"one-line fence without tag", "```" + obj + "```", obj, ExtractedFence},
		{"two fences: the last", "First try:\n```json\n{\"a\":0}\n```\nCorrected:\n```json\n" + obj + "\n```", obj, ExtractedFence},
		{"two fences, the last not JSON", "```json\n" + obj + "\n```\nand in Python:\n```python\nprint(1)\n```", obj, ExtractedFence},
		{"BOM and fence", "\uFEFF```json\n" + obj + "\n```", obj, ExtractedFence},
		{"prose around a value", "The answer is " + obj + ", as asked.", obj, ExtractedFirst},
		{"an array in prose", `Items: [1, 2] and more`, `[1,2]`, ExtractedFirst},
		{"a brace that is not JSON first", `Use {braces} like this: {"a":1} ok`, obj, ExtractedFirst},
		{"no JSON", "I cannot answer that.", "", ""},
		{"empty", "", "", ""},
		{"a fence without JSON", "```\nnot json\n```", "", ""},
		{"unterminated", `{"a":`, "", ""},
	}
	for _, tt := range tests {
		v, rule, err := Extract(tt.text, false, jsonval.DecodeOptions{})
		if tt.want == "" {
			if !errors.Is(err, ErrNoJSON) {
				t.Errorf("%s: %v (rule %q), want ErrNoJSON", tt.name, err, rule)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := string(jsonval.AppendJSON(nil, v)); got != tt.want || rule != tt.rule {
			t.Errorf("%s: %s by %q, want %s by %q", tt.name, got, rule, tt.want, tt.rule)
		}
	}
}

// TestExtractStrict checks that strict turns extraction off and that the
// error says where the text stops being JSON.
func TestExtractStrict(t *testing.T) {
	if _, _, err := Extract("```json\n{}\n```", true, jsonval.DecodeOptions{}); !errors.Is(err, ErrNoJSON) || !strings.Contains(err.Error(), "line 1, column 1") {
		t.Errorf("strict fence: %v", err)
	}
	if v, rule, err := Extract("\uFEFF[1]", true, jsonval.DecodeOptions{}); err != nil || rule != ExtractedJSON || len(v.Arr) != 1 {
		t.Errorf("strict JSON: %v %q %v", v, rule, err)
	}
}

// TestExtractDepth checks that the nesting limit holds on every rule.
func TestExtractDepth(t *testing.T) {
	deep := strings.Repeat("[", 50) + strings.Repeat("]", 50)
	for _, text := range []string{deep, "```\n" + deep + "\n```", "so: " + deep} {
		if _, _, err := Extract(text, false, jsonval.DecodeOptions{MaxDepth: 10}); err == nil {
			t.Errorf("%.20q: nesting beyond the limit accepted", text)
		}
	}
}

// FuzzExtract checks that Extract never panics, returns a value or an
// error, and that a value found in text is found again in its own JSON.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{`{"a":1}`, "```json\n{}\n```", "x ```[1]``` y", "\uFEFF{}", "{{{{", "```", "[1,{\"a\":\"```\"}]", ""} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, text string, strict bool) {
		if !utf8.ValidString(text) {
			return
		}
		v, rule, err := Extract(text, strict, jsonval.DecodeOptions{MaxDepth: 64})
		if err != nil {
			if rule != "" {
				t.Fatalf("error %v with rule %q", err, rule)
			}
			return
		}
		if strict && rule != ExtractedJSON {
			t.Fatalf("strict extraction by %q", rule)
		}
		again, rule2, err := Extract(string(jsonval.AppendJSON(nil, v)), true, jsonval.DecodeOptions{MaxDepth: 64})
		if err != nil || rule2 != ExtractedJSON || !jsonval.Equal(v, again) {
			t.Fatalf("the extracted value does not read back: %v", err)
		}
	})
}

// TestCandidateText checks the "candidate_text" member end to end: each
// text form scores as its JSON value with a warning naming the rule, a text
// with no JSON scores 0 with the reason first in the feedback, and
// "strict_json" turns the extraction off.
func TestCandidateText(t *testing.T) {
	e, err := NewEngine(EngineConfig{Base: DefaultSettings(), Schema: []byte(`{"type":"object","properties":{"a":{"type":"integer"}}}`)})
	if err != nil {
		t.Fatal(err)
	}
	score := func(line string) (float64, string) {
		t.Helper()
		r, err := Parse([]byte(line), jsonval.DecodeOptions{})
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		sc, s, err := e.Prepare(r)
		if err != nil {
			t.Fatal(err)
		}
		s.WithFeedback = true
		res, err := sc.Align(r.Gold, r.Candidate)
		if err != nil {
			t.Fatal(err)
		}
		out, err := AppendResult(nil, r, res, s)
		if err != nil {
			t.Fatal(err)
		}
		return res.Score, string(out)
	}
	text := func(s string) string { return string(jsonval.AppendJSON(nil, jsonval.NewString(s))) }
	for _, tc := range []struct{ text, warning string }{
		{`{"a":1}`, ""},
		{"\uFEFF{\"a\":1}", ""},
		{"Here is the JSON:\n```json\n{\"a\":1}\n```", `(rule: fenced block)`},
		{"```json\n{\"a\":1}\n```\nDone.", `(rule: fenced block)`},
		{"```json {\"a\":1}```", `(rule: fenced block)`},
		{"```json\n{\"a\":2}\n```\nFixed:\n```json\n{\"a\":1}\n```", `(rule: fenced block)`},
		{`The answer: {"a":1}.`, `(rule: first value)`},
	} {
		got, out := score(`{"gold":{"a":1},"candidate_text":` + text(tc.text) + `}`)
		if got != 1 {
			t.Errorf("%q: score %v, want 1: %s", tc.text, got, out)
		}
		if hasWarning := strings.Contains(out, `"warnings"`); hasWarning != (tc.warning != "") || !strings.Contains(out, tc.warning) {
			t.Errorf("%q: %s, want the warning %q", tc.text, out, tc.warning)
		}
	}
	got, out := score(`{"gold":{"a":1},"candidate_text":"I do not know."}`)
	if got != 0 || !strings.Contains(out, `"feedback":"The output could not be scored: no JSON value in the text: not JSON (line 1, column 1`) ||
		!strings.Contains(out, `"warnings":["candidate_text: no JSON value in the text`) {
		t.Errorf("no JSON: score %v: %s", got, out)
	}
	got, out = score(`{"gold":{"a":1},"candidate_text":"` + "```json\\n{\\\"a\\\":1}\\n```" + `","strict_json":true}`)
	if got != 0 || !strings.Contains(out, "The output could not be scored: no JSON value") {
		t.Errorf("strict: score %v: %s", got, out)
	}
	for _, bad := range []string{
		`{"gold":1,"candidate":1,"candidate_text":"1"}`,
		`{"gold":1,"candidate_text":1}`,
		`{"gold":1,"candidate_text":"1","strict_json":"yes"}`,
	} {
		if _, err := Parse([]byte(bad), jsonval.DecodeOptions{}); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}
