package ir

import (
	"slices"
	"strings"
	"testing"
)

// noEffectSchemas are schemas whose keywords sit where they have no effect
// (docs/SCORING.md §2.1, §2.3): errors in the default profile, the same
// messages as warnings (ending in "(ignored)") under NoEffectWarnings.
var noEffectSchemas = []struct {
	name, schema string
	want         []string
}{
	{
		name:   "score_on_array",
		schema: `{"type":"array","score":"exact","items":{"type":"string"}}`,
		want:   []string{`schema.json:1:17: #: "score" applies to strings and numbers; on an array, put it in "items"`},
	},
	{
		name:   "threshold_on_object",
		schema: `{"type":"object","threshold":0.5,"properties":{"a":{"type":"string"}}}`,
		want:   []string{`schema.json:1:18: #: "threshold" applies to strings and numbers; on an object, put it on the member schemas in "properties"`},
	},
	{
		name:   "order_on_object",
		schema: `{"type":"object","order":"align","properties":{"a":{"type":"string"}}}`,
		want:   []string{`schema.json:1:18: #: "order" applies to arrays; on an object it has no effect; put it on an array: a member schema in "properties", or the array whose "items" this is`},
	},
	{
		name:   "object_and_array_keywords_on_a_string",
		schema: `{"type":"string","keyScore":"exact","order":"align","prefixWeights":[1],"ignoreExcess":true}`,
		want: []string{
			`schema.json:1:18: #: "keyScore" applies to objects; on a string it has no effect; put it on the object that holds these values`,
			`schema.json:1:37: #: "order" applies to arrays; on a string it has no effect; put it on the array that holds these values`,
			`schema.json:1:53: #: "prefixWeights" applies to arrays with "prefixItems"; on a string it has no effect; put it on the array that holds these values`,
			`schema.json:1:73: #: "ignoreExcess" applies to arrays; on a string it has no effect; put it on the array that holds these values`,
		},
	},
	{
		name:   "score_on_boolean",
		schema: `{"type":"boolean","score":"exact"}`,
		want:   []string{`schema.json:1:19: #: "score" applies to strings and numbers; on a boolean it has no effect: booleans always compare exactly (docs/SCORING.md §3.4)`},
	},
	{
		name:   "union_without_a_kind_that_uses_it",
		schema: `{"type":["boolean","null"],"threshold":0.5}`,
		want:   []string{`schema.json:1:28: #: "threshold" applies to strings and numbers; on a null or boolean it has no effect`},
	},
	{
		name:   "prefix_weights_without_prefix_items",
		schema: `{"type":"array","items":{"type":"string"},"prefixWeights":[2]}`,
		want:   []string{`schema.json:1:43: #: "prefixWeights" applies to arrays with "prefixItems"; this array has no "prefixItems"`},
	},
	{
		name:   "prefix_weights_several_without_prefix_items",
		schema: `{"type":"array","items":{"type":"string"},"prefixWeights":[2,1]}`,
		want:   []string{`schema.json:1:43: #: "prefixWeights" applies to arrays with "prefixItems"; this array has no "prefixItems"`},
	},
	{
		name:   "value_weight_on_the_root",
		schema: `{"type":"object","valueWeight":2,"properties":{"a":{"type":"string"}}}`,
		want:   []string{`schema.json:1:18: #: "valueWeight" applies to member schemas of "properties"; on the root it has no effect (an array's elements weigh alike; use "prefixWeights" for tuple positions)`},
	},
	{
		name: "value_weight_on_elements",
		schema: `{"type":"object","properties":{
"a":{"type":"array","items":{"type":"string","valueWeight":2}},
"b":{"type":"array","prefixItems":[{"type":"string","valueWeight":3}]}}}`,
		want: []string{
			`schema.json:2:46: #/properties/a/items: "valueWeight" applies to member schemas of "properties"; on an array element or tuple position it has no effect (an array's elements weigh alike; use "prefixWeights" for tuple positions)`,
			`schema.json:3:53: #/properties/b/prefixItems/0: "valueWeight" applies to member schemas of "properties"; on an array element or tuple position it has no effect (an array's elements weigh alike; use "prefixWeights" for tuple positions)`,
		},
	},
	{
		name: "through_a_ref",
		schema: `{"type":"object","properties":{"tags":{"$ref":"#/$defs/tags"}},
"$defs":{"tags":{"type":"array","score":"exact","items":{"type":"string"}}}}`,
		want: []string{`schema.json:2:33: #/$defs/tags: "score" applies to strings and numbers; on an array, put it in "items"`},
	},
	{
		name:   "nullable_wrapper",
		schema: `{"anyOf":[{"type":"array","items":{"type":"string"}},{"type":"null"}],"keyImportance":1}`,
		want:   []string{`schema.json:1:71: #: "keyImportance" applies to objects; on a null or array, put it in "items"`},
	},
}

