package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestProgressRedraws adds 100,000 lines of a 20 MB input to a progress
// display over about a second: it redraws at most once per progressRedraw
// (plus the first drawing), and shows the line count, the total and an
// estimate of the time left.
func TestProgressRedraws(t *testing.T) {
	var out bytes.Buffer
	start := time.Now()
	p := newProgressTo(&out, 20_000_000)
	for range 100 {
		for range 1000 {
			p.add(100)
		}
		time.Sleep(10 * time.Millisecond)
	}
	draws := strings.Count(out.String(), "scoring:")
	last := out.String()[strings.LastIndex(out.String(), "scoring:"):]
	p.done()
	limit := int(time.Since(start)/progressRedraw) + 3
	if draws > limit {
		t.Errorf("%d redraws in %v (at most %d)", draws, time.Since(start), limit)
	}
	t.Logf("%d drawings, the last %q", draws, last)
	if draws < 2 || !strings.Contains(last, "lines") || !strings.Contains(last, "/20 MB") || !strings.Contains(last, ":") {
		t.Errorf("last drawing %q", last)
	}
	if nilProgress := (*progress)(nil); nilProgress != nil {
		t.Fatal("unreachable")
	} else {
		nilProgress.add(1) // a nil display draws nothing and does not panic
		nilProgress.done()
	}
}
