package feedback

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestPackagedTemplates checks the embedded data against docs/SCORING.md §8.10 and §9.1
// (key sets and a sample of exact texts). describe.json holds the reference's 23 keys
// plus describe.dict.key.missing, describe.dict.key.extra and
// describe.root.kind_mismatch, which only the default profile uses;
// default.json and compact.json hold feedback.op.branch_replace and
// describe.json describe.branch.mismatch, for the unions of the default
// profile.
func TestPackagedTemplates(t *testing.T) {
	counts := map[string]int{"templates/default.json": 31, "templates/compact.json": 16, "templates/describe.json": 27,
		"templates/default-profile.json": 21}
	for name, want := range counts {
		data, err := templateFS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]string
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(m) != want {
			t.Errorf("%s has %d keys, want %d", name, len(m), want)
		}
		for k := range m {
			if _, ok := keyByName(k); !ok {
				t.Errorf("%s: key %q is not in the key table", name, k)
			}
		}
	}
	d := DefaultTemplates()
	for _, c := range []struct{ style, key, want string }{
		{StyleGepa, "feedback.intro.imperfect", "The prediction scored {score:.2f} (deficit {deficit:.2f}). Top {n_shown} of {n_total} fix locations:\n"},
		{StyleGepa, "feedback.op.key_rename_remove", ""},
		{StyleCompact, "feedback.op.key_rename_remove", ""},
		{StyleGepa, "feedback.synthesis.single_dominant", "\nFocus on {dominant_kind_human} errors — they account for {dominant_fraction_pct:.0f}% of the deficit shown."},
		{StyleCompact, "feedback.op.pairing_ambiguous", "~ {path}: ambiguous pairing [c={confidence:.2f}]"},
		{StyleCompact, "feedback.intro.perfect", "The prediction perfectly matches the gold (score 1.00)."},
		{StyleJSON, "feedback.op.key_add", "{rank}. {path}: missing key \"{key}\" with value {gold}. Adding it recovers +{score_delta:.3f}."},
		{StyleGepa, "describe.dict.value.prefix", "{indent}VALUE = "},
		{StyleGepa, "feedback.refsem.used_dangling", ", but the reference you wrote resolves to nothing in your output"},
	} {
		got, ok := d.Lookup(ProfileReference, c.style, c.key)
		if !ok || got != c.want {
			t.Errorf("Lookup(%s, %s) = %q, %v; want %q", c.style, c.key, got, ok, c.want)
		}
	}
	if _, ok := d.Lookup(ProfileReference, StyleGepa, "feedback.op.nope"); ok {
		t.Error("Lookup of an unknown key succeeded")
	}
}

func TestWithOverridesLayering(t *testing.T) {
	d := DefaultTemplates()
	gepaDefault, _ := d.Lookup(ProfileReference, StyleGepa, "feedback.op.key_add")
	compactDefault, _ := d.Lookup(ProfileReference, StyleCompact, "feedback.op.key_add")
	t1, err := d.WithOverrides(map[string]string{"feedback.op.key_add": "{rank}: {key}"})
	if err != nil {
		t.Fatal(err)
	}
	for _, style := range []string{StyleGepa, StyleCompact} {
		if got, _ := t1.Lookup(ProfileReference, style, "feedback.op.key_add"); got != "{rank}: {key}" {
			t.Errorf("%s: %q", style, got)
		}
	}
	// Setting the packaged default again removes the override: compact
	// falls back to its overlay.
	t2, err := t1.WithOverrides(map[string]string{"feedback.op.key_add": gepaDefault})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := t2.Lookup(ProfileReference, StyleCompact, "feedback.op.key_add"); got != compactDefault {
		t.Errorf("compact after reset: %q", got)
	}
	// The receiver is unchanged.
	if got, _ := t1.Lookup(ProfileReference, StyleGepa, "feedback.op.key_add"); got != "{rank}: {key}" {
		t.Errorf("receiver modified: %q", got)
	}
	if got, _ := d.Lookup(ProfileReference, StyleGepa, "feedback.op.key_add"); got != gepaDefault {
		t.Errorf("defaults modified: %q", got)
	}
	var nilT *Templates
	if _, err := nilT.WithOverrides(nil); err != nil {
		t.Errorf("nil receiver: %v", err)
	}
}

func TestLoadTemplateOverrides(t *testing.T) {
	okJSON := `{
  "feedback.op.key_add": "{rank}) add {key} = {gold} [{score_delta_pct:.1f}%]",
  "describe.item.match": "{indent}ok {pred}\n"
}`
	m, err := LoadTemplateOverrides("o.json", []byte(okJSON))
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 2 || m["describe.item.match"] != "{indent}ok {pred}\n" {
		t.Errorf("%v", m)
	}
	okTOML := `# overrides
"feedback.op.key_add" = "{rank}) add {key}"
[feedback.op]
key_remove = 'drop {key}'
[describe.list]
match = """{indent}same
"""
`
	m, err = LoadTemplateOverrides("o.toml", []byte(okTOML))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"feedback.op.key_add":    "{rank}) add {key}",
		"feedback.op.key_remove": "drop {key}",
		"describe.list.match":    "{indent}same\n",
	}
	if len(m) != len(want) {
		t.Errorf("got %v", m)
	}
	for k, v := range want {
		if m[k] != v {
			t.Errorf("%s = %q, want %q", k, m[k], v)
		}
	}
	// Without a known extension the content decides.
	if m, err := LoadTemplateOverrides("overrides", []byte(`"feedback.empty" = "none"`)); err != nil || m["feedback.empty"] != "none" {
		t.Errorf("sniffed TOML: %v %v", m, err)
	}
	if m, err := LoadTemplateOverrides("-", []byte("\ufeff {\"feedback.empty\": \"none\"}")); err != nil || m["feedback.empty"] != "none" {
		t.Errorf("sniffed JSON: %v %v", m, err)
	}
}

