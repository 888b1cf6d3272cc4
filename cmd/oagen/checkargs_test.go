package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestCheckArgKind(t *testing.T) {
	t.Chdir("../../structtag/testdata")
	for _, tc := range []struct {
		arg  string
		want argKind
	}{
		{"-", argSchema},
		{"bad/bad.go", argGoFile},
		{"nope.go", argGoFile},
		{"bad", argPackages},   // a directory
		{"./bad", argPackages}, // a directory
		{"./...", argPackages},
		{"bad/...", argPackages},
		{"./nonexist/...", argPackages}, // the go command says it matches nothing
		{".", argPackages},
		{"example.com/m/pkg", argPackages}, // an import path
		{"fmt", argPackages},
		{"./nonexist", argMissing},
		{"../nonexist", argMissing},
		{"/nonexist", argMissing},
		{"nonexist.json", argMissing},
	} {
		if got := checkArgKind(tc.arg); got != tc.want {
			t.Errorf("checkArgKind(%q) = %d, want %d", tc.arg, got, tc.want)
		}
	}
	for _, tc := range []struct{ arg, want string }{
		{"bad", "./bad"},
		{"bad/...", "./bad/..."},
		{"./bad", "./bad"},
		{"example.com/m/pkg", "example.com/m/pkg"},
		{"nonexist/...", "nonexist/..."},
	} {
		if got := packageArg(tc.arg); got != tc.want {
			t.Errorf("packageArg(%q) = %q, want %q", tc.arg, got, tc.want)
		}
	}
}

// TestCheckPaths runs "oagen check" and "oagen schema" on each kind of
// argument a newcomer gives and checks the message of each: the package of
// an import path and of a directory named without "./" are checked, a .go
// file, a missing path and a pattern matching nothing each get a message
// of their own, never one with the "-: " of an error without a position.
func TestCheckPaths(t *testing.T) {
	const badPkg = "github.com/objectaligner/oagen/structtag/testdata/bad"
	for _, tc := range []struct {
		dir  string // working directory, relative to this package
		args []string
		code int
		want string // in stdout + stderr
	}{
		{".", []string{"check", badPkg}, exitInput, `bad.go:184:21: "keyImportance" must not be negative`},
		{"../../structtag/testdata", []string{"check", "bad"}, exitInput, `bad/bad.go:184:21: "keyImportance" must not be negative`},
		{"../../structtag/testdata", []string{"check", "bad/bad.go"}, exitInput, "bad/bad.go is a Go file: oagen check takes its package (./bad)\n"},
		{".", []string{"check", "./nonexist"}, exitInput, "./nonexist: no such file or directory\n"},
		{"../..", []string{"check", "docs"}, exitInput, "docs is a directory without Go files: oagen check takes schema files and Go packages\n"},
		{".", []string{"check", "nonexist.json"}, exitInput, "nonexist.json: no such file or directory\n"},
		{".", []string{"check", "./nonexist/..."}, exitInput, "pattern ./nonexist/...: "},
		{".", []string{"check", "example.com/nope/pkg"}, exitInput, "example.com/nope/pkg"},
		{".", []string{"schema", "-type", "X", "./nonexist"}, exitInput, "oagen schema: stat "},
		{"../../structtag/testdata", []string{"schema", "-type", "UnknownKeyword", "bad"}, exitInput, "bad.UnknownKeyword: 1 annotation error"},
		{"../../structtag/testdata", []string{"schema", "-type", "X", "bad/bad.go"}, exitUsage, "bad/bad.go is a Go file: name its package (./bad)"},
		{"../../structtag/testdata", []string{"gen", "-type", "X", "bad/bad.go"}, exitUsage, "bad/bad.go is a Go file: name its package (./bad)"},
		{".", []string{"check", "../../examples/orgchart/schema.json", "../../examples/service"}, exitOK, ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			if tc.dir != "." {
				t.Chdir(tc.dir)
			}
			var stdout, stderr bytes.Buffer
			code := run(tc.args, strings.NewReader(""), &stdout, &stderr)
			all := stdout.String() + stderr.String()
			if code != tc.code || !strings.Contains(all, tc.want) {
				t.Errorf("oagen %s: exit %d, output\n%s\nwant exit %d and %q in it", strings.Join(tc.args, " "), code, all, tc.code, tc.want)
			}
			for _, line := range strings.Split(all, "\n") {
				if strings.HasPrefix(line, "-: ") || strings.Contains(line, ": -: ") {
					t.Errorf("a line with a stray \"-: \": %q", line)
				}
				if strings.HasPrefix(line, "open ") || strings.Contains(line, "invalid JSON") {
					t.Errorf("a package or Go file read as a schema file: %q", line)
				}
			}
		})
	}
}

// TestCheckVerbose: oagen check -v names the validation-only keywords of
// every node the data reaches (docs/SCORING.md §9.5), and without -v says
// nothing about them.
func TestCheckVerbose(t *testing.T) {
	const schema = `{"type": "object",
 "properties": {"a": {"type": "integer", "multipleOf": 2}, "b": {"type": "array", "items": {"type": "string"}, "contains": {"const": "x"}}},
 "if": {"required": ["a"]}, "then": {"required": ["b"]}}`
	for _, verbose := range []bool{false, true} {
		args := []string{"-"}
		if verbose {
			args = []string{"-v", "-"}
		}
		var out, errOut bytes.Buffer
		if err := cmdCheck(args, strings.NewReader(schema), &out, &errOut); err != nil {
			t.Fatalf("check %v: %v\n%s", args, err, errOut.String())
		}
		got := out.String()
		for _, want := range []string{
			`1:1: #: "if", "then" only validate: a candidate that fails one scores 0, one that passes scores as without them (docs/SCORING.md §9.5)`,
			`2:22: #/properties/a: "multipleOf" only validates`,
			`#/properties/b: "contains" only validates`,
		} {
			if strings.Contains(got, want) != verbose {
				t.Errorf("check %v: output %q; want %q: %v", args, got, want, verbose)
			}
		}
	}
}
