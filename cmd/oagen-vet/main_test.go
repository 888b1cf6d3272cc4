package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag"
)

// TestGoVet builds oagen-vet, runs "go vet -vettool" with it on a module
// holding the analyzer's test package, and requires go vet to fail with
// exactly the lines "oagen check" gives for that package.
func TestGoVet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	tmp := t.TempDir()
	tool := filepath.Join(tmp, "oagen-vet")
	if out, err := exec.Command("go", "build", "-o", tool, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	mod := filepath.Join(tmp, "demo")
	src, err := os.ReadFile("../../structtag/oatag/testdata/src/a/a.go")
	if err != nil {
		t.Fatal(err)
	}
	must(t, os.MkdirAll(filepath.Join(mod, "a"), 0o755))
	must(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module demo\n\ngo 1.26\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(mod, "a", "a.go"), src, 0o644))

	want := checkLines(t, mod, "./a")
	if len(want) < 5 {
		t.Fatalf("oagen check reports only %q", want)
	}
	for _, tc := range []struct {
		flags []string
		want  []string
	}{
		{nil, want},
		{[]string{"-quiet"}, slices.DeleteFunc(slices.Clone(want), func(l string) bool { return strings.HasSuffix(l, "(warning)") })},
	} {
		cmd := exec.Command("go", append(append([]string{"vet", "-vettool=" + tool}, tc.flags...), "./...")...)
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("go vet %v: %v, want a failure\n%s", tc.flags, err, stderr.String())
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
			if !strings.HasPrefix(l, "#") {
				got = append(got, strings.TrimPrefix(l, "a"+string(filepath.Separator)))
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("go vet %v:\n\t%s\nwant\n\t%s", tc.flags, strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"))
		}
	}
}

// checkLines returns what "oagen check" prints for pattern in dir (file
// names relative to the package directory), sorted.
func checkLines(t *testing.T, dir, pattern string) []string {
	t.Helper()
	pkgs, err := structtag.Load(structtag.LoadOptions{Dir: dir}, pattern)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range pkgs {
		errs, warnings, err := p.Check(ir.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range structtag.Relative(errs, p.Dir) {
			out = append(out, d.String())
		}
		for _, d := range structtag.Relative(warnings, p.Dir) {
			out = append(out, d.String()+" (warning)")
		}
	}
	slices.Sort(out)
	return out
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
