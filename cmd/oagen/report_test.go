package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEvalReportOfMergedShards: the report of merged shards embeds the same
// cases, with the same views, as the report of one run over the whole input
// (only the title and the cases' line numbers, which are per input file,
// differ).
func TestEvalReportOfMergedShards(t *testing.T) {
	dir := t.TempDir()
	whole, shards := evalCorpus(t, dir, 400)
	out := func(name string) string { return filepath.Join(dir, name) }
	runCLI(t, "eval", "-schema", orgSchema, "-quiet", "-worst", "5", "-sample", "7", "-o", out("whole"), whole)
	args := []string{"eval", "-merge", "-o", out("merged")}
	for i, sh := range shards {
		d := out(fmt.Sprintf("s%d", i))
		runCLI(t, "eval", "-schema", orgSchema, "-quiet", "-worst", "5", "-sample", "7", "-o", d, sh)
		args = append(args, d)
	}
	runCLI(t, args...)
	normalize := func(name string) string {
		data, err := os.ReadFile(filepath.Join(name, "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		s := regexp.MustCompile(`(?s)<title>.*?</title>|<h1 id="title">.*?</h1>`).ReplaceAllString(string(data), "")
		return regexp.MustCompile(`"line":\d+`).ReplaceAllString(s, `"line":0`)
	}
	got, want := normalize(out("merged")), normalize(out("whole"))
	if !strings.Contains(want, "This report embeds 12 of the") || !strings.Contains(want, `"view":{"rows":`) {
		t.Fatalf("whole report lacks the embedded cases")
	}
	if got != want {
		t.Error("the report of the merged shards differs from the whole run's")
	}
	title := regexp.MustCompile(`<h1 id="title">(.*?)</h1>`)
	if m := title.FindStringSubmatch(readText(t, out("merged/report.html"))); m == nil || !strings.HasPrefix(m[1], "merge of ") {
		t.Errorf("merged report title = %q", m)
	}
}

func readText(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
