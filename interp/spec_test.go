package interp_test

import (
	"math"
	"os"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

func mustDecode(t testing.TB, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.DecodeString(s)
	if err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return v
}

func mustScorer(t testing.TB, schema string, opts interp.Options) *interp.Scorer {
	t.Helper()
	s, err := interp.Compile([]byte(schema), "", opts)
	if err != nil {
		t.Fatalf("compile %s: %v", schema, err)
	}
	return s
}

// The test vectors of docs/SCORING.md §5.9 and §6.7, and hand computations.
func TestSpecVectors(t *testing.T) {
	const movie = `{"type": "object", "keyScore": "exact", "keyImportance": 0, "valueImportance": 1,
 "properties": {
   "title":  {"type": "string",  "score": "jaro",  "valueWeight": 2.0},
   "year":   {"type": "integer", "score": "exact", "valueWeight": 1.0},
   "genres": {"type": "array", "items": {"type": "string", "score": "jaro"}, "order": "align", "valueWeight": 1.0}}}`
	cases := []struct {
		name, schema, gold, cand string
		want                     float64
	}{
		{"fixed", `{"type":"array","order":"fixed","items":{"type":"integer","score":"exact"}}`, `[1,2,4]`, `[2,3]`, 0.25},
		{"align threshold", `{"type":"array","order":"align","items":{"type":"string","score":"jaro","threshold":0.5}}`,
			`["weight","name","age"]`, `["name","ages","title"]`, 0.47916666666666663},
		{"empty gold", `{"type":"array","items":{"type":"string"}}`, `[]`, `["x"]`, 0},
		{"empty gold ignoreExcess", `{"type":"array","ignoreExcess":true,"items":{"type":"string"}}`, `[]`, `["x"]`, 1},
		{"ignoreExcess", `{"type":"array","ignoreExcess":true,"items":{"type":"string","score":"exact"}}`, `["a"]`, `["a","b"]`, 1},
		{"nullScore in align", `{"type":"array","order":"align","items":{"type":["integer","null"],"nullScore":0.5}}`, `[1,null]`, `[1,2]`, 0.75},
		{"tuple absent", `{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer"},{"type":"integer"}]}`, `[1,2]`, `[1,2]`, 1},
		{"tuple weights", `{"type":"array","prefixWeights":[1,2,1],"prefixItems":[{"type":"integer"},{"type":"integer"},{"type":"integer"}]}`, `[1,2]`, `[1,2,7]`, 0.75},
		{"combined", `{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"prefixWeights":[1,1],"items":{"type":"string"},"prefixImportance":1,"restImportance":1}`,
			`["car",5,"airport","downtown"]`, `["cat",5,"plane"]`, 0.5563492063492064},
		{"nested combined", `{"type":"array","items":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"prefixWeights":[1,1],"items":{"type":"string"},"prefixImportance":2.0,"restImportance":1.0},"ignoreExcess":true}`,
			`[["car",5,"airplane"],["bus",3,"ship"]]`, `[["cat",5,"plane"],["bus",3]]`, 0.7643518518518517},
		{"int vs float in array", `{"type":"array","items":{"type":"integer"}}`, `[5]`, `[5.0]`, 1},
		{"fuzzy keys", `{"type":"object","properties":{"weight":{"type":"integer","valueWeight":1.0},"name":{"type":"string","score":"jaro","valueWeight":1.0},"age":{"type":"integer","valueWeight":1.0}},"keyScore":"jaro","keyThreshold":0.5,"keyImportance":1.0,"valueImportance":1.0}`,
			`{"weight":90,"name":"John","age":24}`, `{"name":"Johny","ages":23,"title":"Mr."}`, 0.41874999999999996},
		{"nested arrays", `{"type":"object","keyScore":"exact","properties":{"a":{"type":"array","items":{"type":"integer"}},"b":{"type":"array","items":{"type":"integer"}}}}`,
			`{"a":[1,2],"b":[3,4]}`, `{"a":[1,2],"b":[3,5]}`, 0.875},
		{"extra key", `{"type":"object","properties":{"a":{"type":"integer"}}}`, `{"a":1}`, `{"a":1,"z":2}`, 0.5},
		{"missing weighted key", `{"type":"object","keyScore":"exact","properties":{"a":{"type":"integer","valueWeight":2},"b":{"type":"integer"}}}`, `{"a":1,"b":1}`, `{"b":1}`, 0.5},
		{"int vs float member", `{"type":"object","properties":{"d":{"type":"integer"}}}`, `{"d":5}`, `{"d":5.0}`, 0},
		{"null members", `{"type":"object","properties":{"diagnosis":{"type":["string","null"],"nullScore":0.0},"middle_name":{"type":["string","null"],"nullScore":0.8}}}`,
			`{"diagnosis":"flu","middle_name":null}`, `{"diagnosis":null,"middle_name":null}`, 0.5},
		{"movie", movie, `{"title": "The Matrix", "year": 1999, "genres": ["Sci-Fi", "Action"]}`,
			`{"title": "The Matrx", "year": 2000, "genres": ["Sci-Fi", "Adventure"]}`, 0.6708333333333334},
		// docs/SCORING.md §6.5: zero total weight scores exactly 1.
		{"zero weight", `{"type":"object","properties":{"a":{"type":"integer","valueWeight":0},"b":{"type":"integer"}}}`, `{"a":1}`, `{"a":2}`, 1},
		// docs/SCORING.md §1.3: a candidate failing validation scores 0.
		{"invalid candidate", `{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`, `{"a":1}`, `{}`, 0},
		// docs/SCORING.md §7.11: dangling reference.
		{"dangling ref", danglingSchema, `{"people":[{"id":1,"name":"Alice"},{"id":2,"name":"Bob"}],"relations":[{"source":1,"target":2,"type":"knows"}]}`,
			`{"people":[{"id":53,"name":"Alice"},{"id":124,"name":"Bob"}],"relations":[{"source":53,"target":9999,"type":"knows"}]}`, 0.8333333333333333},
		{"reversed ref", danglingSchema, `{"people":[{"id":1,"name":"Alice"},{"id":2,"name":"Bob"}],"relations":[{"source":1,"target":2,"type":"knows"}]}`,
			`{"people":[{"id":53,"name":"Alice"},{"id":124,"name":"Bob"}],"relations":[{"source":124,"target":53,"type":"knows"}]}`, 0.6666666666666666},
		{"missing record", danglingSchema, `{"people":[{"id":1,"name":"Alice"},{"id":2,"name":"Bob"}],"relations":[{"source":1,"target":2,"type":"knows"}]}`,
			`{"people":[{"id":53,"name":"Alice"}],"relations":[{"source":53,"target":53,"type":"knows"}]}`, 0.5833333333333333},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := mustScorer(t, tc.schema, interp.Options{Compat: interp.CompatReference})
			got, err := s.Score(mustDecode(t, tc.gold), mustDecode(t, tc.cand))
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("score %v, want %v", got, tc.want)
			}
			res, err := s.Align(mustDecode(t, tc.gold), mustDecode(t, tc.cand))
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != got {
				t.Errorf("Align score %v differs from Score %v", res.Score, got)
			}
		})
	}
}

