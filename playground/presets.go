package playground

import (
	"embed"
	"strings"
)

//go:embed presets/*.json
var presetFiles embed.FS

// Preset is an example the page offers: a schema, a gold and a candidate.
type Preset struct {
	Name      string `json:"name"`
	Schema    string `json:"schema"`
	Gold      string `json:"gold"`
	Candidate string `json:"candidate"`
}

// presetNames are the presets in the order the page lists them, with the
// files' base names: the org chart of docs/SCORING.md §11 and an invoice
// in the shape Pydantic's model_json_schema() writes ($defs, titles, the
// nullable anyOf), annotated.
var presetNames = []struct{ name, file string }{
	{"Org chart (docs/SCORING.md §11)", "orgchart"},
	{"Invoice (a Pydantic-shaped schema)", "invoice"},
}

// Presets returns the examples the page offers.
func Presets() []Preset {
	var out []Preset
	read := func(name string) string {
		data, err := presetFiles.ReadFile("presets/" + name)
		if err != nil {
			panic(err) // embedded at build time
		}
		return strings.TrimRight(string(data), "\n") + "\n"
	}
	for _, p := range presetNames {
		out = append(out, Preset{
			Name:      p.name,
			Schema:    read(p.file + ".schema.json"),
			Gold:      read(p.file + ".gold.json"),
			Candidate: read(p.file + ".candidate.json"),
		})
	}
	return out
}
