package gclplugin

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"
)

func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("oatag")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		settings any
		quiet    string
	}{
		{nil, "false"},
		{map[string]any{}, "false"},
		{map[string]any{"quiet": true}, "true"},
	} {
		p, err := newPlugin(tc.settings)
		if err != nil {
			t.Fatalf("%v: %v", tc.settings, err)
		}
		if p.GetLoadMode() != register.LoadModeTypesInfo {
			t.Errorf("load mode %q", p.GetLoadMode())
		}
		as, err := p.BuildAnalyzers()
		if err != nil || len(as) != 1 || as[0].Name != "oatag" {
			t.Fatalf("%v: analyzers %v, %v", tc.settings, as, err)
		}
		if got := as[0].Flags.Lookup("quiet").Value.String(); got != tc.quiet {
			t.Errorf("%v: quiet = %s, want %s", tc.settings, got, tc.quiet)
		}
	}
	if _, err := newPlugin(map[string]any{"quite": true}); err == nil {
		t.Error("a misspelt setting is accepted")
	}
}