const danglingSchema = `{"type":"object","properties":{
 "people":{"type":"array","order":"align","items":{"type":"object","properties":{
   "id":{"type":"integer","idScope":"person"},"name":{"type":"string"}}}},
 "relations":{"type":"array","order":"align","items":{"type":"object","properties":{
   "source":{"type":"integer","ref":"person"},"target":{"type":"integer","ref":"person"},"type":{"type":"string"}}}}}}`

// TestFig1 checks the paper's running example (docs/SCORING.md §11): the score and the
// bijection {1→91, 2→94, 3→93, 4→92, 5→90, 6→⊥}.
func TestFig1(t *testing.T) {
	schema, err := os.ReadFile("../examples/orgchart/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	gold, _ := os.ReadFile("../examples/orgchart/gold.json")
	cand, _ := os.ReadFile("../examples/orgchart/candidate.json")
	s, err := interp.Compile(schema, "schema.json", interp.Options{Compat: interp.CompatReference})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Align(mustDecode(t, string(gold)), mustDecode(t, string(cand)))
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != 0.7678571428571429 {
		t.Errorf("score %v, want 0.7678571428571429", res.Score)
	}
	if len(res.Bijections) != 1 || res.Bijections[0].Scope != "person" {
		t.Fatalf("bijections %+v", res.Bijections)
	}
	want := map[int64]int64{1: 91, 2: 94, 3: 93, 4: 92, 5: 90, 6: -1}
	for _, p := range res.Bijections[0].Pairs {
		w, ok := want[p.Gold.I]
		if !ok {
			t.Errorf("unexpected gold id %v", p.Gold)
			continue
		}
		if w == -1 {
			if p.HasCandidate {
				t.Errorf("gold %d maps to %v, want ⊥", p.Gold.I, p.Candidate)
			}
		} else if !p.HasCandidate || p.Candidate.I != w {
			t.Errorf("gold %d maps to %v (has %v), want %d", p.Gold.I, p.Candidate, p.HasCandidate, w)
		}
		delete(want, p.Gold.I)
	}
	if len(want) != 0 {
		t.Errorf("gold ids without a pair: %v", want)
	}
	// Without WL the solver breaks the Dave tie the other way (docs/SCORING.md §11.2).
	s2, err := interp.Compile(schema, "schema.json", interp.Options{Compat: interp.CompatReference, IDDisambiguation: "none"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s2.Score(mustDecode(t, string(gold)), mustDecode(t, string(cand)))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-0.6845238095238095) > 1e-15 {
		t.Errorf("idDisambiguation none: %v, want 0.6845238095238095", got)
	}
}

// TestRule1HandComputation shows by hand why conformance vector random/126
// differs from the reference (docs/SCORING.md §8.5 rule 1). Schema: one member "source"
// with valueWeight 3, keyThreshold 0.7, valueImportance 2 (keyImportance 0).
// Gold {"source":"timber"}, candidate {"explanation":"Zeno Weber"}: the keys
// do not pair (Jaro < 0.7), so there are two unpaired entries, each of weight
// 1.0 in the scorer (docs/SCORING.md §6.4 rule 2): Σω = 2 and the score is 0. Each entry's
// value alpha is vb·1/Σω = 1·1/2, so key_add /source and key_remove
// /explanation each recover 0.5, adding up to 1 − 0. The reference's walk
// weighs the missing member by its valueWeight (3/4 and 1/4): 0.75 and 0.25,
// which are not the scorer's weights.
func TestRule1HandComputation(t *testing.T) {
	s := mustScorer(t, `{"type": "object", "properties": {"source": {"type": ["string", "null"], "score": "jaro", "nullScore": 0.5, "valueWeight": 3}}, "keyThreshold": 0.7, "valueImportance": 2}`, interp.Options{Compat: interp.CompatReference})
	res, err := s.Align(mustDecode(t, `{"source": "timber"}`), mustDecode(t, `{"explanation": "Zeno Weber"}`))
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != 0 {
		t.Fatalf("score %v, want 0", res.Score)
	}
	ops, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, o := range ops {
		got[string(o.Kind)+" "+o.Path] = o.Delta
	}
	want := map[string]float64{"key_add /source": 0.5, "key_remove /explanation": 0.5}
	if len(got) != len(want) {
		t.Fatalf("ops %v, want %v", got, want)
	}
	for k, d := range want {
		if got[k] != d {
			t.Errorf("%s: Δ %v, want %v", k, got[k], d)
		}
	}
}
