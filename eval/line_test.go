package eval

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/request"
)

// orgLines returns a line scorer with the org chart as its default schema.
func orgLines(t *testing.T, obs *Observer, base request.Settings) *LineScorer {
	t.Helper()
	schema, err := os.ReadFile("../examples/orgchart/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	eng, err := request.NewEngine(request.EngineConfig{Base: base, Schema: schema, SchemaFile: "schema.json"})
	if err != nil {
		t.Fatal(err)
	}
	return &LineScorer{Engine: eng, Observer: obs}
}

// TestLineScorerScored: a scored line gives the batch response, the result
// and, with an observer, the Case of Observer.Scored with the line's id,
// number and key, and the ranked operations.
func TestLineScorerScored(t *testing.T) {
	gold, cand := readExample(t, "gold.json"), readExample(t, "candidate.json")
	line := []byte(`{"id":"fig1","gold":` + gold + `,"candidate":` + cand + `,"feedback":true}`)
	o := NewObserver(DefaultConfig())
	s := orgLines(t, o, request.DefaultSettings()).Score(3, line)
	if s.Err != nil {
		t.Fatal(s.Err)
	}
	sc := orgScorer(t)
	res, err := sc.Align(decode(t, gold), decode(t, cand))
	if err != nil {
		t.Fatal(err)
	}
	want, err := request.AppendResult(nil, s.Request, res, s.Settings)
	if err != nil {
		t.Fatal(err)
	}
	if string(s.Output) != string(want)+"\n" || !s.Settings.WithFeedback {
		t.Fatalf("output %s\nwant %s", s.Output, want)
	}
	ops, err := res.Repair(s.Settings.Repair)
	if err != nil {
		t.Fatal(err)
	}
	wantCase, err := o.Scored(Line{ID: json.RawMessage(`"fig1"`), Number: 3, Key: SampleKey(line)}, sc, res, ops)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Case, wantCase) || len(s.Ops) != 5 || s.Result.Score != 43.0/56 {
		t.Fatalf("case %+v\nwant %+v (%d ops)", s.Case, wantCase, len(s.Ops))
	}

	// Without an observer: the response only.
	bare := orgLines(t, nil, request.DefaultSettings()).Score(3, line)
	if string(bare.Output) != string(s.Output) || bare.Ops != nil || !reflect.DeepEqual(bare.Case, Case{}) {
		t.Fatalf("without an observer: %+v", bare)
	}
}

// TestLineScorerFailures: every way a line fails is an error response
// naming the line (with its id when it has one) and a failed Case of the
// error's kind, whose message has no line prefix.
func TestLineScorerFailures(t *testing.T) {
	ls := orgLines(t, NewObserver(DefaultConfig()), request.DefaultSettings())
	for _, c := range []struct {
		line   string
		number int
		kind   request.Kind
		id     string
		text   string
	}{
		{`{"id":7,"gold":`, 1, request.BadJSON, "", "line 1: "},
		{`{"id":7,"gold":{}}`, 2, request.BadRequest, "7", `line 2: missing "candidate"`},
		{`{"id":"a","gold":{},"candidate":{},"options":{"bogus":1}}`, 3, request.BadRequest, `"a"`, "line 3: /options/bogus: unknown option"},
		{`{"gold":{},"candidate":{},"schema":{"type":"frob"}}`, 4, request.BadSchema, "", "line 4: "},
		{`{"gold":{"people":"x"},"candidate":{}}`, 5, request.InvalidGold, "", "line 5: "},
		// No line number (a pipeline): no prefix.
		{`{"id":8,"gold":{}}`, 0, request.BadRequest, "8", `missing "candidate"`},
	} {
		s := ls.Score(c.number, []byte(c.line))
		if s.Err == nil || request.KindOf(s.Err) != c.kind || s.Result != nil {
			t.Errorf("%s: err %v (kind %s), want kind %s", c.line, s.Err, request.KindOf(s.Err), c.kind)
			continue
		}
		msg := s.Err.Error()
		if c.number > 0 {
			msg = fmt.Sprintf("line %d: %s", c.number, msg)
		}
		want := string(request.AppendError(nil, s.Request, msg, s.Err)) + "\n"
		if string(s.Output) != want || !strings.HasPrefix(msg, c.text) {
			t.Errorf("%s: output %s\nwant %s, the message starting %q", c.line, s.Output, want, c.text)
		}
		wantCase := Case{ID: json.RawMessage(c.id), Line: c.number, Key: SampleKey([]byte(c.line)), Error: string(c.kind), Message: s.Err.Error()}
		if c.id == "" {
			wantCase.ID = nil
		}
		if !reflect.DeepEqual(s.Case, wantCase) {
			t.Errorf("%s: case %+v\nwant %+v", c.line, s.Case, wantCase)
		}
	}
}