func TestNoEffectKeywords(t *testing.T) {
	for _, tc := range noEffectSchemas {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile([]byte(tc.schema), Options{File: "schema.json"})
			list, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("Compile error %v (%T), want an ErrorList:\n%s", err, err, strings.Join(tc.want, "\n"))
			}
			var got []string
			for _, d := range list {
				got = append(got, d.String())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			// The reference profile accepted these schemas: warnings there.
			s, err := Compile([]byte(tc.schema), Options{File: "schema.json", NoEffectWarnings: true})
			if err != nil {
				t.Fatalf("NoEffectWarnings: %v", err)
			}
			var ws []string
			for _, w := range s.Warnings {
				ws = append(ws, w.String())
			}
			var want []string
			for _, w := range tc.want {
				want = append(want, w+" (ignored)")
			}
			if !slices.Equal(ws, want) {
				t.Errorf("NoEffectWarnings warnings:\n%s\nwant:\n%s", strings.Join(ws, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestKeywordsWithEffect checks that keywords where they apply, union types
// with one kind that uses them included, compile without a warning.
func TestKeywordsWithEffect(t *testing.T) {
	for _, schema := range []string{
		`{"type":["array","string"],"score":"exact","order":"align","items":{"type":"string"}}`,
		`{"type":["object","integer"],"threshold":0.5,"keyScore":"exact","properties":{"a":{"type":"string","valueWeight":2}}}`,
		`{"type":"array","prefixItems":[{"type":"string"}],"prefixWeights":[2],"order":"align","ignoreMissing":true}`,
		`{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"number"},"prefixImportance":1,"restImportance":2}`,
		`{"type":"boolean","nullScore":0.5}`,
		`{"type":"object","properties":{"a":{"$ref":"#/$defs/s","valueWeight":2},"b":{"type":"array","items":{"$ref":"#/$defs/s"}}},"$defs":{"s":{"type":"string"}}}`,
	} {
		s, err := Compile([]byte(schema), Options{})
		if err != nil {
			t.Errorf("%s: %v", schema, err)
			continue
		}
		if len(s.Warnings) > 0 {
			t.Errorf("%s: warnings %v", schema, s.Warnings)
		}
	}
}

// TestTupleImportancesWithoutTail: the reference's random schemas carry
// prefixImportance and restImportance on tuples without a tail, so they are
// warnings in every profile.
func TestTupleImportancesWithoutTail(t *testing.T) {
	s := mustCompile(t, `{"type":"array","prefixItems":[{"type":"string"}],"prefixImportance":1,"restImportance":2}`, Options{})
	want := []string{
		`1:51: #: "prefixImportance" applies to arrays with "prefixItems" and "items"; this array has no "items" (ignored)`,
		`1:72: #: "restImportance" applies to arrays with "prefixItems" and "items"; this array has no "items" (ignored)`,
	}
	if got := warnings(s); !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	s = mustCompile(t, `{"type":"array","prefixItems":[{"type":"string"}],"items":false,"prefixImportance":1,"restImportance":2}`, Options{})
	if got := warnings(s); len(got) != 2 || !strings.HasSuffix(got[0], `"items": false leaves no tail (ignored)`) {
		t.Errorf("warnings %q", got)
	}
}

// TestUnknownKeywordWarnings: a keyword that is neither Object Aligner,
// standard nor x- is a warning naming the closest keyword, whatever the
// distance (misspellings within the distance of docs/SCORING.md §2.3 stay
// errors).
func TestUnknownKeywordWarnings(t *testing.T) {
	s := mustCompile(t, `{"type":"object","comparator":"exact","weight":2,"unordered":true,"x-note":1,"nullable":true,"discriminator":{},"zzzzzzzzzzzz":1,"properties":{}}`, Options{})
	want := []string{
		`1:18: #: unknown keyword "comparator" is ignored (the closest Object Aligner keyword is "score"; names starting with "x-" are never flagged)`,
		`1:39: #: unknown keyword "weight" is ignored (the closest Object Aligner keyword is "valueWeight"; names starting with "x-" are never flagged)`,
		`1:50: #: unknown keyword "unordered" is ignored (the closest Object Aligner keyword is "order"; names starting with "x-" are never flagged)`,
		`1:113: #: unknown keyword "zzzzzzzzzzzz" is ignored (the closest Object Aligner keyword is "type"; names starting with "x-" are never flagged)`,
	}
	if got := warnings(s); !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUsesTable checks the table against the keyword list and itself.
func TestUsesTable(t *testing.T) {
	var names []string
	for _, u := range Uses() {
		names = append(names, u.Keyword)
		if u.On == "" || !strings.HasPrefix(u.Section, "docs/SCORING.md §") {
			t.Errorf("%s: On %q Section %q", u.Keyword, u.On, u.Section)
		}
		if (u.NeedsPrefix || u.NeedsTail) && u.Kinds != TArray {
			t.Errorf("%s needs a tuple but applies to %v", u.Keyword, u.Kinds)
		}
	}
	for _, k := range Keywords() {
		if k != "enum" && !slices.Contains(names, k) {
			t.Errorf("keyword %q has no row in the applicability table", k)
		}
	}
	for _, n := range names {
		if !isOAKeyword(n) {
			t.Errorf("row %q is not a keyword", n)
		}
	}
}
