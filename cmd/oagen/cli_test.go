package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// cliCase is one command line whose whole outcome (standard output,
// standard error, exit status) is pinned in testdata/golden/cli/<name>.txt.
type cliCase struct {
	name string
	args []string
}

func cliCases() []cliCase {
	const ex = "../../examples/orgchart/"
	const bad = "../../testdata/golden/cli/bad.schema.json"
	return []cliCase{
		{"no-arguments", nil},
		{"help", []string{"-h"}},
		{"unknown-command", []string{"scor"}},
		{"unknown-command-far", []string{"frobnicate"}},
		{"unknown-command-alias", []string{"evaluate"}},
		{"unknown-command-alias-two", []string{"diff"}},
		{"unknown-command-prefix", []string{"sc"}},
		{"help-unknown-command", []string{"help", "validate"}},
		{"unknown-flag", []string{"-verison"}},
		{"unknown-command-flag", []string{"score", "-feeback", ex + "gold.json", ex + "candidate.json"}},
		{"unknown-command-flag-far", []string{"score", "-frobnicate"}},
		{"flag-needs-argument", []string{"score", ex + "gold.json", ex + "candidate.json", "-schema"}},
		{"flag-bad-value", []string{"describe", "-max-depth", "deep"}},
		{"top-k-negative", []string{"score", "-feedback", "-top-k", "-5", "-schema", ex + "schema.json", ex + "gold.json", ex + "candidate.json"}},
		{"flags-after-files", []string{"score", ex + "gold.json", ex + "candidate.json", "-schema", ex + "schema.json"}},
		{"flags-between-files", []string{"score", ex + "gold.json", "-schema", ex + "schema.json", ex + "candidate.json", "-top-k", "1", "-feedback"}},
		{"double-dash", []string{"score", "-schema", ex + "schema.json", "--", ex + "gold.json", ex + "candidate.json", "-feedback"}},
		{"one-file", []string{"score", "-schema", ex + "schema.json", ex + "gold.json"}},
		{"check-one-bad", []string{"check", bad}},
		{"check-one-of-two-bad", []string{"check", ex + "schema.json", bad}},
		{"version-extra-argument", []string{"version", "now"}},
		{"schema-unknown-type", []string{"schema", "-type", "Nope", "../../structtag/testdata/bad"}},
		{"explain-gold", []string{"explain", "-gold", ex + "gold.json", ex + "schema.json"}},
		{"explain-bad", []string{"explain", bad}},
		{"annotate-gold", []string{"annotate", ex + "gold.json"}},
		{"annotate-no-golds", []string{"annotate", "-schema", ex + "schema.json"}},
		{"gen-bad-type-name", []string{"gen", "-schema", ex + "schema.json", "-type", "lower", "-pkg", "p", "-o", "-"}},
	}
}

// TestCLIGolden runs command lines a newcomer types (help, typos, flags
// after the files, plurals) and compares everything they print and the
// exit status with the golden files. Run "go test ./cmd/oagen -run Golden
// -update" to rewrite them.
func TestCLIGolden(t *testing.T) {
	dir := filepath.Join(goldenRoot, "cli")
	seen := map[string]bool{}
	for _, tc := range cliCases() {
		seen[tc.name+".txt"] = true
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tc.args, strings.NewReader(""), &stdout, &stderr)
			got := fmt.Sprintf("$ %s\n%s--- stderr\n%s--- exit status %d\n", strings.Join(append([]string{"oagen"}, tc.args...), " "), stdout.String(), stderr.String(), code)
			path := filepath.Join(dir, tc.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("oagen %s\ndiffers from %s: %s", strings.Join(tc.args, " "), path, firstDiff(got, string(want)))
			}
		})
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".txt") && !seen[e.Name()] {
			t.Errorf("%s: golden file without a case", e.Name())
		}
	}
}

