package cputime_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/objectaligner/oagen/internal/cputime"
)

// TestProcessAdvances spins for a while and checks that the process's CPU
// time grew by at least part of it (where the platform reports it).
func TestProcessAdvances(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" {
		t.Skip("no CPU time on this platform")
	}
	start := cputime.Process()
	if start <= 0 {
		t.Fatalf("Process() = %v at start; want > 0 (the test binary has run)", start)
	}
	deadline := time.Now().Add(50 * time.Millisecond)
	x := 0
	for time.Now().Before(deadline) {
		x++
	}
	if got := cputime.Process() - start; got < 10*time.Millisecond {
		t.Errorf("CPU time grew by %v over 50 ms of spinning (%d loops); want ≥ 10 ms", got, x)
	}
}