// TestLineScorerPanic: a panic while scoring (here in a custom comparator)
// is the line's error, of kind internal; the line keeps its id.
func TestLineScorerPanic(t *testing.T) {
	base := request.DefaultSettings()
	base.Scoring = interp.Options{Comparators: []align.CustomComparator{{Registry: "string", Name: "boom",
		String: func(gold, pred string) float64 { panic("boom") }}}}
	ls := orgLines(t, NewObserver(DefaultConfig()), base)
	line := []byte(`{"id":1,"gold":"a","candidate":"b","schema":{"type":"string","score":"boom"}}`)
	s := ls.Score(9, line)
	if request.KindOf(s.Err) != request.Internal || !strings.Contains(s.Err.Error(), "internal error: boom") {
		t.Fatalf("err %v", s.Err)
	}
	if want := `{"id":1,"score":null,"error":"line 9: internal error: boom","error_kind":"internal"}` + "\n"; string(s.Output) != want {
		t.Fatalf("output %s, want %s", s.Output, want)
	}
	if s.Case.Error != string(request.Internal) || string(s.Case.ID) != "1" || s.Case.Line != 9 {
		t.Fatalf("case %+v", s.Case)
	}
}

// TestLineScorerResponses: custom responses render both kinds of lines.
func TestLineScorerResponses(t *testing.T) {
	ls := orgLines(t, NewObserver(DefaultConfig()), request.DefaultSettings())
	ls.Responses = Responses{
		Result: func(dst []byte, r *request.Request, res *interp.Result, _ request.Settings) ([]byte, error) {
			return fmt.Appendf(dst, "ok %v", res.Score), nil
		},
		Failure: func(dst []byte, r *request.Request, msg string, err error) []byte {
			return fmt.Appendf(dst, "failed %s (%s)", msg, request.KindOf(err))
		},
	}
	if s := ls.Score(1, []byte(`{"gold":{},"candidate":{}}`)); string(s.Output) != "ok 1\n" || s.Case.Score != 1 {
		t.Errorf("scored: %q, case %+v", s.Output, s.Case)
	}
	if s := ls.Score(2, []byte(`{`)); !strings.HasPrefix(string(s.Output), "failed line 2: ") || !strings.HasSuffix(string(s.Output), " (bad_json)\n") || s.Case.Error != "bad_json" {
		t.Errorf("failed: %q, case %+v", s.Output, s.Case)
	}
}

