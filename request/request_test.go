package request

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

func parse(t *testing.T, s string) *Request {
	t.Helper()
	r, err := Parse([]byte(s), jsonval.DecodeOptions{})
	if err != nil {
		t.Fatalf("Parse(%s): %v", s, err)
	}
	return r
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in, want string
		kind     Kind
	}{
		{`{"gold":1,`, "1:11: unexpected end of input in object, expected a string key", BadJSON},
		{``, "1:1: empty input", BadJSON},
		{`[1]`, `want an object {"gold":…,"candidate":…}, got an array`, BadRequest},
		{`{"gold":1}`, `missing "candidate"`, BadRequest},
		{`{"candidate":1}`, `missing "gold"`, BadRequest},
		{`{"id":3}`, `missing "gold" and "candidate"`, BadRequest},
		{`{"gold":1,"candidate":1,"id":[1]}`, `/id: want a scalar (string, number, boolean or null), got an array`, BadRequest},
		{`{"gold":1,"candidate":1,"schema":3}`, `/schema: want a schema object or a schema name, got a number`, BadRequest},
		{`{"gold":1,"candidate":1,"schema":""}`, `/schema: empty schema name`, BadRequest},
		{`{"gold":1,"candidate":1,"feedback":"yes"}`, `/feedback: want a boolean, got a string`, BadRequest},
		{`{"gold":1,"candidate":1,"top_k":-2}`, `/top_k: want an integer ≥ -1, got -2`, BadRequest},
		{`{"gold":1,"candidate":1,"top_k":2.0}`, `/top_k: want an integer ≥ -1, got 2.0`, BadRequest},
		{`{"gold":1,"candidate":1,"options":[]}`, `/options: want an object, got an array`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"wl_round":1}}`, `/options/wl_round: unknown option (did you mean "wl_rounds"?)`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"a/b":1}}`, `/options/a~1b: unknown option`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"wl_rounds":-1}}`, `/options/wl_rounds: want a non-negative integer, got -1 (or null: unlimited)`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"wl_blend_lambda":1.5}}`, `/options/wl_blend_lambda: want a number in [0,1], got 1.5`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"id_disambiguation":"WL"}}`, `/options/id_disambiguation: want "wl" or "none", got "WL"`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"compat":"python"}}`, `/options/compat: unknown compat profile "python" (want default or reference)`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"confidence_temperature":0}}`, `/options/confidence_temperature: want a finite number > 0, got 0`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"min_score_delta":-0.1}}`, `/options/min_score_delta: want a number ≥ 0, got -0.1`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"granularity":"tree"}}`, `/options/granularity: want "leaf", "subtree" or "all", got "tree"`, BadRequest},
		{`{"gold":1,"candidate":1,"options":{"attribution":1}}`, `/options/attribution: want a boolean, got 1`, BadRequest},
	} {
		_, err := Parse([]byte(c.in), jsonval.DecodeOptions{})
		if err == nil || err.Error() != c.want || KindOf(err) != c.kind {
			t.Errorf("Parse(%s) = %v (kind %q); want %q (kind %q)", c.in, err, KindOf(err), c.want, c.kind)
		}
	}
}

func TestParseMembers(t *testing.T) {
	r := parse(t, `{"id":"a-1","schema":"org","gold":{"x":1},"candidate":{"x":2},"feedback":true,"top_k":-1,"note":"ignored",
		"options":{"wl_rounds":0,"compat":"reference","rank_by":"expected_gain","wl_integration":"blend"}}`)
	if !r.HasID || r.ID.S != "a-1" || r.Schema.Name != "org" || r.Schema.HasInline || *r.Feedback != true || *r.TopK != -1 {
		t.Fatalf("parsed %+v", r)
	}
	s := r.Apply(DefaultSettings())
	if s.Scoring.WLRounds == nil || *s.Scoring.WLRounds != 0 || s.Scoring.Compat != interp.CompatReference ||
		s.Scoring.WLIntegration != "blend" || !s.WithFeedback || !s.Feedback.Unlimited {
		t.Fatalf("settings %+v", s)
	}
	// rank_by expected_gain needs confidences: margin unless set.
	if !s.Scoring.ComputeConfidence || s.Scoring.ConfidenceMethod != "margin" {
		t.Fatalf("confidence not implied: %+v", s.Scoring)
	}
	// null wl_rounds lifts a base cap; no id, a null id.
	base := DefaultSettings()
	base.Scoring.WLRounds = new(3)
	r = parse(t, `{"gold":1,"candidate":2,"id":null,"options":{"wl_rounds":null}}`)
	if s := r.Apply(base); s.Scoring.WLRounds != nil || !r.HasID || !r.ID.IsNull() {
		t.Fatalf("wl_rounds null: %v, id %+v", s.Scoring.WLRounds, r)
	}
	if *base.Scoring.WLRounds != 3 {
		t.Fatal("Apply changed its base")
	}
	if r := parse(t, `{"gold":1,"candidate":2,"schema":{"type":"integer"}}`); !r.Schema.HasInline || r.HasID {
		t.Fatalf("inline schema: %+v", r)
	}
}

// TestEveryOptionApplies sets each option to a non-default value and checks
// that Apply changes the settings: no option is parsed and then dropped.
func TestEveryOptionApplies(t *testing.T) {
	values := map[string]string{
		"id_disambiguation": `"none"`, "wl_integration": `"blend"`, "wl_blend_lambda": `0.25`, "wl_rounds": `2`,
		"compat": `"reference"`, "confidence": `"entropy"`, "confidence_temperature": `2`, "warn_on_ambiguous_mapping": `true`,
		"validation": `"report"`, "referential_feedback": `"semantic"`, "granularity": `"all"`, "rank_by": `"confidence"`,
		"include_pairing_ambiguous": `true`, "ambiguity_threshold": `0.5`, "min_score_delta": `0.1`, "style": `"compact"`,
		"include_synthesis_line": `false`, "dominant_fraction_threshold": `0.9`, "attribution": `true`,
	}
	if len(values) != len(OptionNames()) {
		t.Fatalf("test covers %d options, the table has %d", len(values), len(OptionNames()))
	}
	base := DefaultSettings()
	for _, name := range OptionNames() {
		r := parse(t, fmt.Sprintf(`{"gold":1,"candidate":1,"options":{%q:%s}}`, name, values[name]))
		if got := r.Apply(base); fmt.Sprintf("%#v", got) == fmt.Sprintf("%#v", base) {
			t.Errorf("option %s = %s does not change the settings", name, values[name])
		}
	}
}

const intSchema = `{"type":"integer","score":"invdiff"}`

func TestEngineCache(t *testing.T) {
	var compiled atomic.Int32
	e, err := NewEngine(EngineConfig{
		Base:       DefaultSettings(),
		Schema:     []byte(intSchema),
		SchemaFile: "int.json",
		Resolve: func(name string) ([]byte, string, error) {
			if name != "int" {
				return nil, "", fmt.Errorf("unknown schema %q", name)
			}
			return []byte(intSchema), name + ".json", nil
		},
		CacheSize: 2,
		Compiled:  func(string, *interp.Scorer) { compiled.Add(1) },
	})
	if err != nil {
		t.Fatal(err)
	}
	prep := func(line string) *interp.Scorer {
		t.Helper()
		sc, _, err := e.Prepare(parse(t, line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		return sc
	}
	def := prep(`{"gold":1,"candidate":2}`)
	// The same content, named or inline, is the same scorer.
	if prep(`{"gold":1,"candidate":2,"schema":"int"}`) != def {
		t.Error("named schema with the same content compiled again")
	}
	if prep(`{"gold":1,"candidate":2,"schema":{"type":"integer","score":"invdiff"}}`) != def {
		t.Error("inline schema with the same content compiled again")
	}
	// Feedback options share the scorer; a scoring option does not.
	if prep(`{"gold":1,"candidate":2,"options":{"style":"compact"}}`) != def {
		t.Error("a feedback option selected another scorer")
	}
	other := prep(`{"gold":1,"candidate":2,"options":{"wl_rounds":1}}`)
	if other == def || compiled.Load() != 2 {
		t.Errorf("wl_rounds 1: same scorer %v, %d compiles", other == def, compiled.Load())
	}
	if sc := prep(`{"gold":1,"candidate":2,"options":{"wl_rounds":1}}`); sc != other {
		t.Error("same options compiled again")
	}
	// Bounded: a third entry evicts the least recently used (the default).
	prep(`{"gold":1,"candidate":2,"options":{"wl_rounds":2}}`)
	if prep(`{"gold":1,"candidate":2}`) == def || compiled.Load() != 4 {
		t.Errorf("cache of 2 kept 3 scorers (%d compiles)", compiled.Load())
	}
	if e.Len() != 2 {
		t.Errorf("Len() = %d, want the cache size 2", e.Len())
	}

	for _, c := range []struct{ line, want string }{
		{`{"gold":1,"candidate":2,"schema":"nope"}`, `/schema: unknown schema "nope"`},
		{`{"gold":1,"candidate":2,"schema":{"type":"integer","score":"jaro2"}}`, `/schema: `},
	} {
		_, _, err := e.Prepare(parse(t, c.line))
		if err == nil || KindOf(err) != BadSchema || len(err.Error()) < len(c.want) || err.Error()[:len(c.want)] != c.want {
			t.Errorf("%s: %v (kind %q), want %q…", c.line, err, KindOf(err), c.want)
		}
	}
}

// TestEngineBlendLambdaZero checks that "wl_blend_lambda": 0 scores with
// λ = 0 (docs/SCORING.md §7.8), not with the default 0.5 that a zero float64
// used to stand for, and that lines with the same λ share one scorer.
func TestEngineBlendLambdaZero(t *testing.T) {
	e, err := NewEngine(EngineConfig{Base: DefaultSettings(), Schema: []byte(intSchema), SchemaFile: "int.json"})
	if err != nil {
		t.Fatal(err)
	}
	prep := func(line string) *interp.Scorer {
		t.Helper()
		sc, _, err := e.Prepare(parse(t, line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		return sc
	}
	def := prep(`{"gold":1,"candidate":2}`)
	zero := prep(`{"gold":1,"candidate":2,"options":{"wl_blend_lambda":0}}`)
	if zero == def {
		t.Fatal("wl_blend_lambda 0 selected the default scorer")
	}
	if l := zero.Options().WLBlendLambda; l == nil || *l != 0 {
		t.Errorf("wl_blend_lambda 0: the scorer's λ is %v, want 0", l)
	}
	if prep(`{"gold":1,"candidate":2,"options":{"wl_blend_lambda":0}}`) != zero {
		t.Error("the same wl_blend_lambda compiled again")
	}
	if prep(`{"gold":1,"candidate":2,"options":{"wl_blend_lambda":0.5}}`) != def {
		t.Error("wl_blend_lambda 0.5, the default, compiled another scorer")
	}
}

func TestEngineWithoutDefault(t *testing.T) {
	e, err := NewEngine(EngineConfig{Base: DefaultSettings()})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{`{"gold":1,"candidate":2}`, `no "schema" in the request and no default schema`},
		{`{"gold":1,"candidate":2,"schema":"int"}`, `/schema: schema "int": schemas cannot be named here; give the schema inline`},
	} {
		_, _, err := e.Prepare(parse(t, c.line))
		if err == nil || err.Error() != c.want || KindOf(err) != BadSchema {
			t.Errorf("%s: %v, want %q", c.line, err, c.want)
		}
		if noSchema := c.line == `{"gold":1,"candidate":2}`; errors.Is(err, ErrNoSchema) != noSchema {
			t.Errorf("%s: errors.Is(%v, ErrNoSchema) is %v", c.line, err, !noSchema)
		}
	}
	if _, err := NewEngine(EngineConfig{Schema: []byte(`{"type":"integer","score":"jaro"}`), SchemaFile: "bad.json"}); err == nil {
		t.Error("a bad default schema compiled")
	}
}

// TestEngineConcurrent prepares one new schema from many goroutines: it is
// compiled once and every caller gets the same scorer.
func TestEngineConcurrent(t *testing.T) {
	var compiled atomic.Int32
	e, err := NewEngine(EngineConfig{Compiled: func(string, *interp.Scorer) { compiled.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	r := parse(t, `{"gold":"a","candidate":"b","schema":{"type":"string"}}`)
	scs := make([]*interp.Scorer, 16)
	var wg sync.WaitGroup
	for i := range scs {
		wg.Go(func() {
			sc, _, err := e.Prepare(r)
			if err != nil {
				t.Error(err)
			}
			scs[i] = sc
		})
	}
	wg.Wait()
	for _, sc := range scs {
		if sc != scs[0] {
			t.Fatal("concurrent callers got different scorers")
		}
	}
	if compiled.Load() != 1 {
		t.Fatalf("%d compiles", compiled.Load())
	}
}

func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		err  error
		want Kind
	}{
		{nil, ""},
		{fmt.Errorf("wrapped: %w", &interp.GoldError{Pointer: "/a", Message: "x"}), InvalidGold},
		{&interp.LimitError{Limit: "MaxDepth", Value: 3}, Limit},
		{&interp.ScoreError{Err: errors.New("x")}, ScoreFailed},
		{&Error{Kind: Internal, Err: errors.New("panic")}, Internal},
	} {
		if got := KindOf(c.err); got != c.want {
			t.Errorf("KindOf(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

func TestAppendResult(t *testing.T) {
	e, err := NewEngine(EngineConfig{Schema: []byte(`{"type":"string","score":"levenshtein"}`)})
	if err != nil {
		t.Fatal(err)
	}
	r := parse(t, `{"id":7,"gold":"abcd","candidate":"abce","feedback":true,"top_k":0,"options":{"style":"json"}}`)
	sc, s, err := e.Prepare(r)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Align(r.Gold, r.Candidate)
	if err != nil {
		t.Fatal(err)
	}
	out, err := AppendResult(nil, r, res, s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":7,"score":0.75,"feedback":"","ops":[{"op":"replace","kind":"primitive_replace","path":"","delta":0.25,"value":"abcd","gold":"abcd","candidate":"abce","pair_id":"","confidence":1.0}]}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	_, perr := Parse([]byte(`{"gold":1}`), jsonval.DecodeOptions{})
	if got, want := string(AppendError(nil, nil, "line 3: "+perr.Error(), perr)), `{"score":null,"error":"line 3: missing \"candidate\"","error_kind":"bad_request"}`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestAppendObjectiveScores(t *testing.T) {
	e, err := NewEngine(EngineConfig{Schema: []byte(`{"type":"object","properties":{"a":{"type":"string","score":"exact"},"b":{"type":"integer"}}}`)})
	if err != nil {
		t.Fatal(err)
	}
	r := parse(t, `{"gold":{"b":2,"a":"x"},"candidate":{"a":"x","b":3}}`)
	sc, s, err := e.Prepare(r)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Align(r.Gold, r.Candidate)
	if err != nil {
		t.Fatal(err)
	}
	s.ObjectiveScores = true
	out, err := AppendResult(nil, r, res, s)
	if err != nil {
		t.Fatal(err)
	}
	// The members in canonical order (the default profile: the schema's
	// property order, whatever the gold's); b: invdiff 1/(1+1).
	if want := `{"score":0.75,"objective_scores":{"a":1.0,"b":0.5}}`; string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}

// TestAppendResultWarnings checks that the warnings raised while scoring
// reach the response: a gold key the schema does not declare (it scores 0,
// docs/SCORING.md §6.4), and, with the option warn_on_ambiguous_mapping,
// gold records the bijection could pair in several ways (docs/SCORING.md §7.10), which was
// a per-line option whose result no output carried. A pair without
// warnings has no "warnings" member. (The undeclared member scores by the
// JSON-value rule, docs/SCORING.md §6.9: 1 against itself.)
func TestAppendResultWarnings(t *testing.T) {
	const people = `{"type":"object","properties":{"p":{"type":"array","order":"align","items":{"type":"object","properties":{"id":{"type":"integer","idScope":"s"},"n":{"type":"string"}}}}}}`
	e, err := NewEngine(EngineConfig{Base: DefaultSettings(), Schema: []byte(people)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{`{"gold":{"p":[],"x":1},"candidate":{"p":[],"x":1}}`,
			`{"score":1.0,"bijections":{"s":{}},"warnings":["/x: gold key \"x\" is not declared in the schema's properties; its value scores as a JSON value (docs/SCORING.md §6.9)"]}`},
		{`{"gold":{"p":[{"id":1,"n":"a"},{"id":2,"n":"a"}]},"candidate":{"p":[{"id":1,"n":"a"},{"id":2,"n":"a"}]},"options":{"warn_on_ambiguous_mapping":true}}`,
			`{"score":1.0,"bijections":{"s":{"1":1,"2":2}},"warnings":["scope \"s\": gold ids 1 and 2 could be paired in several ways"]}`},
		{`{"gold":{"p":[{"id":1,"n":"a"},{"id":2,"n":"a"}]},"candidate":{"p":[{"id":1,"n":"a"},{"id":2,"n":"a"}]}}`,
			`{"score":1.0,"bijections":{"s":{"1":1,"2":2}}}`},
	} {
		r := parse(t, c.line)
		sc, s, err := e.Prepare(r)
		if err != nil {
			t.Fatal(err)
		}
		res, err := sc.Align(r.Gold, r.Candidate)
		if err != nil {
			t.Fatal(err)
		}
		out, err := AppendResult(nil, r, res, s)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != c.want {
			t.Errorf("%s:\ngot  %s\nwant %s", c.line, out, c.want)
		}
	}
}

// TestValidationOption checks the validation option of a request: under
// gate (the default) a candidate with an enum slip scores 0 and its
// feedback is the validation error; under "report" it is scored as if
// valid, the violation is a warning and the first line of the feedback.
func TestValidationOption(t *testing.T) {
	const schema = `{"type":"object","properties":{"s":{"type":"string","enum":["open","closed"],"score":"exact"},"n":{"type":"integer","score":"exact"}}}`
	e, err := NewEngine(EngineConfig{Base: DefaultSettings(), Schema: []byte(schema)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{`{"gold":{"s":"open","n":1},"candidate":{"s":"opened","n":1},"feedback":true}`,
			`{"score":0.0,"feedback":"Prediction failed schema validation at /s: \"opened\" is not one of [\"open\", \"closed\"]","ops":[]}`},
		{`{"gold":{"s":"open","n":1},"candidate":{"s":"opened","n":1},"feedback":true,"options":{"validation":"report"}}`,
			`{"score":0.5,"feedback":"Prediction failed schema validation at /s: \"opened\" is not one of [\"open\", \"closed\"]\nThe prediction scored 0.50 (deficit 0.50). Top 1 of 1 fix locations:\n1. /s: expected \"open\", got \"opened\". Fixing this recovers +0.500.\nFocus on value errors — they account for 100% of the deficit shown.","ops":[{"op":"replace","kind":"primitive_replace","path":"/s","delta":0.5,"value":"open","gold":"open","candidate":"opened","pair_id":"","confidence":1.0}],"warnings":["candidate fails schema validation at /s: \"opened\" is not one of [\"open\", \"closed\"] (validation: report, scored as if valid)"]}`},
	} {
		r := parse(t, c.line)
		sc, s, err := e.Prepare(r)
		if err != nil {
			t.Fatal(err)
		}
		res, err := sc.Align(r.Gold, r.Candidate)
		if err != nil {
			t.Fatal(err)
		}
		out, err := AppendResult(nil, r, res, s)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != c.want {
			t.Errorf("%s:\ngot  %s\nwant %s", c.line, out, c.want)
		}
	}
	if _, err := Parse([]byte(`{"gold":1,"candidate":1,"options":{"validation":"warn"}}`), jsonval.DecodeOptions{}); err == nil {
		t.Error(`validation "warn" parsed`)
	}
}

// TestParseInto: one Request and one Decoder reused over requests with and
// without each member give what Parse gives for each: nothing carries
// over from the request before.
func TestParseInto(t *testing.T) {
	lines := []string{
		`{"id":1,"gold":{"a":[1,2]},"candidate":{"a":[2]},"feedback":true,"top_k":3,"options":{"wl_rounds":2},"schema":"s"}`,
		`{"gold":1,"candidate":2}`,
		`{"id":"x","gold":[],"candidate_text":"Answer: [1]","schema":{"type":"array"}}`,
		`{"id":2,"gold":1}`,
		`[1]`,
		`{"gold":{"b":true},"candidate":{"b":false},"strict_json":false}`,
	}
	var dec jsonval.Decoder
	var into Request
	for _, line := range lines {
		want, wantErr := Parse([]byte(line), jsonval.DecodeOptions{})
		got, err := ParseInto([]byte(line), &dec, &into)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || (got == nil) != (want == nil) {
			t.Fatalf("%s: %v (%v), want %v (%v)", line, got, err, want, wantErr)
		}
		if got == nil {
			continue
		}
		if got != &into {
			t.Fatalf("%s: not parsed into the given request", line)
		}
		if !reflect.DeepEqual(*got, *want) {
			t.Fatalf("%s:\n got %+v\nwant %+v", line, *got, *want)
		}
	}
}
