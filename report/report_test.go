package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// evaluate scores dataset lines as "oagen eval" does (one request per line,
// the views of the cases the state wants) and returns the summary and the
// state.
func evaluate(t testing.TB, lines [][]byte, cfg eval.Config) (*eval.Summary, *eval.State) {
	t.Helper()
	eng, err := request.NewEngine(request.EngineConfig{Base: request.DefaultSettings()})
	if err != nil {
		t.Fatal(err)
	}
	ls := eval.LineScorer{Engine: eng, Observer: eval.NewObserver(cfg)}
	st := eval.NewState(cfg)
	for i, line := range lines {
		s := ls.Score(i+1, line)
		if s.Err == nil && st.Wants(s.Case.Score, s.Case.Key) {
			if s.Case.Detail, err = Detail(s.Result, s.Ops, s.Settings); err != nil {
				t.Fatal(err)
			}
		}
		st.Add(s.Case)
	}
	return st.Finish(), st
}

// requestLine writes one dataset line.
func requestLine(t testing.TB, id string, schema, gold, cand []byte) []byte {
	t.Helper()
	line := fmt.Sprintf(`{"id":%q,"schema":%s,"gold":%s,"candidate":%s}`, id, compact(t, schema), compact(t, gold), compact(t, cand))
	return []byte(line)
}

func compact(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// realDataset is the paper's org chart, the Org2Graph and paper-schema
// conformance vectors of testdata/conformance (every seventh), and two lines
// that cannot be scored.
func realDataset(t testing.TB) [][]byte {
	t.Helper()
	dir := "../examples/orgchart"
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	lines := [][]byte{requestLine(t, "orgchart", read("schema.json"), read("gold.json"), read("candidate.json"))}
	for _, fam := range []string{"o2g_damage", "paper_schemas"} {
		vs, err := conformance.LoadFile("../testdata/conformance/" + fam + ".jsonl.gz")
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(vs); i += 7 {
			v := vs[i]
			lines = append(lines, requestLine(t, v.ID, v.SchemaText, jsonval.AppendJSON(nil, v.Gold), jsonval.AppendJSON(nil, v.Cand)))
		}
	}
	return append(lines, []byte(`{"id":"broken","gold":`), []byte(`{"id":"no-candidate","schema":{"type":"string"},"gold":"x"}`))
}

func render(t testing.TB, sum *eval.Summary, st *eval.State, opts Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, sum, st, opts); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// embeddedCases decodes the cases the page embeds.
func embeddedCases(t *testing.T, page string) []embedded {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="oa-cases">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no embedded cases")
	}
	var cs []embedded
	if err := json.Unmarshal([]byte(m[1]), &cs); err != nil {
		t.Fatalf("embedded cases: %v", err)
	}
	return cs
}

