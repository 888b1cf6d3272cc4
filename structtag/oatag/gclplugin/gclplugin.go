// Package gclplugin registers the oatag analyzer as a golangci-lint module
// plugin named "oatag". Build a golangci-lint that includes it with
// "golangci-lint custom" and a .custom-gcl.yml naming this package, then
// enable the linter in .golangci.yml:
//
//	linters:
//	  enable: [oatag]
//	  settings:
//	    custom:
//	      oatag:
//	        type: module
//	        description: checks the oa struct tags of Object Aligner scoring
//	        settings:
//	          quiet: false # true leaves the warnings out
package gclplugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/objectaligner/oagen/structtag/oatag"
)

func init() { register.Plugin("oatag", New) }

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Quiet leaves the warnings out, as oagen check -quiet does.
	Quiet bool `json:"quiet"`
}

// New returns the plugin configured by the linter's settings.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("oatag: %w", err)
	}
	return plugin{s}, nil
}

type plugin struct{ settings Settings }

// BuildAnalyzers returns the oatag analyzer.
func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{oatag.NewAnalyzer(p.settings.Quiet)}, nil
}

// GetLoadMode says that the analyzer needs type information.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
