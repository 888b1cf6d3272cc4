package gen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// heavyDeps are the packages a program that scores typed values must not
// link: the interpreter, the validator, the schema model and their
// dependencies.
var heavyDeps = []string{
	"github.com/objectaligner/oagen/interp",
	"github.com/objectaligner/oagen/validate",
	"github.com/objectaligner/oagen/ir",
	"github.com/objectaligner/oagen/feedback",
	"github.com/santhosh-tekuri/jsonschema",
	"github.com/BurntSushi/toml",
	"golang.org/x/text",
}

// goCmd runs the go command in dir and returns its standard output.
func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	return string(out)
}

// TestSupportPackageDeps checks that nothing under align/ depends on the
// interpreter, the validator or the schema model.
func TestSupportPackageDeps(t *testing.T) {
	for _, dep := range strings.Fields(goCmd(t, repoRoot(t), "list", "-deps", "./align/...")) {
		for _, h := range heavyDeps {
			if strings.HasPrefix(dep, h) {
				t.Errorf("align/... depends on %s", dep)
			}
		}
	}
}

// TestTypedOnly builds a program that calls only ScoreOrgChart from the
// scorer oagen gen -typed writes for the org chart, and checks that it
// links none of heavyDeps and that its binary is at most 1.25 MiB larger
// than hello world (docs/GENERATED.md, "What a typed-only program links").
func TestTypedOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs")
	}
	root := repoRoot(t)
	sch, err := os.ReadFile(filepath.Join(root, "examples", "orgchart", "schema.json"))
	must(t, err)
	src, err := Generate(Options{TypeName: "OrgChart", Package: "orgchart", SchemaFile: "schema.json", SchemaJSON: sch, TypedOnly: true})
	must(t, err)
	if strings.Contains(string(src), pathInterp) {
		t.Error("the typed-only scorer imports the interpreter")
	}
	dir := t.TempDir()
	gomod := fmt.Sprintf("module oagentest\n\ngo 1.26.0\n\nrequire github.com/objectaligner/oagen v0.0.0\n\nreplace github.com/objectaligner/oagen => %s\n", root)
	must(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	for name, text := range map[string]string{
		"orgchart/orgchart_oa.go": string(src),
		"score/main.go": `package main

import (
	"fmt"

	"oagentest/orgchart"
)

func main() {
	g := &orgchart.OrgChart{Agenda: []string{"intro", "reviews"}}
	p := &orgchart.OrgChart{Agenda: []string{"intro"}}
	fmt.Println(orgchart.ScoreOrgChart(g, p))
}
`,
		"hello/main.go": "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n",
	} {
		must(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	for _, dep := range strings.Fields(goCmd(t, dir, "list", "-deps", "./score")) {
		for _, h := range heavyDeps {
			if strings.HasPrefix(dep, h) {
				t.Errorf("a program calling only ScoreOrgChart links %s", dep)
			}
		}
	}
	size := func(pkg string) int64 {
		bin := filepath.Join(dir, pkg+".bin")
		goCmd(t, dir, "build", "-trimpath", "-o", bin, "./"+pkg)
		fi, err := os.Stat(bin)
		must(t, err)
		return fi.Size()
	}
	hello, score := size("hello"), size("score")
	t.Logf("hello world %d bytes, ScoreOrgChart program %d bytes (+%d)", hello, score, score-hello)
	if score-hello > 5<<18 {
		t.Errorf("the ScoreOrgChart program is %d bytes larger than hello world, want at most 1.25 MiB", score-hello)
	}
	if out := goCmd(t, dir, "run", "./score"); !strings.HasPrefix(out, "0.") {
		t.Errorf("ScoreOrgChart program printed %q", out)
	}
}