func TestLoadTemplateOverridesErrors(t *testing.T) {
	for _, c := range []struct {
		name, data string
		want       []string // substrings of the error
		line, col  int
	}{
		{"a.json", "{\n  \"feedback.op.key_ad\": \"x\"\n}", []string{`a.json:2:3: unknown template key "feedback.op.key_ad"`, `did you mean "feedback.op.key_add"`}, 2, 3},
		{"a.json", `{"op.key_add": "x"}`, []string{`did you mean "feedback.op.key_add"`}, 1, 2},
		{"a.json", `{"totally.different": "x"}`, []string{`unknown template key "totally.different"`}, 1, 2},
		{"a.json", "{\n\"feedback.op.key_add\": \"{rank} {pred}\"}", []string{`a.json:2:1: template "feedback.op.key_add": placeholder {pred} is not available`, "{gold}"}, 2, 1},
		{"a.json", `{"feedback.intro.perfect": "{rank}"}`, []string{"placeholder {rank} is not available"}, 1, 2},
		{"a.json", `{"feedback.synthesis.mixed": "{dominant_kind}"}`, []string{"placeholder {dominant_kind} is not available"}, 1, 2},
		{"a.json", `{"feedback.op.key_add": "{path:.2f}"}`, []string{"needs a number"}, 1, 2},
		{"a.json", `{"feedback.op.key_add": "{rank"}`, []string{"format error", "single '{'"}, 1, 2},
		{"a.json", `{"feedback.op.key_add": "}"}`, []string{"single '}'"}, 1, 2},
		{"a.json", `{"feedback.op.key_add": "{rank!r}"}`, []string{"conversion"}, 1, 2},
		{"a.json", `{"feedback.op.key_add": "{unknown_name}"}`, []string{"unknown placeholder {unknown_name}"}, 1, 2},
		{"a.json", `{"feedback.op.key_add": 3}`, []string{"value must be a string"}, 1, 2},
		{"a.json", `{"feedback.op.key_add": "a", "feedback.op.key_add": "b"}`, []string{"duplicate key"}, 1, 30},
		{"a.json", `["x"]`, []string{"must be a JSON object"}, 1, 1},
		{"a.json", "{\"feedback.empty\": \"x\",\n \"x\" }", []string{"a.json:2:"}, 2, 0},
		{"a.json", `{"feedback.empty": "x"} {}`, []string{"unexpected data after"}, 0, 0},
		{"a.json", `{"feedback.empty": "x"`, []string{"unexpected end of input"}, 0, 0},
		{"a.toml", "\n\"feedback.op.key_ad\" = \"x\"\n", []string{`a.toml:2:`, `unknown template key "feedback.op.key_ad"`, `did you mean "feedback.op.key_add"`}, 2, 0},
		{"a.toml", "[feedback.op]\nkey_add = \"{rank} {pred}\"\n", []string{`a.toml:2:`, `placeholder {pred} is not available`}, 2, 0},
		{"a.toml", "\"feedback.empty\" = 3\n", []string{"a.toml:1:", "must be a string"}, 1, 0},
		{"a.toml", "\"feedback.empty\" = [\"x\"]\n", []string{"a.toml:1:", "must be a string"}, 1, 0},
		{"a.toml", "x = \n", []string{"a.toml:1:", "invalid TOML"}, 1, 0},
		{"a.toml", "[[feedback]]\nempty = \"x\"\n", []string{"must be a string"}, 0, 0},
	} {
		_, err := LoadTemplateOverrides(c.name, []byte(c.data))
		if err == nil {
			t.Errorf("%s %q: no error", c.name, c.data)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s %q: error %q lacks %q", c.name, c.data, err, w)
			}
		}
		var te *TemplateError
		if !errors.As(err, &te) {
			t.Errorf("%s %q: %T is not a *TemplateError", c.name, c.data, err)
			continue
		}
		if c.line != 0 && te.Line != c.line {
			t.Errorf("%s %q: line %d, want %d", c.name, c.data, te.Line, c.line)
		}
		if c.col != 0 && te.Col != c.col {
			t.Errorf("%s %q: col %d, want %d", c.name, c.data, te.Col, c.col)
		}
	}
}

func TestWithOverridesErrors(t *testing.T) {
	_, err := DefaultTemplates().WithOverrides(map[string]string{"feedback.op.key_add": "ok {key}", "feedback.op.key_remove": "{gold}"})
	if err == nil || !strings.Contains(err.Error(), `template "feedback.op.key_remove": placeholder {gold} is not available`) {
		t.Errorf("got %v", err)
	}
	_, err = DefaultTemplates().WithOverrides(map[string]string{"feedback.opp.key_add": ""})
	if err == nil || !strings.Contains(err.Error(), `did you mean "feedback.op.key_add"`) {
		t.Errorf("got %v", err)
	}
}

func TestDidYouMean(t *testing.T) {
	for in, want := range map[string]string{
		"feedback.intro.perfekt": "feedback.intro.perfect",
		"key_rename_add":         "feedback.op.key_rename_add",
		"describe.dict.key":      "",
		"zzz":                    "",
	} {
		got := didYouMean(in)
		if want == "" && got != "" || want != "" && !strings.Contains(got, `"`+want+`"`) {
			t.Errorf("didYouMean(%q) = %q, want %q", in, got, want)
		}
	}
}
