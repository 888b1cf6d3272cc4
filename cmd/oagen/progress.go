package main

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressRedraw is the shortest time between two redraws of the progress
// display.
const progressRedraw = 250 * time.Millisecond

// progress is the progress display of a batch on stderr: lines done, bytes
// read and, for a file input, the total and the time left. A nil *progress
// displays nothing.
type progress struct {
	bar   *progressbar.ProgressBar
	lines int
}

// newProgress returns the progress display for an input of size bytes (-1:
// unknown), or nil when stderr is not a terminal.
func newProgress(stderr io.Writer, size int64) *progress {
	if fd, ok := stderr.(*os.File); !ok || !term.IsTerminal(int(fd.Fd())) {
		return nil
	}
	return newProgressTo(stderr, size)
}

// newProgressTo draws the progress on w, whatever w is.
func newProgressTo(w io.Writer, size int64) *progress {
	return &progress{bar: progressbar.NewOptions64(size,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("scoring"),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(24),
		progressbar.OptionThrottle(progressRedraw),
		progressbar.OptionSetPredictTime(size >= 0),
		progressbar.OptionClearOnFinish(),
	)}
}

// add records one more line of n input bytes.
func (p *progress) add(n int64) {
	if p == nil {
		return
	}
	p.lines++
	p.bar.Describe("scoring: " + plural(p.lines, "line", "lines"))
	_ = p.bar.Add64(n)
}

// done clears the display.
func (p *progress) done() {
	if p == nil {
		return
	}
	_ = p.bar.Finish()
	_ = p.bar.Clear()
}