// TestLineWorkerMatchesScore: a LineWorker scoring a mixed sequence of
// lines (scored, with feedback, failing in each way, panicking, of other
// sizes and schemas) gives for each what LineScorer.Score gives — output,
// error, settings, operations and Case — with and without an observer,
// although it decodes every line into the storage of the one before.
func TestLineWorkerMatchesScore(t *testing.T) {
	gold, cand := readExample(t, "gold.json"), readExample(t, "candidate.json")
	fig1 := func(id int, extra string) string {
		return fmt.Sprintf(`{"id":%d,"gold":%s,"candidate":%s%s}`, id, gold, cand, extra)
	}
	lines := []string{
		fig1(1, ""),
		fig1(2, `,"feedback":true`),
		`{"id":3,"gold":{"a":[1,2,{"b":"c"}]},"candidate":{"a":[2,1]},"schema":{"type":"object"}}`,
		fig1(4, ""),
		`{"id":5,"gold":`,
		`{"id":6,"gold":{}}`,
		`{"gold":{"people":"x"},"candidate":{}}`,
		fig1(7, `,"options":{"granularity":"subtree"},"feedback":true`),
		`{"id":8,"gold":"a","candidate":"b","schema":{"type":"string","score":"boom"}}`,
		`{"id":9,"gold":[1,[2,[3,[4]]]],"candidate":[[4],3,2,1],"schema":{}}`,
		fig1(10, ""),
		`{"id":11,"candidate_text":"Answer: {\"people\": []}","gold":{"people":[]}}`,
		fig1(12, ""),
	}
	base := request.DefaultSettings()
	base.Scoring = interp.Options{Comparators: []align.CustomComparator{{Registry: "string", Name: "boom",
		String: func(gold, pred string) float64 { panic("boom") }}}}
	for _, observe := range []bool{false, true} {
		var obs *Observer
		if observe {
			obs = NewObserver(DefaultConfig())
		}
		ls := orgLines(t, obs, base)
		w := ls.Worker()
		for round := range 2 {
			for i, line := range lines {
				want := ls.Score(i+1, []byte(line))
				got := w.Score(i+1, []byte(line))
				if string(got.Output) != string(want.Output) || fmt.Sprint(got.Err) != fmt.Sprint(want.Err) ||
					!reflect.DeepEqual(got.Settings, want.Settings) || !reflect.DeepEqual(got.Ops, want.Ops) ||
					!reflect.DeepEqual(got.Case, want.Case) {
					t.Fatalf("observer %v, round %d, line %d: worker\n%s (%v)\nwant\n%s (%v)", observe, round, i+1, got.Output, got.Err, want.Output, want.Err)
				}
			}
		}
	}
}

// TestDeferOps: with DeferOps a scored line has no operations and no top
// fix until AddOps, which gives it those of a line scored without
// DeferOps; AddOps leaves a failed line alone and turns a line whose
// ranking fails into that failure.
func TestDeferOps(t *testing.T) {
	gold, cand := readExample(t, "gold.json"), readExample(t, "candidate.json")
	lines := []string{
		`{"id":"fig1","gold":` + gold + `,"candidate":` + cand + `}`,
		`{"id":"same","gold":` + gold + `,"candidate":` + gold + `}`,
		`{"id":"bad","gold":` + gold + `}`,
	}
	eager := orgLines(t, NewObserver(DefaultConfig()), request.DefaultSettings())
	lazy := orgLines(t, NewObserver(DefaultConfig()), request.DefaultSettings())
	lazy.DeferOps = true
	for i, line := range lines {
		want := eager.Score(i+1, []byte(line))
		got := lazy.Worker().Score(i+1, []byte(line))
		if got.Ops != nil || got.Case.TopFix != nil {
			t.Fatalf("line %d: ranked before AddOps: %d ops, top fix %+v", i+1, len(got.Ops), got.Case.TopFix)
		}
		lazy.AddOps(&got, i+1, []byte(line))
		if string(got.Output) != string(want.Output) || !reflect.DeepEqual(got.Ops, want.Ops) || !reflect.DeepEqual(got.Case, want.Case) {
			t.Fatalf("line %d: after AddOps\n%+v\nwant\n%+v", i+1, got.Case, want.Case)
		}
	}
	if s := eager.Score(1, []byte(lines[0])); s.Case.TopFix == nil || len(s.Ops) != 5 {
		t.Fatalf("fig1: %d ops, top fix %v: the comparison above compared nothing", len(s.Ops), s.Case.TopFix)
	}

	// A ranking option that fails when the operations are ranked.
	s := lazy.Score(4, []byte(lines[0]))
	s.Settings.Repair.MinContribution = -1
	lazy.AddOps(&s, 4, []byte(lines[0]))
	if s.Err == nil || s.Result != nil || s.Case.Error == "" || !strings.HasPrefix(string(s.Output), `{"id":"fig1","score":null,"error":"line 4: `) {
		t.Fatalf("a failing ranking: %v, output %s, case %+v", s.Err, s.Output, s.Case)
	}
}
