package playground

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// chromiumPath finds Chromium as the report's browser test does: the
// OAGEN_CHROMIUM variable, else chromium or chromium-browser on PATH.
// Without one the test skips, except in CI (CI=true), where it fails.
func chromiumPath(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("OAGEN_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no Chromium found: the playground's browser test needs one (apt-get install -y chromium, or OAGEN_CHROMIUM=/path/to/chrome)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// browser is a headless Chromium tab that records what the page reports as
// an error and every URL it requests.
type browser struct {
	ctx    context.Context
	mu     sync.Mutex
	errors []string
	urls   []string
}

func newBrowser(t testing.TB) *browser {
	t.Helper()
	path := chromiumPath(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1600, 1400),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelCtx(); cancelAlloc() })
	b := &browser{ctx: ctx}
	err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert || ev.Type == runtime.ConsoleAPICalledTypeWarning {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				b.errors = append(b.errors, "console."+string(ev.Type)+": "+strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			b.errors = append(b.errors, fmt.Sprintf("exception at %d:%d: %s", d.LineNumber, d.ColumnNumber, msg))
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError || ev.Entry.Level == cdplog.EntryLevelWarning {
				b.errors = append(b.errors, "log."+string(ev.Entry.Level)+": "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		case *network.EventRequestWillBeSent:
			b.urls = append(b.urls, ev.Request.URL)
		}
	})
	if err != nil {
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}
	return b
}

func (b *browser) do(t testing.TB, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

func jsEval[T any](t testing.TB, b *browser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// problems returns the errors the page reported and its requests to
// anything but the server under test.
func (b *browser) problems(base string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := append([]string(nil), b.errors...)
	for _, u := range b.urls {
		if !strings.HasPrefix(u, base+"/") {
			out = append(out, "request to "+u)
		}
	}
	return out
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
	b.do(t,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(chromedp.CSS("#pg-view table.aligned")),
	)
	if got := jsEval[string](t, b, score); got != "0.7678571428571429" {
		t.Errorf("org chart score %q, want 0.7678571428571429", got)
	}
	if got := jsEval[string](t, b, `document.getElementById('pg-explain').textContent`); !strings.Contains(got, "/people/*/name") || !strings.Contains(got, "1. person") {
		t.Errorf("explain plan %q", got)
	}
	if got := jsEval[string](t, b, `document.getElementById('pg-feedback').textContent`); !strings.HasPrefix(got, "The prediction scored 0.77") {
		t.Errorf("feedback %q", got)
	}
	if n := jsEval[int](t, b, `document.querySelectorAll('#pg-view table.aligned tbody tr').length`); n < 10 {
		t.Errorf("%d aligned rows", n)
	}
	if shot := os.Getenv("OAGEN_PLAYGROUND_SCREENSHOT"); shot != "" {
		ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
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
	b.do(t,
		chromedp.SetValue(chromedp.CSS("#pg-schema"), jsEval[string](t, b, bad)),
		chromedp.Click(chromedp.CSS("#pg-run")),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#pg-problems-schema li.error').length > 0`),
	)
	msg := jsEval[string](t, b, `document.querySelector('#pg-problems-schema li.error').textContent`)
	if !strings.Contains(msg, `"score" applies to strings and numbers; on an array, put it in "items"`) || !strings.HasPrefix(msg, "line ") {
		t.Errorf("problem shown: %q", msg)
	}
	if got := jsEval[string](t, b, score); got != "–" {
		t.Errorf("score with a schema error %q", got)
	}

	// The Pydantic-shaped preset.
	b.do(t,
		chromedp.SetValue(chromedp.CSS("#pg-preset"), "1"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('pg-preset').dispatchEvent(new Event('change'))`),
		chromedp.Poll[chromedp.Void](`document.getElementById('pg-score').textContent !== '–' && document.getElementById('pg-schema').value.indexOf('LineItem') >= 0`),
	)
	if got := jsEval[string](t, b, score); got == "0.7678571428571429" || got == "1" {
		t.Errorf("invoice score %q", got)
	}
	if p := b.problems(srv.URL); len(p) > 0 {
		t.Errorf("the page reported:\n%s", strings.Join(p, "\n"))
	}
}
