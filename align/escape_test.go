package align

import "testing"

// TestEscapePointerToken: RFC 6901 escaping, the tokens without "~" or "/"
// returned as they are.
func TestEscapePointerToken(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "name": "name", "0": "0", "a/b": "a~1b", "~": "~0", "a~/b": "a~0~1b",
		"/": "~1", "~1": "~01", "été/x": "été~1x", "x~": "x~0",
	} {
		if got := EscapePointerToken(in); got != want {
			t.Errorf("EscapePointerToken(%q) = %q, want %q", in, got, want)
		}
	}
}
