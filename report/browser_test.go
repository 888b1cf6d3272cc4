package report

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/internal/browsertest"
)

// newBrowser starts the report's headless Chromium tab (internal/browsertest).
func newBrowser(t testing.TB) *browsertest.Browser {
	t.Helper()
	return browsertest.New(t, browsertest.Config{
		Hint:  "the report's browser test needs one, then run go test ./report -run Browser",
		Width: 1400, Height: 1800, Timeout: 30 * time.Second,
	})
}

// onlyFile allows the requests of a page to the file itself.
func onlyFile(file string) func(string) bool {
	return func(u string) bool { return u == file || strings.HasPrefix(u, file+"#") }
}

// TestBrowserReport loads a report of real scored cases in headless
// Chromium and checks what a reader sees: the headline, the path table
// (its first row, sorting, filtering), the worst cases and the aligned view
// of a case with its fixes and bijection, with no error on the console and
// no request beyond the file itself.
func TestBrowserReport(t *testing.T) {
	b := newBrowser(t)
	lines := realDataset(t)
	sum, st := evaluate(t, lines, eval.Config{Worst: 10, Sample: 40})
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, []byte(render(t, sum, st, Options{Title: "browser test"})), 0o644); err != nil {
		t.Fatal(err)
	}
	url := "file://" + file
	b.Do(t, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#case-view table.aligned")))

	// The title and the header name the input.
	if got := browsertest.Eval[string](t, b, `document.title`); got != "browser test · oagen eval report" {
		t.Errorf("document title = %q", got)
	}
	if got := browsertest.Eval[string](t, b, `document.getElementById('title').textContent`); got != "browser test" {
		t.Errorf("header = %q", got)
	}
	if got := browsertest.Eval[bool](t, b, `document.getElementById('shards') === null`); !got {
		t.Error("the report of one run lists shards")
	}
	if got, want := browsertest.Eval[string](t, b, `document.getElementById('path-count').textContent`), fmt.Sprintf("Showing %d of %d paths", min(12, len(sum.Paths)), len(sum.Paths)); len(sum.Paths) > 12 && got != want {
		t.Errorf("path count line = %q, want %q", got, want)
	}

	if got, want := browsertest.Eval[string](t, b, `document.getElementById('mean').textContent`), fmt.Sprintf("%.3f", *sum.Mean); got != want {
		t.Errorf("mean = %q, want %q", got, want)
	}
	if got := browsertest.Eval[string](t, b, `document.getElementById('cases-count').textContent`); got != strconv.Itoa(len(lines)) {
		t.Errorf("cases = %q, want %d", got, len(lines))
	}
	firstPath := `document.querySelector('#path-table tbody tr:not(.hidden)').dataset.path`
	if got := browsertest.Eval[string](t, b, firstPath); got != sum.Paths[0].Path {
		t.Errorf("first path = %q, want %q", got, sum.Paths[0].Path)
	}
	visible := `document.querySelectorAll('#path-table tbody tr:not(.hidden)').length`
	if got, want := browsertest.Eval[int](t, b, visible), min(12, len(sum.Paths)); got != want {
		t.Errorf("%d paths shown at first, want %d", got, want)
	}

	// Every path shows its classes: the bar's segments and the counts
	// below it, for the classes it has, in the order of the legend; the
	// hint links to non_matches.jsonl.
	rowClasses := `Array.from(document.querySelectorAll('#path-table tbody tr')).map(r => r.dataset.path + '=' +
		Array.from(r.querySelectorAll('.obar .seg')).map(s => s.title).join(',') + '|' +
		Array.from(r.querySelectorAll('.ocounts .oc')).map(s => s.textContent).join(','))`
	var wantRows []string
	seen := map[string]int{}
	for _, p := range sum.Paths {
		var segs, counts []string
		for _, c := range []struct {
			label string
			n     int64
		}{{"exact", p.Exact}, {"partial", p.Partial}, {"wrong", p.Wrong - p.WrongReference}, {"wrong reference", p.WrongReference},
			{"missing", p.Missing}, {"invented", p.Invented}, {"both absent", p.BothAbsent}} {
			if c.n > 0 {
				segs = append(segs, fmt.Sprintf("%s: %d", c.label, c.n))
				counts = append(counts, groupDigits(int(c.n))+" "+c.label)
				seen[c.label]++
			}
		}
		wantRows = append(wantRows, p.Path+"="+strings.Join(segs, ",")+"|"+strings.Join(counts, ","))
	}
	if got := browsertest.Eval[[]string](t, b, rowClasses); !slices.Equal(got, wantRows) {
		t.Errorf("the paths' classes read\n%q\nwant\n%q", got, wantRows)
	}
	for _, c := range []string{"exact", "partial", "wrong", "missing", "invented"} {
		if seen[c] == 0 {
			t.Errorf("no path of the dataset has a value of class %s", c)
		}
	}
	if got := browsertest.Eval[string](t, b, `Array.from(document.querySelectorAll('.legend span')).map(s => s.textContent).join()`); got != "exact,partial,wrong,wrong reference,missing,invented,both absent" {
		t.Errorf("legend = %q", got)
	}
	if got := browsertest.Eval[string](t, b, `document.getElementById('non-matches').getAttribute('href')`); got != "non_matches.jsonl" {
		t.Errorf("link to the errors: %q", got)
	}

	// Sorting by path, ascending; filtering keeps the matching rows only.
	b.Do(t, chromedp.Click(chromedp.CSS(`#path-table th[data-key="path"]`)))
	paths := make([]string, len(sum.Paths))
	for i, p := range sum.Paths {
		paths[i] = p.Path
	}
	slices.Sort(paths)
	if got := browsertest.Eval[string](t, b, firstPath); got != paths[0] {
		t.Errorf("first path sorted by path = %q, want %q", got, paths[0])
	}
	b.Do(t, chromedp.SendKeys(chromedp.CSS("#path-filter"), "scope"))
	want := 0
	for _, p := range paths {
		if strings.Contains(p, "scope") {
			want++
		}
	}
	if got := browsertest.Eval[int](t, b, visible); got != want || want == 0 {
		t.Errorf("%d paths match the filter, want %d", got, want)
	}

	// The worst cases: the first eight, then all on request; each links
	// to its view.
	shownWorst := `Array.from(document.querySelectorAll('#worst-table tbody tr')).filter(r => r.offsetParent !== null).length`
	if got := browsertest.Eval[int](t, b, shownWorst); got != min(8, len(sum.Worst)) {
		t.Errorf("%d worst cases shown at first", got)
	}
	b.Do(t, chromedp.Click(chromedp.CSS("#worst-more")))
	if got := browsertest.Eval[int](t, b, shownWorst); got != len(sum.Worst) {
		t.Errorf("%d worst cases shown after Show all, want %d", got, len(sum.Worst))
	}
	if got := browsertest.Eval[int](t, b, `document.querySelectorAll('#worst-table a[href^="#case-"]').length`); got != len(sum.Worst) {
		t.Errorf("%d worst cases link to a view, want %d", got, len(sum.Worst))
	}
	if got := browsertest.Eval[int](t, b, `document.querySelectorAll('#case-list a').length`); got < len(st.Worst) {
		t.Errorf("%d cases listed, want at least %d", got, len(st.Worst))
	}

	if got := browsertest.Eval[string](t, b, `document.getElementById('embed-note').textContent`); !strings.HasPrefix(got, "This report embeds ") {
		t.Errorf("embed note = %q", got)
	}
	if p := b.Problems(onlyFile(url)); len(p) > 0 {
		t.Errorf("the page reported problems:\n%s", strings.Join(p, "\n"))
	}

	// The org chart's view, in a report of the first cases (all embedded):
	// matched rows, the missing, excess and partial values, the bijection
	// and the fixes.
	kinds := []byte(`{"id":"kinds","schema":{"type":["object","array"],"items":{"type":"integer"}},"gold":{"a":1},"candidate":[1]}`)
	sum, st = evaluate(t, append(slices.Clone(lines[:5]), kinds), eval.Config{})
	page := render(t, sum, st, Options{Title: "merge of s1, s2", Shards: []string{"s1", "s2"}})
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	b.Do(t, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#case-view table.aligned")))
	if got := browsertest.Eval[string](t, b, `document.title + ' | ' + document.getElementById('title').textContent + ' | ' + document.getElementById('shards').textContent`); got != "merge of s1, s2 · oagen eval report | merge of s1, s2 | merged from 2 shards: s1, s2" {
		t.Errorf("merged report: title | header | shards = %q", got)
	}
	cs := embeddedCases(t, page)
	org := slices.IndexFunc(cs, func(c embedded) bool { return string(c.ID) == `"orgchart"` })
	if org < 0 {
		t.Fatal("the org chart is not embedded")
	}
	b.Do(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#case-list a[href="#case-%d"]`, org))),
		chromedp.WaitVisible(chromedp.CSS(`#case-view tr[data-path="/agenda/3"]`)))
	if got := browsertest.Eval[string](t, b, `document.querySelector('#case-view h3').textContent`); got != "orgchart" {
		t.Errorf("case title = %q", got)
	}
	for path, class := range map[string]string{
		"/agenda/0": "excess", "/agenda/2": "missing", "/agenda/3": "partial",
		"/people/5": "missing", "/people/0/name": "exact", "/period/1": "partial",
	} {
		expr := fmt.Sprintf(`document.querySelector('#case-view tr[data-path="%s"]').className`, path)
		if got := browsertest.Eval[string](t, b, expr); !strings.Contains(got, class) {
			t.Errorf("row %s has class %q, want %q", path, got, class)
		}
	}
	row := `Array.from(document.querySelector('#case-view tr[data-path="/agenda/3"]').cells).map(c => c.textContent)`
	if got := browsertest.Eval[[]string](t, b, row); !slices.Equal(got, []string{`· "closing"`, "0.95", `· "closin"`, "0.003"}) {
		t.Errorf("row /agenda/3 reads %q", got)
	}
	bij := `Array.from(document.querySelectorAll('#case-view table.bij tr')).slice(1).map(r => r.cells[0].textContent + '>' + r.cells[2].textContent)`
	if got := browsertest.Eval[[]string](t, b, bij); !slices.Equal(got, []string{"1>91", "2>94", "3>93", "4>92", "5>90", "6>no counterpart"}) {
		t.Errorf("bijection = %q", got)
	}
	fixes := `Array.from(document.querySelectorAll('#case-view ol.fixes li')).map(li => li.dataset.path)`
	if got := browsertest.Eval[[]string](t, b, fixes); !slices.Equal(got, []string{"/agenda/0", "/agenda/2", "/period/1", "/people", "/agenda/2"}) {
		t.Errorf("fixes = %q", got)
	}
	// A click on a fix marks its row.
	b.Do(t, chromedp.Click(chromedp.CSS(`#case-view ol.fixes li:nth-child(3)`)))
	if got := browsertest.Eval[string](t, b, `Array.from(document.querySelectorAll('#case-view tr.flash')).map(r => r.dataset.path).join()`); got != "/period/1" {
		t.Errorf("marked rows = %q, want /period/1", got)
	}
	// The fifth fix names the candidate's /agenda/2 (docs/SCORING.md §8.4); its
	// row in the alignment is the entry /agenda/3.
	b.Do(t, chromedp.Click(chromedp.CSS(`#case-view ol.fixes li:nth-child(5)`)))
	if got := browsertest.Eval[string](t, b, `Array.from(document.querySelectorAll('#case-view tr.flash')).map(r => r.dataset.path).join()`); got != "/agenda/3" {
		t.Errorf("marked rows = %q, want /agenda/3", got)
	}

	// A candidate of another kind than the gold has nothing to align.
	k := slices.IndexFunc(cs, func(c embedded) bool { return string(c.ID) == `"kinds"` })
	if k < 0 {
		t.Fatal("the case of another kind is not embedded")
	}
	b.Do(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#case-list a[href="#case-%d"]`, k))),
		chromedp.WaitVisible(chromedp.CSS(`#case-view > p.muted`)))
	if got := browsertest.Eval[string](t, b, `document.querySelector('#case-view > p.muted').textContent`); !strings.Contains(got, "different kinds") {
		t.Errorf("view of a root kind mismatch says %q", got)
	}
	b.Do(t, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#case-list a[href="#case-%d"]`, org))),
		chromedp.WaitVisible(chromedp.CSS(`#case-view tr[data-path="/agenda/3"]`)))

	// Hiding the exact rows leaves the differences.
	b.Do(t, chromedp.Click(chromedp.CSS(`#case-view .aligned-head input[type="checkbox"]`)))
	shownRows := `Array.from(document.querySelectorAll('#case-view table.aligned tbody tr')).filter(r => r.offsetParent !== null).map(r => r.className.split(' ')[0])`
	classes := browsertest.Eval[[]string](t, b, shownRows)
	if slices.Contains(classes, "exact") || !slices.Contains(classes, "missing") || !slices.Contains(classes, "partial") {
		t.Errorf("rows shown with exact rows hidden: %q", classes)
	}

	if p := b.Problems(onlyFile(url)); len(p) > 0 {
		t.Errorf("the page reported problems:\n%s", strings.Join(p, "\n"))
	}
}

// BenchmarkBrowserRender10k measures how long headless Chromium takes to
// load and draw the report of a 10,000-case evaluation (the default worst
// and sample sizes): from the navigation to the first case view on screen
// (ns/op, as seen through the DevTools protocol) and to the end of the load
// event in the page's own clock (load-ms). OAGEN_REPORT_HTML=path measures
// that report instead, e.g. one written by oagen eval.
func BenchmarkBrowserRender10k(b *testing.B) {
	file := os.Getenv("OAGEN_REPORT_HTML")
	if file == "" {
		base := realDataset(b)
		lines := make([][]byte, 10_000)
		for i := range lines {
			// Distinct ids make distinct lines (and sample keys).
			lines[i] = append(fmt.Appendf(nil, `{"id":"n%d",`, i), base[i%len(base)][1:]...)
		}
		sum, st := evaluate(b, lines, eval.Config{})
		file = filepath.Join(b.TempDir(), "report.html")
		if err := os.WriteFile(file, []byte(render(b, sum, st, Options{Title: "10,000 cases"})), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		b.Fatal(err)
	}
	br := newBrowser(b)
	url := "file://" + abs
	var load float64
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		br.Do(b, chromedp.Navigate("about:blank"))
		b.StartTimer()
		br.Do(b, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#case-view table.aligned")))
		b.StopTimer()
		load += browsertest.Eval[float64](b, br, `performance.getEntriesByType('navigation')[0].loadEventEnd`)
		b.StartTimer()
	}
	b.ReportMetric(load/float64(b.N), "load-ms")
	if p := br.Problems(onlyFile(url)); len(p) > 0 {
		b.Errorf("the page reported problems:\n%s", strings.Join(p, "\n"))
	}
}

// TestBrowserHistogramMeanLabel renders the report of a dataset whose
// cases all score 1, so the mean line sits on the histogram's right edge,
// and checks in Chromium that the label "mean" is drawn whole inside the
// histogram instead of being clipped at its edge.
func TestBrowserHistogramMeanLabel(t *testing.T) {
	b := newBrowser(t)
	schema, err := os.ReadFile("../examples/orgchart/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	gold, err := os.ReadFile("../examples/orgchart/gold.json")
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	for i := range 3 {
		lines = append(lines, requestLine(t, fmt.Sprintf("perfect-%d", i), schema, gold, gold))
	}
	sum, st := evaluate(t, lines, eval.Config{Worst: 3})
	if *sum.Mean != 1 {
		t.Fatalf("mean = %v, want 1", *sum.Mean)
	}
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, []byte(render(t, sum, st, Options{Title: "perfect"})), 0o644); err != nil {
		t.Fatal(err)
	}
	b.Do(t, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("#histogram svg .meanlab")))
	inside := `(() => {
		const svg = document.querySelector('#histogram svg');
		const vb = svg.viewBox.baseVal;
		const r = svg.querySelector('.meanlab').getBBox();
		return r.width > 0 && r.x >= vb.x && r.x + r.width <= vb.x + vb.width;
	})()`
	if !browsertest.Eval[bool](t, b, inside) {
		box := browsertest.Eval[string](t, b, `(() => { const r = document.querySelector('#histogram svg .meanlab').getBBox(); return r.x + ' ' + r.width; })()`)
		t.Errorf("the mean label (x, width = %s) runs past the histogram's edge", box)
	}
}
