package gctune

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestTuner: the percentage is Percent while the live heap is small and
// 100 once it exceeds Threshold, and Percent again when it shrinks.
func TestTuner(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	tu := Start()
	if tu == nil {
		t.Fatal("Start: not started with GOGC and GOMEMLIMIT unset")
	}
	if got := debug.SetGCPercent(Percent); got != Percent || tu.Percent() != Percent {
		t.Fatalf("after Start: GOGC %d (tuner %d), want %d", got, tu.Percent(), Percent)
	}
	// settles collects until the tuner's finalizer has set want (it runs
	// on its own goroutine after a cycle).
	settles := func(want int) bool {
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
			runtime.GC()
			if tu.Percent() == want {
				return true
			}
			time.Sleep(10 * time.Millisecond)
		}
		return false
	}
	big := make([]byte, Threshold+(16<<20))
	for i := range big {
		big[i] = 1
	}
	if !settles(100) {
		t.Errorf("live heap above Threshold: GOGC %d, want 100", tu.Percent())
	}
	runtime.KeepAlive(big)
	big = nil
	if !settles(Percent) {
		t.Errorf("live heap small again: GOGC %d, want %d", tu.Percent(), Percent)
	}
}

// TestUserSetting: a GOGC in the environment wins.
func TestUserSetting(t *testing.T) {
	t.Setenv("GOGC", "50")
	if Start() != nil {
		t.Error("Start with GOGC=50: started, want the user's setting")
	}
}
