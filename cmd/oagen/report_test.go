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
		s := regexp.MustCompile(`(?s)<title>.*?</title>|<h1 id="title">.*?</h1>|<p class="shards" id="shards">.*?</p>`).ReplaceAllString(string(data), "")
		return regexp.MustCompile(`"line":\d+`).ReplaceAllString(s, `"line":0`)
	}
	got, want := normalize(out("merged")), normalize(out("whole"))
	if !strings.Contains(want, "This report embeds 12 of the") || !strings.Contains(want, `"view":{"rows":`) {
		t.Fatalf("whole report lacks the embedded cases")
	}
	if got != want {
		t.Error("the report of the merged shards differs from the whole run's")
	}
	merged := readText(t, out("merged/report.html"))
	wantTitle := "merge of " + strings.Join(args[4:], ", ")
	if got := reportTitles(merged); got != [2]string{wantTitle + " · oagen eval report", wantTitle} {
		t.Errorf("merged report: title and header %q, want %q", got, wantTitle)
	}
	shardList := regexp.MustCompile(`<p class="shards" id="shards">merged from 3 shards: (.*?)</p>`).FindStringSubmatch(merged)
	if wantList := "<code>" + strings.Join(args[4:], "</code>, <code>") + "</code>"; shardList == nil || shardList[1] != wantList {
		t.Errorf("merged report: shard list %q, want %q", shardList, wantList)
	}
	if got := reportTitles(readText(t, out("whole/report.html"))); got != [2]string{whole + " · oagen eval report", whole} {
		t.Errorf("report of %s: title and header %q", whole, got)
	}
	if strings.Contains(readText(t, out("whole/report.html")), `id="shards"`) {
		t.Error("the report of one run lists shards")
	}
}

// reportTitles returns the <title> and the <h1> header of a report.
func reportTitles(page string) [2]string {
	var out [2]string
	for i, re := range []string{`<title>(.*?)</title>`, `<h1 id="title">(.*?)</h1>`} {
		if m := regexp.MustCompile(re).FindStringSubmatch(page); m != nil {
			out[i] = m[1]
		}
	}
	return out
}

// TestEvalReportTitle checks the report's title and header for an input
// file, standard input and a merge of many shards.
func TestEvalReportTitle(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	line := `{"id":"a","gold":{"people":[],"mentorships":[]},"candidate":{"people":[],"mentorships":[]}}` + "\n"
	if err := os.WriteFile(in, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	report := func(name string) [2]string { return reportTitles(readText(t, filepath.Join(dir, name, "report.html"))) }
	runCLI(t, "eval", "-schema", orgSchema, "-o", filepath.Join(dir, "file"), in)
	if got := report("file"); got != [2]string{in + " · oagen eval report", in} {
		t.Errorf("report of a file: %q", got)
	}
	var stdout, stderr strings.Builder
	if code := run([]string{"eval", "-schema", orgSchema, "-o", filepath.Join(dir, "stdin"), "-"}, strings.NewReader(line), &stdout, &stderr); code != exitOK {
		t.Fatalf("eval -: exit %d: %s", code, stderr.String())
	}
	if got := report("stdin"); got != [2]string{"standard input · oagen eval report", "standard input"} {
		t.Errorf("report of standard input: %q", got)
	}
	var shards []string
	for i := range 4 {
		d := filepath.Join(dir, fmt.Sprintf("shard%d", i))
		shards = append(shards, d)
		l := strings.Replace(line, `"id":"a"`, fmt.Sprintf(`"id":"s%d"`, i), 1)
		if err := os.WriteFile(in, []byte(l), 0o644); err != nil {
			t.Fatal(err)
		}
		runCLI(t, "eval", "-schema", orgSchema, "-o", d, in)
	}
	runCLI(t, append([]string{"eval", "-merge", "-o", filepath.Join(dir, "merged")}, shards...)...)
	if got := report("merged"); got != [2]string{"merge of 4 shards · oagen eval report", "merge of 4 shards"} {
		t.Errorf("report of 4 shards: %q", got)
	}
	if page := readText(t, filepath.Join(dir, "merged", "report.html")); !strings.Contains(page, "merged from 4 shards: <code>"+shards[0]+"</code>") {
		t.Error("the merged report does not list its shards")
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