// TestExitCodes pins the exit status of each kind of outcome.
func TestExitCodes(t *testing.T) {
	const ex = "../../examples/orgchart/"
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"score", "-schema", ex + "schema.json", ex + "gold.json", ex + "candidate.json"}, exitOK},
		{[]string{"score", ex + "gold.json", ex + "candidate.json", "-schema", ex + "schema.json"}, exitOK},
		{[]string{"score", "-schema", ex + "schema.json", ex + "gold.json", "nope.json"}, exitInput},
		{[]string{"score", ex + "gold.json"}, exitUsage},
		{[]string{"score", "-nope"}, exitUsage},
		{[]string{"score", "-h"}, exitOK},
		{[]string{"version"}, exitOK},
		{[]string{"-version"}, exitOK},
		{[]string{"--version"}, exitOK},
		{[]string{"help"}, exitOK},
		{[]string{"scor"}, exitUsage},
		{nil, exitUsage},
	} {
		var stdout, stderr bytes.Buffer
		if got := run(tc.args, strings.NewReader(""), &stdout, &stderr); got != tc.want {
			t.Errorf("oagen %s: exit %d, want %d\n%s", strings.Join(tc.args, " "), got, tc.want, stderr.String())
		}
	}
}

func TestParseFlags(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		positional []string
		o          string
		v          bool
		err        string
	}{
		{nil, nil, "", false, ""},
		{[]string{"a", "b"}, []string{"a", "b"}, "", false, ""},
		{[]string{"-o", "x", "a"}, []string{"a"}, "x", false, ""},
		{[]string{"a", "-o", "x", "b", "-v"}, []string{"a", "b"}, "x", true, ""},
		{[]string{"a", "b", "-o=x"}, []string{"a", "b"}, "x", false, ""},
		{[]string{"-", "-v"}, []string{"-"}, "", true, ""}, // "-" is an argument (standard input)
		{[]string{"-v", "--", "-o", "x"}, []string{"-o", "x"}, "", true, ""},
		{[]string{"a", "--", "-v"}, []string{"a", "-v"}, "", false, ""},
		{[]string{"a", "-o"}, nil, "", false, "flag needs an argument: -o"},
		{[]string{"a", "-w"}, nil, "", false, "flag provided but not defined: -w"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(new(bytes.Buffer))
		o := fs.String("o", "", "")
		v := fs.Bool("v", false, "")
		pos, err := parseFlags(fs, tc.args)
		if tc.err != "" {
			if _, ok := err.(*usageError); !ok || err.Error() != tc.err {
				t.Errorf("%q: error %v, want usage error %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(pos, tc.positional) || *o != tc.o || *v != tc.v {
			t.Errorf("%q: positional %q, -o %q, -v %v, err %v; want %q, %q, %v", tc.args, pos, *o, *v, err, tc.positional, tc.o, tc.v)
		}
	}
}

func TestVersionLine(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{nil, "oagen (unknown version: no build information)"},
		{&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"},
			Settings: settings("GOOS", "linux", "GOARCH", "amd64")},
			"oagen v1.2.0 go1.26.0 linux/amd64"},
		{&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"},
			Settings: settings("vcs.revision", "5fa81c9ab2c3d4e5f60718293a4b5c6d7e8f9012", "vcs.time", "2026-12-01T13:36:27Z", "vcs.modified", "true", "GOOS", "darwin", "GOARCH", "arm64")},
			"oagen (devel) (revision 5fa81c9ab2c3, 2026-12-01T13:36:27Z, modified) go1.26.0 darwin/arm64"},
		{&debug.BuildInfo{Settings: settings("vcs.revision", "abc", "vcs.modified", "false")},
			"oagen (devel) (revision abc)"},
	} {
		if got := versionLine(tc.bi); got != tc.want {
			t.Errorf("versionLine = %q, want %q", got, tc.want)
		}
	}

	var a, b, stderr bytes.Buffer
	if run([]string{"version"}, nil, &a, &stderr) != exitOK || run([]string{"-version"}, nil, &b, &stderr) != exitOK {
		t.Fatal(stderr.String())
	}
	bi, _ := debug.ReadBuildInfo()
	if a.String() != b.String() || a.String() != versionLine(bi)+"\n" {
		t.Errorf("version %q, -version %q, want %q", a.String(), b.String(), versionLine(bi))
	}
}

