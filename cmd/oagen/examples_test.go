package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// exampleCommand is the line of an example's package doc (or of its
// README.md, for an example without Go code) that scores its pair from the
// repository's root.
var exampleCommand = regexp.MustCompile(`(?m)^(?://)?\tgo run \./cmd/oagen (score .*)$`)

// TestExamplePairs checks that every example under examples/ ships a gold
// and a candidate and, in its package doc, a command that scores them, and
// runs that command: it succeeds, and the candidate (a realistic model
// error) scores strictly between 0 and 1.
func TestExamplePairs(t *testing.T) {
	t.Chdir("../..")
	dirs, err := os.ReadDir("examples")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range dirs {
		// The Beam example is a pipeline over batch files (a module of
		// its own); it scores the org chart's pair.
		if !d.IsDir() || d.Name() == "beam" {
			continue
		}
		n++
		dir := filepath.Join("examples", d.Name())
		t.Run(d.Name(), func(t *testing.T) {
			var cmd []string
			files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
			files = append(files, filepath.Join(dir, "README.md"))
			for _, f := range files {
				if strings.HasSuffix(f, "_test.go") {
					continue
				}
				data, err := os.ReadFile(f)
				if os.IsNotExist(err) && filepath.Base(f) == "README.md" {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if m := exampleCommand.FindSubmatch(data); m != nil {
					cmd = strings.Fields(string(m[1]))
				}
			}
			if cmd == nil {
				t.Fatalf("no package doc (or README.md) line %q scores the example's pair", "//\tgo run ./cmd/oagen score …")
			}
			for _, f := range []string{"gold.json", "candidate.json"} {
				want := filepath.ToSlash(filepath.Join(dir, f))
				if !strings.Contains(strings.Join(cmd, " "), " "+want) {
					t.Errorf("the command %q does not score %s", cmd, want)
				}
				if _, err := os.Stat(want); err != nil {
					t.Error(err)
				}
			}
			var stdout, stderr bytes.Buffer
			if code := run(cmd, strings.NewReader(""), &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
				t.Fatalf("oagen %s: exit %d, stderr %s", strings.Join(cmd, " "), code, stderr.String())
			}
			first, _, _ := strings.Cut(stdout.String(), "\n")
			score, err := strconv.ParseFloat(first, 64)
			if err != nil || !(score > 0 && score < 1) {
				t.Errorf("oagen %s: score %q, want a number in (0,1)", strings.Join(cmd, " "), first)
			}
		})
	}
	if n < 10 {
		t.Errorf("%d examples found, want at least 10", n)
	}
}
