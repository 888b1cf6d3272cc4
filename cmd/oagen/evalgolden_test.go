package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// evalGoldenDir holds the mixed dataset of TestEvalGolden and its pinned
// outputs (see testdata/golden/README.md).
const evalGoldenDir = goldenRoot + "/eval"

// evalGoldenFiles are the files of an eval directory, in the order the golden
// hash file lists them.
var evalGoldenFiles = []string{"results.jsonl", "non_matches.jsonl", "summary.json", "state.json", "report.html"}

// TestEvalGolden runs "oagen eval" over a mixed dataset (fig1 org charts,
// AMR pairs with their bijections, generated org-chart variants with
// invalid candidates, lines that fail in every way a line can, lines with
// their own feedback and options) and requires every output file byte for
// byte: results.jsonl, non_matches.jsonl and summary.json as pinned files,
// state.json and report.html by their SHA-256 (they embed the kept cases'
// details, hundreds of kilobytes). Two jobs must write what one writes, and
// -feedback -attribution runs are pinned by their hashes too.
func TestEvalGolden(t *testing.T) {
	in := filepath.Join(evalGoldenDir, "in.jsonl")
	runs := []struct {
		name  string
		flags []string
	}{
		{"default", nil},
		{"jobs2", []string{"-jobs", "2"}},
		{"feedback", []string{"-feedback", "-attribution"}},
	}
	var hashes strings.Builder
	outs := map[string]map[string][]byte{}
	for _, r := range runs {
		dir := filepath.Join(t.TempDir(), r.name)
		args := append([]string{"eval", "-schema-root", "../..", "-quiet", "-o", dir}, r.flags...)
		var stdout, stderr bytes.Buffer
		if code := run(append(args, in), strings.NewReader(""), &stdout, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d: %s", r.name, code, stderr.String())
		}
		outs[r.name] = map[string][]byte{}
		for _, f := range evalGoldenFiles {
			data, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			outs[r.name][f] = data
			if r.name != "jobs2" {
				fmt.Fprintf(&hashes, "%s/%s %x\n", r.name, f, sha256.Sum256(data))
			}
		}
	}
	for _, f := range evalGoldenFiles {
		if !bytes.Equal(outs["jobs2"][f], outs["default"][f]) {
			t.Errorf("-jobs 2 wrote another %s than -jobs 1", f)
		}
	}
	pinned := map[string][]byte{"sha256.txt": []byte(hashes.String())}
	for _, f := range evalGoldenFiles[:3] {
		pinned[f] = outs["default"][f]
	}
	for name, got := range pinned {
		path := filepath.Join(evalGoldenDir, name)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the golden file (go test ./cmd/oagen -run EvalGolden -update, then review the diff)", path)
		}
	}
}
