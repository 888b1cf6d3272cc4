package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// goldenRoot is the directory of the golden files, relative to this package.
const goldenRoot = "../../testdata/golden"

// goldenCase is one command run whose standard output is pinned in a file.
type goldenCase struct {
	in     string   // directory holding schema.json, gold.json and candidate.json (relative to goldenRoot)
	golden string   // golden file (relative to goldenRoot)
	args   []string // command and flags, before -schema and the two files
}

// opKinds are the operation kinds of docs/SCORING.md §8.3, one input directory each
// under testdata/golden/ops, with the extra flags the kind needs.
var opKinds = []struct {
	kind  string
	flags []string
}{
	{"primitive_replace", nil},
	{"primitive_replace_reorder", nil},
	{"key_add", nil},
	{"key_remove", nil},
	{"key_rename", nil}, // key_rename_add with its silent key_rename_remove half
	{"list_item_add", nil},
	{"list_item_remove", nil},
	{"list_item_missing", nil},
	{"list_item_excess", nil},
	{"ref_fix", nil},
	{"ref_fix_no_target", nil},
	{"subtree_replace", []string{"-granularity", "subtree"}},
	{"null_value_replace", nil},
	{"pairing_ambiguous", []string{"-confidence", "margin", "-include-pairing-ambiguous"}},
}

// goldenCases are the pinned runs. The files without a "-default" suffix
// pin the reference profile (-compat reference), whose text is the Python
// reference's byte for byte; the "-default" files pin what the default
// profile shows for the same inputs.
func goldenCases() []goldenCase {
	ref := func(cmd string, flags ...string) []string {
		return append([]string{cmd, "-compat", "reference"}, flags...)
	}
	feedbackFlags := []string{"-feedback", "-top-k", "-1"}
	var cs []goldenCase
	for _, k := range opKinds {
		in := "ops/" + k.kind
		for _, style := range []string{"gepa", "compact"} {
			args := ref("score", append(append(append([]string(nil), feedbackFlags...), "-style", style), k.flags...)...)
			cs = append(cs, goldenCase{in, in + "/" + style + ".txt", args})
		}
		args := append(append([]string{"score"}, feedbackFlags...), k.flags...)
		cs = append(cs, goldenCase{in, in + "/gepa-default.txt", args})
	}
	for _, in := range []string{"semantic/dangling", "semantic/reversed", "semantic/missing_record",
		"semantic/o2g_damage_586", "semantic/o2g_damage_1324"} {
		for _, style := range []string{"gepa", "compact"} {
			args := ref("score", append(append([]string(nil), feedbackFlags...), "-style", style, "-referential-feedback", "semantic")...)
			cs = append(cs, goldenCase{in, in + "/semantic-" + style + ".txt", args})
		}
		cs = append(cs, goldenCase{in, in + "/literal-gepa.txt", ref("score", feedbackFlags...)})
		cs = append(cs, goldenCase{in, in + "/semantic-gepa-default.txt",
			append(append([]string{"score"}, feedbackFlags...), "-referential-feedback", "semantic")})
	}
	for _, ex := range []struct{ in, out string }{
		{"../../examples/orgchart", "fig1"},
		{"movie", "movie"},
		{"rootkind", "rootkind"}, // a union-typed root whose kinds differ: no match tree
	} {
		cs = append(cs,
			goldenCase{ex.in, ex.out + "/describe.txt", ref("describe")},
			goldenCase{ex.in, ex.out + "/feedback.txt", ref("score", feedbackFlags...)},
			goldenCase{ex.in, ex.out + "/attribution.txt", ref("score", "-attribution")},
			goldenCase{ex.in, ex.out + "/attribution-all.txt", ref("score", "-attribution", "-granularity", "all")},
			goldenCase{ex.in, ex.out + "/attribution.json", ref("score", "-json", "-attribution")},
			goldenCase{ex.in, ex.out + "/describe-default.txt", []string{"describe"}},
			goldenCase{ex.in, ex.out + "/feedback-default.txt", append([]string{"score"}, feedbackFlags...)},
			goldenCase{ex.in, ex.out + "/attribution-default.txt", []string{"score", "-attribution"}},
			goldenCase{ex.in, ex.out + "/attribution-default.json", []string{"score", "-json", "-attribution"}},
		)
	}
	return cs
}

// TestGolden runs the whole pipeline (schema, gold and candidate files →
// compile → align → repair → feedback, description or attribution) through
// the command line and compares the output with the golden files byte for
// byte. Run "go test ./cmd/oagen -run Golden -update" to rewrite them.
func TestGolden(t *testing.T) {
	seen := map[string]bool{}
	for _, tc := range goldenCases() {
		if seen[tc.golden] {
			t.Fatalf("two cases write %s", tc.golden)
		}
		seen[tc.golden] = true
		t.Run(tc.golden, func(t *testing.T) {
			in := filepath.Join(goldenRoot, tc.in)
			args := append(append([]string(nil), tc.args...), "-schema", filepath.Join(in, "schema.json"),
				filepath.Join(in, "gold.json"), filepath.Join(in, "candidate.json"))
			var stdout, stderr bytes.Buffer
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
				t.Fatalf("oagen %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
			}
			if stderr.Len() != 0 {
				t.Errorf("stderr: %s", stderr.String())
			}
			path := filepath.Join(goldenRoot, tc.golden)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, stdout.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got := stdout.Bytes(); !bytes.Equal(got, want) {
				t.Errorf("oagen %s\ndiffers from %s: %s", strings.Join(tc.args, " "), tc.golden, firstDiff(string(got), string(want)))
			}
		})
	}
	// Every golden file on disk belongs to a case (stale files fail).
	err := filepath.WalkDir(goldenRoot, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(goldenRoot, p)
		if d.IsDir() {
			switch rel {
			case "cli":
				return filepath.SkipDir // TestCLIGolden's
			case "eval":
				return filepath.SkipDir // TestEvalGolden's
			}
			return nil
		}
		switch filepath.Base(rel) {
		case "schema.json", "gold.json", "candidate.json", "README.md":
			return nil
		}
		if !seen[filepath.ToSlash(rel)] {
			t.Errorf("%s: golden file without a case", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want string) string {
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(gl), len(wl)); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w || i >= len(gl) || i >= len(wl) {
			return fmt.Sprintf("line %d:\n got  %q\n want %q", i+1, g, w)
		}
	}
	return "(identical lines)"
}
