package serve

import "testing"

func TestBusyMessage(t *testing.T) {
	for n, want := range map[int]string{
		1: "busy: 1 request in progress; retry later",
		2: "busy: 2 requests in progress; retry later",
	} {
		if got := busyMessage(n); got != want {
			t.Errorf("busyMessage(%d) = %q, want %q", n, got, want)
		}
	}
}
