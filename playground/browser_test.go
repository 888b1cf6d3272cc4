package playground

import (
	"context"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/objectaligner/oagen/internal/browsertest"
)

// newBrowser starts the playground's headless Chromium tab (internal/browsertest).
func newBrowser(t testing.TB) *browsertest.Browser {
	t.Helper()
	return browsertest.New(t, browsertest.Config{
		Hint:  "the playground's browser test needs one",
		Width: 1600, Height: 1400, Timeout: 60 * time.Second,
	})
}

// onlyServer allows the requests of the page to the server under test.
func onlyServer(base string) func(string) bool {
	return func(u string) bool { return strings.HasPrefix(u, base+"/") }
}

// TestBrowserPlayground loads the playground in headless Chromium: the org
// chart preset shows the score of docs/SCORING.md §11, its fixes, its plan
// and its aligned view; a keyword where it has no effect shows its message
// at its line; the Pydantic-shaped preset scores; the console stays clean.
// With OAGEN_PLAYGROUND_SCREENSHOT=FILE it writes a screenshot.
func TestBrowserPlayground(t *testing.T) {
	b := newBrowser(t)
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	score := `document.getElementById('pg-score').textContent`
	b.Do(t,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(chromedp.CSS("#pg-view table.aligned")),
	)
	if got := browsertest.Eval[string](t, b, score); got != "0.7678571428571429" {
		t.Errorf("org chart score %q, want 0.7678571428571429", got)
	}
	if got := browsertest.Eval[string](t, b, `document.getElementById('pg-explain').textContent`); !strings.Contains(got, "/people/*/name") || !strings.Contains(got, "1. person") {
		t.Errorf("explain plan %q", got)
	}
	if got := browsertest.Eval[string](t, b, `document.getElementById('pg-feedback').textContent`); !strings.HasPrefix(got, "The prediction scored 0.77") {
		t.Errorf("feedback %q", got)
	}
	if n := browsertest.Eval[int](t, b, `document.querySelectorAll('#pg-view table.aligned tbody tr').length`); n < 10 {
		t.Errorf("%d aligned rows", n)
	}
	if shot := os.Getenv("OAGEN_PLAYGROUND_SCREENSHOT"); shot != "" {
		ctx, cancel := context.WithTimeout(b.Context(), 60*time.Second)
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// "score" on the agenda array instead of its items: an error at its line.
	bad := `document.getElementById('pg-schema').value.replace('"order": "fixed",', '"order": "fixed", "score": "exact",')`
	b.Do(t,
		chromedp.SetValue(chromedp.CSS("#pg-schema"), browsertest.Eval[string](t, b, bad)),
		chromedp.Click(chromedp.CSS("#pg-run")),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#pg-problems-schema li.error').length > 0`),
	)
	msg := browsertest.Eval[string](t, b, `document.querySelector('#pg-problems-schema li.error').textContent`)
	if !strings.Contains(msg, `"score" applies to strings and numbers; on an array, put it in "items"`) || !strings.HasPrefix(msg, "line ") {
		t.Errorf("problem shown: %q", msg)
	}
	if got := browsertest.Eval[string](t, b, score); got != "–" {
		t.Errorf("score with a schema error %q", got)
	}

	// The Pydantic-shaped preset.
	b.Do(t,
		chromedp.SetValue(chromedp.CSS("#pg-preset"), "1"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('pg-preset').dispatchEvent(new Event('change'))`),
		chromedp.Poll[chromedp.Void](`document.getElementById('pg-score').textContent !== '–' && document.getElementById('pg-schema').value.indexOf('LineItem') >= 0`),
	)
	if got := browsertest.Eval[string](t, b, score); got == "0.7678571428571429" || got == "1" {
		t.Errorf("invoice score %q", got)
	}
	if p := b.Problems(onlyServer(srv.URL)); len(p) > 0 {
		t.Errorf("the page reported:\n%s", strings.Join(p, "\n"))
	}
}
