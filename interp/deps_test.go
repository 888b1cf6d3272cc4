package interp_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestEngineBelowPresentation checks that the interpreter computes results
// without its presentation: it links neither package feedback nor a
// template engine nor TOML (feedback depends on interp, not the reverse).
func TestEngineBelowPresentation(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/objectaligner/oagen/interp").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch {
		case dep == "github.com/objectaligner/oagen/feedback", dep == "text/template", dep == "html/template",
			strings.HasPrefix(dep, "github.com/BurntSushi/toml"):
			t.Errorf("interp depends on %s", dep)
		}
	}
}
