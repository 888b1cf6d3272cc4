// Package browsertest drives headless Chromium for the browser tests of the
// HTML pages (the eval report, the playground): it finds Chromium, starts a
// tab with a throw-away profile, and records what the page reports as an
// error and every URL it requests, so that a test can require a clean
// console and no request beyond the page under test.
package browsertest

import (
	"context"
	"fmt"
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

// Chromium finds the Chromium binary: the OAGEN_CHROMIUM variable, else
// chromium (Debian's package) or chromium-browser on PATH. Without one the
// test skips, except in CI (CI=true), where it fails; hint is added to the
// message (which test needs it, how to run it).
func Chromium(t testing.TB, hint string) string {
	t.Helper()
	if p := os.Getenv("OAGEN_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no Chromium found: " + hint + " (apt-get install -y chromium, or OAGEN_CHROMIUM=/path/to/chrome)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// Config sets up a Browser.
type Config struct {
	Hint          string        // for Chromium's message when none is found
	Width, Height int           // the window size
	Timeout       time.Duration // the time limit of each Do and Eval
}

// Browser is a headless Chromium tab that records what the page reports as
// an error (console errors and warnings, uncaught exceptions, log entries of
// level error or warning) and every URL it requests.
type Browser struct {
	ctx     context.Context
	timeout time.Duration
	mu      sync.Mutex
	errors  []string
	urls    []string
}

// New starts headless Chromium with a throw-away profile and no network
// services of its own; it is stopped when the test ends.
func New(t testing.TB, c Config) *Browser {
	t.Helper()
	path := Chromium(t, c.Hint)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(c.Width, c.Height),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelCtx(); cancelAlloc() })
	b := &Browser{ctx: ctx, timeout: c.Timeout}
	err := chromedp.Listen(ctx, b.record)
	if err != nil {
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}
	return b
}

// record keeps the errors and requests among the tab's events.
func (b *Browser) record(ev any) {
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
}

// Do runs actions in the tab, with the time limit.
func (b *Browser) Do(t testing.TB, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, b.timeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// Eval evaluates a JavaScript expression in the page of b.
func Eval[T any](t testing.TB, b *Browser, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, b.timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// Problems returns the errors the page reported and its requests to any URL
// that allowed rejects.
func (b *Browser) Problems(allowed func(url string) bool) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := append([]string(nil), b.errors...)
	for _, u := range b.urls {
		if !allowed(u) {
			out = append(out, "request to "+u)
		}
	}
	return out
}

// Context is the tab's context, for chromedp calls the helpers above do
// not cover (screenshots).
func (b *Browser) Context() context.Context { return b.ctx }
