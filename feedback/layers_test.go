package feedback

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/objectaligner/oagen/align"
)

// TestOverridesCompiledOnce: FeedbackOptions.Overrides are compiled on the
// first render and remembered by content: the same set gives the same
// compiled Templates, a changed set (the same map mutated) its own, errors
// are reported every time, and a Templates remembers at most maxLayers sets.
func TestOverridesCompiledOnce(t *testing.T) {
	ranked, err := align.RankOps(fig1Ops(t), align.RankOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ov := map[string]string{"feedback.op.list_item_remove": "drop {path}."}
	opts := refOptions()
	opts.Overrides = ov
	a, err := DefaultTemplates().layered(ov)
	if err != nil {
		t.Fatal(err)
	}
	b, err := DefaultTemplates().layered(map[string]string{"feedback.op.list_item_remove": "drop {path}."})
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("the same overrides were compiled twice")
	}
	fb, err := RenderFeedback(fig1Score, ranked, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(fb.Text, "\ndrop /agenda/0.\n") {
		t.Errorf("override not applied:\n%s", fb.Text)
	}
	ov["feedback.op.list_item_remove"] = "remove {path}."
	fb, err = RenderFeedback(fig1Score, ranked, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(fb.Text, "\nremove /agenda/0.\n") {
		t.Errorf("the changed override is not the one rendered:\n%s", fb.Text)
	}
	bad := refOptions()
	bad.Overrides = map[string]string{"feedback.op.key_add": "{nope}"}
	for range 2 {
		if _, err := RenderFeedback(fig1Score, ranked, bad); err == nil {
			t.Error("a bad override rendered")
		}
	}
	// A fresh Templates, so that the other tests' sets do not count.
	base, err := DefaultTemplates().WithOverrides(map[string]string{"feedback.op.key_add": "k {path}"})
	if err != nil {
		t.Fatal(err)
	}
	first, _ := base.layered(map[string]string{"feedback.op.list_item_remove": "v0 {path}"})
	for i := 1; i <= maxLayers; i++ {
		if _, err := base.layered(map[string]string{"feedback.op.list_item_remove": fmt.Sprintf("v%d {path}", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(base.layers.byKey); n != maxLayers {
		t.Errorf("%d sets remembered, want %d", n, maxLayers)
	}
	if again, _ := base.layered(map[string]string{"feedback.op.list_item_remove": "v0 {path}"}); again == first {
		t.Error("the oldest set was not evicted")
	}
}

// TestOverridesKey: two different sets never share a key.
func TestOverridesKey(t *testing.T) {
	a := overridesKey(map[string]string{"a": "b:1:c"})
	b := overridesKey(map[string]string{"a": "b", "c": ""})
	if a == b {
		t.Errorf("two sets share the key %q", a)
	}
}

// TestOverridesConcurrent renders with one set of overrides from several
// goroutines (run with -race).
func TestOverridesConcurrent(t *testing.T) {
	ranked, err := align.RankOps(fig1Ops(t), align.RankOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := refOptions()
	opts.Overrides = map[string]string{"feedback.op.list_item_add": "add {path} {gold}"}
	var wg sync.WaitGroup
	texts := make([]string, 8)
	for i := range texts {
		wg.Go(func() {
			fb, err := RenderFeedback(fig1Score, ranked, opts)
			if err != nil {
				t.Error(err)
			}
			texts[i] = fb.Text
		})
	}
	wg.Wait()
	for _, s := range texts[1:] {
		if s != texts[0] {
			t.Fatalf("renders differ:\n%s\n%s", s, texts[0])
		}
	}
}

// BenchmarkRenderFeedbackOverrides renders fig1 with one override: through
// FeedbackOptions.Overrides (compiled once, remembered) and compiling it on
// every render as before (WithOverrides, then the render).
func BenchmarkRenderFeedbackOverrides(b *testing.B) {
	ranked, err := align.RankOps(fig1Ops(b), align.RankOptions{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	ov := map[string]string{"feedback.op.list_item_remove": "drop {path}.", "feedback.op.list_item_add": "add {gold} at {path}."}
	b.Run("remembered", func(b *testing.B) {
		opts := refOptions()
		opts.Overrides = ov
		b.ReportAllocs()
		for b.Loop() {
			if _, err := RenderFeedback(fig1Score, ranked, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("compiled-per-call", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			t, err := DefaultTemplates().WithOverrides(ov)
			if err != nil {
				b.Fatal(err)
			}
			opts := refOptions()
			opts.Templates = t
			if _, err := RenderFeedback(fig1Score, ranked, opts); err != nil {
				b.Fatal(err)
			}
		}
	})
}