func TestWriteRealDataset(t *testing.T) {
	lines := realDataset(t)
	sum, st := evaluate(t, lines, eval.Config{Worst: 10, Sample: 15})
	page := render(t, sum, st, Options{Title: "real <dataset>"})
	for _, want := range []string{
		`<title>real &lt;dataset&gt; · oagen eval report</title>`,
		fmt.Sprintf(`<div class="value" id="mean">%.3f</div>`, *sum.Mean),
		fmt.Sprintf(`95%% CI %.3f – %.3f`, sum.CI95.Low, sum.CI95.High),
		fmt.Sprintf(`<div class="value" id="cases-count">%d</div>`, len(lines)),
		`<div class="value" id="errors-count">2</div>`,
		`bad_json 1 · bad_request 1`,
		// The table's hint gives the match threshold.
		`one of similarity ≥&nbsp;0.5 partial`,
		// The hint links to the list of errors beside the page.
		`<a href="non_matches.jsonl" id="non-matches">`,
		// The legend names every class.
		`<i class="sw wrong"></i>wrong</span>`, `<i class="sw invented"></i>invented</span>`, `<i class="sw absent"></i>both absent</span>`,
		// The table's first row is the path of largest mean deficit.
		fmt.Sprintf(`<tbody>
    <tr data-path="%s"`, html.EscapeString(sum.Paths[0].Path)),
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// The worst 10 and the sample of 15, less the sample cases among the
	// worst.
	want := len(st.Worst)
	for _, c := range st.Sample {
		if !slices.ContainsFunc(st.Worst, func(w eval.Case) bool { return w.Key == c.Key }) {
			want++
		}
	}
	if want == len(st.Worst)+len(st.Sample) {
		t.Log("no overlap between the worst and the sample")
	}
	if note := fmt.Sprintf("This report embeds %d of the %d scored cases: the 10 lowest scores and a sample of %d others", want, sum.Scored, want-10); !strings.Contains(page, note) {
		t.Errorf("page lacks %q", note)
	}
	cs := embeddedCases(t, page)
	if len(cs) != want {
		t.Fatalf("%d cases embedded, want %d", len(cs), want)
	}
	for i, c := range cs {
		if c.View == nil {
			t.Errorf("case %d (%s) has no view", i, c.ID)
		}
		if want := tagWorst; i >= 10 {
			want = tagSample
			if c.Tag != want {
				t.Errorf("case %d tag %q, want %q", i, c.Tag, want)
			}
		} else if c.Tag != want || c.Score != st.Worst[i].Score {
			t.Errorf("case %d: tag %q score %v, want %q %v", i, c.Tag, c.Score, want, st.Worst[i].Score)
		}
	}
	// Each worst case links to its view.
	for i := range sum.Worst {
		if !strings.Contains(page, fmt.Sprintf(`<a href="#case-%d">`, i)) {
			t.Errorf("worst case %d has no link to its view", i)
		}
	}
}

// TestWriteAllEmbedded: a dataset smaller than the bounds is embedded
// whole, untagged, without a note.
func TestWriteAllEmbedded(t *testing.T) {
	sum, st := evaluate(t, realDataset(t)[:6], eval.Config{Worst: 5, Sample: 5})
	page := render(t, sum, st, Options{})
	if strings.Contains(page, `id="embed-note"`) {
		t.Error("note shown though every case is embedded")
	}
	cs := embeddedCases(t, page)
	if len(cs) != 6 {
		t.Fatalf("%d cases embedded, want 6", len(cs))
	}
	for _, c := range cs {
		if c.Tag != "" {
			t.Errorf("case %s tagged %q", c.ID, c.Tag)
		}
	}
	if !strings.Contains(page, "<title>Evaluation · oagen eval report</title>") {
		t.Error("default title missing")
	}
}

// TestWriteEscapes puts markup and script terminators in every place user
// data reaches: ids, member names (paths), values and the title.
func TestWriteEscapes(t *testing.T) {
	const evil = `</script><script>alert(1)</script><!--<img src=x onerror=alert(2)>`
	key, _ := json.Marshal(evil)
	schema := fmt.Appendf(nil, `{"type":"object","properties":{%s:{"type":"string"}}}`, key)
	gold := fmt.Appendf(nil, `{%s:%s}`, key, key)
	cand := fmt.Appendf(nil, `{%s:"other"}`, key)
	lines := [][]byte{
		fmt.Appendf(nil, `{"id":%s,"schema":%s,"gold":%s,"candidate":%s}`, key, schema, gold, cand),
	}
	sum, st := evaluate(t, lines, eval.Config{})
	page := render(t, sum, st, Options{Title: evil})
	if n := strings.Count(page, "<script"); n != 2 {
		t.Errorf("%d <script elements, want 2 (data and code)", n)
	}
	if strings.Contains(page, "<img") || strings.Contains(page, "<!--<") {
		t.Error("markup from the data reached the page unescaped")
	}
	cs := embeddedCases(t, page)
	var id string
	if err := json.Unmarshal(cs[0].ID, &id); err != nil || id != evil {
		t.Errorf("id round trip = %q, %v", id, err)
	}
	var v CaseView
	if err := json.Unmarshal(cs[0].View, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Rows) != 1 || v.Rows[0].GoldKey != evil || str(v.Rows[0].Gold) != `"`+evil+`"` {
		t.Errorf("rows = %+v", v.Rows)
	}
}

// TestWriteNothingScored: a page for a dataset of errors only.
func TestWriteNothingScored(t *testing.T) {
	sum, st := evaluate(t, [][]byte{[]byte(`nope`)}, eval.Config{})
	page := render(t, sum, st, Options{})
	for _, want := range []string{`<div class="value" id="mean">—</div>`, `nothing was scored`, `No scored cases.`, `No paths.`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestFixLine(t *testing.T) {
	f := &eval.Fix{Op: "replace", Kind: "primitive_replace", Path: "/period/1", Delta: 0.0625,
		Value: json.RawMessage("2025"), Gold: json.RawMessage("2025"), Candidate: json.RawMessage("2026")}
	got, err := fixLine(0.77, f)
	if want := "/period/1: expected 2025, got 2026. Fixing this recovers +0.062."; err != nil || got != want {
		t.Errorf("fixLine = %q, %v; want %q", got, err, want)
	}
}

// TestDetailSemanticReferences: a line asking for semantic reference
// feedback gets its reference fixes in those words in its view.
func TestDetailSemanticReferences(t *testing.T) {
	schema := `{"type":"object","properties":{
	  "p":{"type":"array","order":"align","items":{"type":"object","properties":{"id":{"type":"string","idScope":"p"},"n":{"type":"string","score":"exact"}}}},
	  "e":{"type":"array","order":"align","items":{"type":"object","properties":{"to":{"type":"string","ref":"p"},"w":{"type":"integer"}}}}}}`
	gold := `{"p":[{"id":"a","n":"Ann"},{"id":"b","n":"Bo"}],"e":[{"to":"a","w":1}]}`
	cand := `{"p":[{"id":"A","n":"Ann"},{"id":"B","n":"Bo"}],"e":[{"to":"B","w":1}]}`
	fixOf := func(options string) string {
		line := fmt.Appendf(nil, `{"id":1,"schema":%s,"gold":%s,"candidate":%s,"options":%s}`, schema, gold, cand, options)
		_, st := evaluate(t, [][]byte{line}, eval.Config{})
		var v CaseView
		if err := json.Unmarshal(st.Worst[0].Detail, &v); err != nil {
			t.Fatal(err)
		}
		for _, f := range v.Fixes {
			if f.Path == "/e/0/to" {
				return f.Text
			}
		}
		t.Fatalf("no fix at /e/0/to: %+v", v.Fixes)
		return ""
	}
	literal, semantic := fixOf(`{}`), fixOf(`{"referential_feedback":"semantic"}`)
	if !strings.Contains(literal, "change to") || !strings.Contains(semantic, "Ann") || strings.Contains(semantic, "change to") {
		t.Errorf("literal fix %q, semantic fix %q", literal, semantic)
	}
}

// TestWritePlurals renders reports whose counts are 0, 1 and 2 (invalid
// candidates, cases per histogram bin, lowest scores and other cases of the
// embed note) and checks each count's noun, and that a merged report lists
// its shards with theirs.
func TestWritePlurals(t *testing.T) {
	schema := []byte(`{"type":"integer"}`)
	line := func(id, gold, cand string) []byte { return requestLine(t, id, schema, []byte(gold), []byte(cand)) }
	// Scores 1, 0 (invalid), 0 (invalid), 0.x: bins with 1 and 2 cases.
	lines := [][]byte{line("a", "1", "1"), line("b", "1", `"x"`), line("c", "1", `"y"`), line("d", "10", "9")}
	for _, tc := range []struct {
		lines [][]byte
		cfg   eval.Config
		want  []string
		not   []string
	}{
		{lines[:2], eval.Config{}, []string{"· 1 invalid candidate (score 0)", ": 1 case</title>", ": 0 cases</title>"}, []string{"1 invalid candidates", "1 cases"}},
		{lines[:3], eval.Config{}, []string{"· 2 invalid candidates (score 0)", ": 2 cases</title>"}, []string{"2 invalid candidate "}},
		{lines, eval.Config{Worst: 1, Sample: 1}, []string{"the 1 lowest score and a sample of 1 other,"}, nil},
		{lines, eval.Config{Worst: 2, Sample: 1}, []string{"the 2 lowest scores and a sample of 1 other,"}, nil},
	} {
		sum, st := evaluate(t, tc.lines, tc.cfg)
		page := render(t, sum, st, Options{})
		for _, w := range tc.want {
			if !strings.Contains(page, w) {
				t.Errorf("%d cases: the page lacks %q", len(tc.lines), w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(page, w) {
				t.Errorf("%d cases: the page has %q", len(tc.lines), w)
			}
		}
	}
	sum, st := evaluate(t, lines[:1], eval.Config{})
	for _, tc := range []struct {
		shards []string
		want   string
	}{
		{[]string{"a"}, `merged from 1 shard: <code>a</code></p>`},
		{[]string{"a", "b"}, `merged from 2 shards: <code>a</code>, <code>b</code></p>`},
	} {
		if page := render(t, sum, st, Options{Title: "t", Shards: tc.shards}); !strings.Contains(page, tc.want) {
			t.Errorf("shards %q: the page lacks %q", tc.shards, tc.want)
		}
	}
	if page := render(t, sum, st, Options{Title: "t"}); strings.Contains(page, `id="shards"`) {
		t.Error("a report without shards lists shards")
	}
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 cases"}, {1, "1 case"}, {2, "2 cases"}, {1000, "1\u202f000 cases"}} {
		if got := plural(tc.n, "case", "cases"); got != tc.want {
			t.Errorf("plural(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestHistogramMeanLabel checks that the mean's label stays inside the
// histogram: right of the line, and left of it (anchored at its end) when
// the mean is so close to 1 that the label would run past the edge.
func TestHistogramMeanLabel(t *testing.T) {
	bins := []histogramBin{{Low: 0, High: 0.5, Count: 1}, {Low: 0.5, High: 1, Count: 3}}
	for _, tc := range []struct {
		mean    float64
		wantEnd bool
	}{{0, false}, {0.5, false}, {0.9, false}, {0.97, true}, {1, true}} {
		h := layoutHistogram(bins, tc.mean, tc.mean, tc.mean, true)
		if h.MeanLabelEnd != tc.wantEnd {
			t.Errorf("mean %v: label anchored at its end = %v, want %v", tc.mean, h.MeanLabelEnd, tc.wantEnd)
		}
		lo, hi := h.MeanLabelX, h.MeanLabelX+meanLabelWidth
		if h.MeanLabelEnd {
			lo, hi = h.MeanLabelX-meanLabelWidth, h.MeanLabelX
			if h.MeanLabelX >= h.MeanX {
				t.Errorf("mean %v: end-anchored label at %v is not left of the line at %v", tc.mean, h.MeanLabelX, h.MeanX)
			}
		} else if h.MeanLabelX <= h.MeanX {
			t.Errorf("mean %v: label at %v is not right of the line at %v", tc.mean, h.MeanLabelX, h.MeanX)
		}
		if lo < 0 || hi > h.Width {
			t.Errorf("mean %v: label spans [%v, %v], outside [0, %v]", tc.mean, lo, hi, h.Width)
		}
	}
}

// TestWorstPerfectScore checks that the worst-cases table marks a case that
// scores exactly 1 as perfect (drawn in the exact colour, not the colour of
// a loss), and only such a case: a score that merely rounds to 1.000 is not.
func TestWorstPerfectScore(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("../examples/orgchart", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	schema, gold, cand := read("schema.json"), read("gold.json"), read("candidate.json")
	lines := [][]byte{requestLine(t, "perfect", schema, gold, gold), requestLine(t, "damaged", schema, gold, cand)}
	sum, st := evaluate(t, lines, eval.Config{Worst: 2})
	page := render(t, sum, st, Options{Title: "perfect"})
	if got := strings.Count(page, `<span class="score perfect" title="A perfect score">1.000</span>`); got != 1 {
		t.Errorf("%d perfect scores marked, want 1", got)
	}
	if got := strings.Count(page, `<span class="score">0.768</span>`); got != 1 {
		t.Errorf("%d plain 0.768 scores, want 1", got)
	}
	page = render(t, &eval.Summary{Worst: []eval.Worst{{Line: 1, Score: 0.99996}}}, &eval.State{}, Options{})
	if strings.Contains(page, "score perfect") || !strings.Contains(page, `<span class="score">1.000</span>`) {
		t.Error("a score of 0.99996 is marked perfect")
	}
}