// TestUsageErrors checks usage errors whose help text (every flag of a
// command) is not pinned in a golden file.
func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"gen", "-h"}, exitOK, []string{"Usage (JSON Schema source):", "Usage (Go struct source,"}},
		{[]string{"gen", "-type", "X", "-h"}, exitOK, []string{"Usage (JSON Schema source):", "Usage (Go struct source,"}},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, nil, &stdout, &stderr)
		for _, w := range tc.want {
			if !strings.Contains(stderr.String(), w) {
				t.Errorf("oagen %s: stderr lacks %q:\n%s", strings.Join(tc.args, " "), w, stderr.String())
			}
		}
		if code != tc.code {
			t.Errorf("oagen %s: exit %d, want %d", strings.Join(tc.args, " "), code, tc.code)
		}
	}
}

// TestPlurals checks the count nouns of the struct-tag commands' summaries.
func TestPlurals(t *testing.T) {
	const bad = "../../structtag/testdata/bad"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"schema", "-type", "UnknownKeyword", bad}, "bad.UnknownKeyword: 1 annotation error\n"},
		{[]string{"schema", "-type", "ManyErrors", bad}, "bad.ManyErrors: 5 annotation errors\n"},
		{[]string{"gen", "-type", "Channel", "-o", "-", bad}, "bad.Channel: 1 annotation error\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, nil, &stdout, &stderr); code != exitInput || !strings.HasSuffix(stderr.String(), tc.want) {
			t.Errorf("oagen %s: exit %d, stderr %q, want it to end in %q", strings.Join(tc.args, " "), code, stderr.String(), tc.want)
		}
	}
}

// TestPairErrors checks that an alignment error of "oagen score" names the
// file it belongs to: the gold file for an invalid gold, both files (and the
// side its pointer is on) for a limit the pair exceeded, here by the
// candidate alone.
func TestPairErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	schema := write("s.json", `{"type": "array", "items": {"type": "integer"}}`)
	gold, cand := write("g.json", `[1]`), write("c.json", `[1, 2, 3]`)
	badGold := write("bad.json", `["x"]`)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"score", "-schema", schema, badGold, cand},
			"oagen score: " + badGold + ": invalid gold at /0: \"x\" is not of type \"integer\"\n"},
		{[]string{"score", "-max-collection", "2", "-schema", schema, gold, cand},
			"oagen score: aligning " + gold + " with " + cand + ": limit MaxCollection = 2 exceeded at / (a JSON Pointer into " + gold + ")\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, nil, &stdout, &stderr); code != exitInput || stderr.String() != tc.want {
			t.Errorf("oagen %s: exit %d, stderr %q; want exit %d, %q", strings.Join(tc.args, " "), code, stderr.String(), exitInput, tc.want)
		}
	}
}

// TestCountNouns checks that the counts of the score, batch and eval
// summaries agree with their nouns.
func TestCountNouns(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	schema := write("s.json", `{"type": "integer"}`)
	gold, cand := write("g.json", `1`), write("c.json", `2`)
	in := write("in.jsonl", `{"gold": 1, "candidate": 2}`+"\n")
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
	}{
		{[]string{"score", "-attribution", "-schema", schema, gold, cand}, ", 1 row\n", ""},
		{[]string{"score", "-schema", schema, "-batch", in}, "", "oagen score: 1 line, 0 errors, "},
		{[]string{"eval", "-schema", schema, "-o", filepath.Join(dir, "eval"), in}, "", "oagen eval: 1 case, 0 errors, "},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, nil, &stdout, &stderr)
		if code != exitOK || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("oagen %s: exit %d, stdout %q, stderr %q; want %q and %q in them", strings.Join(tc.args, " "), code, stdout.String(), stderr.String(), tc.stdout, tc.stderr)
		}
	}
}

// TestTrimPkg checks that a library's package prefix is left out of the
// text and that the library's error stays wrapped.
func TestTrimPkg(t *testing.T) {
	cause := errors.New("cause")
	err := trimPkg(fmt.Errorf("gen: type X: %w", cause), "gen")
	if err.Error() != "type X: cause" || !errors.Is(err, cause) {
		t.Errorf("trimPkg = %q (wraps the cause: %v), want %q wrapping it", err, errors.Is(err, cause), "type X: cause")
	}
	if err := trimPkg(cause, "gen"); err != cause {
		t.Errorf("trimPkg of an error without the prefix = %v, want it unchanged", err)
	}
	if trimPkg(nil, "gen") != nil {
		t.Error("trimPkg(nil) is not nil")
	}
}
