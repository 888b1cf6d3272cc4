package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/eval"
)

// evalCorpus writes n batch lines (1% of them broken), each object with an
// id (line numbers differ between shards and the whole), into dir,
// whole and split into three shards, and returns the file names.
func evalCorpus(t *testing.T, dir string, n int) (whole string, shards []string) {
	t.Helper()
	lines := genBatch(n)
	var all strings.Builder
	bounds := []int{0, n / 4, n * 2 / 3, n}
	for s := range 3 {
		var b strings.Builder
		for i := bounds[s]; i < bounds[s+1]; i++ {
			text := lines[i].text
			if strings.HasPrefix(text, "{") {
				text = fmt.Sprintf(`{"id":"case-%d",`, i) + text[1:]
			}
			b.WriteString(text + "\n")
		}
		name := filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", s))
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, name)
		all.WriteString(b.String())
	}
	whole = filepath.Join(dir, "all.jsonl")
	if err := os.WriteFile(whole, []byte(all.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return whole, shards
}

func readSummary(t *testing.T, dir string) *eval.Summary {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s eval.Summary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// TestEvalMergeShards evaluates a corpus whole and in three shards, merges
// the shards' directories and requires the same summary (mean deficits to
// 1e-12, everything else exactly) and the same results.
func TestEvalMergeShards(t *testing.T) {
	dir := t.TempDir()
	whole, shards := evalCorpus(t, dir, 1200)
	out := func(name string) string { return filepath.Join(dir, name) }
	runCLI(t, "eval", "-schema", orgSchema, "-quiet", "-o", out("whole"), whole)
	var shardDirs []string
	for i, sh := range shards {
		d := out(fmt.Sprintf("s%d", i))
		runCLI(t, "eval", "-schema", orgSchema, "-quiet", "-jobs", "2", "-o", d, sh)
		shardDirs = append(shardDirs, d)
	}
	// Merge in another order, and the results in the given order.
	runCLI(t, append([]string{"eval", "-merge", "-o", out("merged")}, shardDirs[2], shardDirs[0], shardDirs[1])...)
	got, want := readSummary(t, out("merged")), readSummary(t, out("whole"))
	cases := 1200 - countBlank(genBatch(1200)) // blank lines are no cases
	if want.Cases != int64(cases) || want.Errors.Count == 0 || want.InvalidCandidates == 0 || len(want.Worst) == 0 {
		t.Fatalf("corpus summary %+v", want)
	}
	if len(got.Paths) != len(want.Paths) {
		t.Fatalf("%d paths, want %d", len(got.Paths), len(want.Paths))
	}
	for i := range want.Paths {
		g, w := got.Paths[i], want.Paths[i]
		if math.Abs(g.MeanDeficit-w.MeanDeficit) > 1e-12 {
			t.Errorf("%s: mean_deficit %v, want %v", w.Path, g.MeanDeficit, w.MeanDeficit)
		}
		g.MeanDeficit = w.MeanDeficit
		if !reflect.DeepEqual(g, w) {
			t.Errorf("path %d: %+v, want %+v", i, g, w)
		}
	}
	// The corpus has values of every class but both_absent (its schema
	// declares nothing optional; TestEvalClassesMerge has them).
	var total eval.Outcomes
	for _, p := range got.Paths {
		o := p.Outcomes
		total.Exact += o.Exact
		total.Partial += o.Partial
		total.Wrong += o.Wrong
		total.Invented += o.Invented
		total.Missing += o.Missing
		total.BothAbsent += o.BothAbsent
	}
	if total.Exact == 0 || total.Partial == 0 || total.Wrong == 0 || total.Invented == 0 || total.Missing == 0 {
		t.Errorf("merged classes %+v: want every class", total)
	}
	got.Paths, want.Paths = nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merged summary differs:\ngot  %+v\nwant %+v", got, want)
	}
	// results.jsonl: the shards' lines concatenated; line numbers in error
	// messages are the shards'.
	merged, err := os.ReadFile(out("merged/results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var concat []byte
	for _, i := range []int{2, 0, 1} {
		data, err := os.ReadFile(filepath.Join(shardDirs[i], "results.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		concat = append(concat, data...)
	}
	if !bytes.Equal(merged, concat) || bytes.Count(merged, []byte("\n")) != cases {
		t.Error("merged results.jsonl is not the shards' results concatenated")
	}
}

// TestEvalResultsAndExit checks results.jsonl against "score -batch" (the
// same lines), the summary line on stderr and the -fail-under exit status.
func TestEvalResultsAndExit(t *testing.T) {
	dir := t.TempDir()
	whole, _ := evalCorpus(t, dir, 300)
	batch := runCLI(t, "score", "-schema", orgSchema, "-quiet", "-feedback", "-batch", whole)
	var stdout, stderr bytes.Buffer
	outDir := filepath.Join(dir, "out")
	code := run([]string{"eval", "-schema", orgSchema, "-quiet", "-feedback", "-o", outDir, "-fail-under", "0.99", whole}, strings.NewReader(""), &stdout, &stderr)
	if code != exitBelow {
		t.Fatalf("-fail-under 0.99: exit %d, want %d; %s", code, exitBelow, stderr.String())
	}
	if stdout.Len() != 0 || !strings.Contains(stderr.String(), "oagen eval: 300 cases, ") || !strings.Contains(stderr.String(), "mean below -fail-under 0.99") {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
	results, err := os.ReadFile(filepath.Join(outDir, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(results, batch) {
		t.Error("results.jsonl differs from score -batch output")
	}
	if code := run([]string{"eval", "-schema", orgSchema, "-quiet", "-o", outDir, "-fail-under", "0.1", whole}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("-fail-under 0.1: exit %d", code)
	}
}

// TestEvalHelpDocumentsEveryField requires "oagen eval -h" to name every
// field of summary.json.
func TestEvalHelpDocumentsEveryField(t *testing.T) {
	var fields []string
	var collect func(reflect.Type)
	seen := map[reflect.Type]bool{}
	collect = func(tp reflect.Type) {
		for tp.Kind() == reflect.Pointer || tp.Kind() == reflect.Slice || tp.Kind() == reflect.Map {
			tp = tp.Elem()
		}
		if tp.Kind() != reflect.Struct || seen[tp] {
			return
		}
		seen[tp] = true
		for i := range tp.NumField() {
			f := tp.Field(i)
			if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" {
				fields = append(fields, name)
			}
			collect(f.Type)
		}
	}
	collect(reflect.TypeFor[eval.Summary]())
	for _, f := range fields {
		if !strings.Contains(evalUsage, f) {
			t.Errorf("eval -h does not document %q", f)
		}
	}
}

// TestBatchWithoutAnySchema: with no -schema and no "schema" on the first
// line, eval and score -batch are usage errors (exit 2) that write nothing;
// a first line with its own schema keeps the batch going (later lines
// without one are error lines).
func TestBatchWithoutAnySchema(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(in, []byte("{\"id\":1,\"gold\":1,\"candidate\":1}\n{\"id\":2,\"gold\":2,\"candidate\":3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"eval", "-o", filepath.Join(dir, "out"), in},
		{"score", "-batch", in, "-o", filepath.Join(dir, "out.jsonl")},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitUsage {
			t.Errorf("oagen %s: exit %d, want %d; %s", args[0], code, exitUsage, stderr.String())
		}
		if want := `no -schema given and line 1 has no "schema"`; !strings.Contains(stderr.String(), want) || stdout.Len() != 0 {
			t.Errorf("oagen %s: stdout %q, stderr %q, want %q", args[0], stdout.String(), stderr.String(), want)
		}
	}
	for _, name := range []string{"out", "out.jsonl"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("%s written by a usage error (%v)", name, err)
		}
	}

	mixed := filepath.Join(dir, "mixed.jsonl")
	if err := os.WriteFile(mixed, []byte("{\"schema\":{\"type\":\"integer\"},\"gold\":1,\"candidate\":1}\n{\"gold\":2,\"candidate\":3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := string(runCLI(t, "score", "-batch", mixed))
	if want := "{\"score\":1.0}\n{\"score\":null,\"error\":\"line 2: no \\\"schema\\\" in the request and no default schema\",\"error_kind\":\"bad_schema\"}\n"; out != want {
		t.Errorf("mixed batch:\n%s\nwant\n%s", out, want)
	}
}

// TestEvalMergeRefusesDoubleCounting: -merge fails, naming both inputs,
// for the same directory twice (under any name), a copy of a shard, shards
// that overlap, and an output directory that is one of the shards.
func TestEvalMergeRefusesDoubleCounting(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	lines := genBatch(120)
	shard := func(name string, from, to int) string {
		var b strings.Builder
		for i := from; i < to; i++ {
			fmt.Fprintf(&b, `{"id":"case-%d",%s`+"\n", i, strings.TrimPrefix(lines[i].text, "{"))
		}
		in := path(name + ".jsonl")
		if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		runCLI(t, "eval", "-schema", orgSchema, "-quiet", "-o", path(name), in)
		return path(name)
	}
	a, b, overlap := shard("a", 0, 60), shard("b", 60, 120), shard("overlap", 30, 90)
	runCLI(t, "eval", "-merge", "-o", path("ok"), a, b)
	copyDir := path("copy")
	if err := os.CopyFS(copyDir, os.DirFS(a)); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(a, path("link")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		inputs []string
		out    string
		code   int
		want   string
	}{
		{[]string{a, b, a}, path("m"), exitUsage, a + " and " + a + " are the same shard directory"},
		{[]string{a, path("link")}, path("m"), exitUsage, a + " and " + path("link") + " are the same shard directory"},
		{[]string{a, filepath.Join(a, ".")}, path("m"), exitUsage, "are the same shard directory"},
		{[]string{b, copyDir}, path("m"), exitOK, ""},
		{[]string{a, copyDir}, path("m"), exitInput, a + " and " + copyDir + " have identical states"},
		{[]string{a, b, overlap}, path("m"), exitInput, " and " + overlap + " both have the case with id \"case-"},
		{[]string{a, b}, a, exitUsage, "-o " + a + " is the shard " + a},
	} {
		var stdout, stderr bytes.Buffer
		args := append([]string{"eval", "-merge", "-o", c.out}, c.inputs...)
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("oagen %s: exit %d, stderr %q; want exit %d and %q", strings.Join(args, " "), code, stderr.String(), c.code, c.want)
		}
	}
	if data, err := os.ReadFile(filepath.Join(a, "results.jsonl")); err != nil || bytes.Count(data, []byte("\n")) != 60 {
		t.Errorf("the shard's results.jsonl was touched: %d lines, %v", bytes.Count(data, []byte("\n")), err)
	}
}

// TestEvalFailUnderFlag: -fail-under shows no default in -h, takes a score
// in [0,1], and gates only when given (a run with a low mean passes without
// it and fails with it); a run in which no line could be scored fails with
// exit status 1 either way.
func TestEvalFailUnderFlag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"eval", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("eval -h: exit %d", code)
	}
	help := stderr.String()
	i := strings.Index(help, "  -fail-under X\n")
	if i < 0 {
		t.Fatalf("eval -h has no -fail-under X line:\n%s", help)
	}
	if line, _, _ := strings.Cut(help[i+len("  -fail-under X\n"):], "\n"); strings.Contains(line, "default") {
		t.Errorf("-fail-under help shows a default: %q", line)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(in, []byte("{\"schema\":{\"type\":\"integer\"},\"gold\":1,\"candidate\":\"one\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	none := filepath.Join(dir, "none.jsonl")
	if err := os.WriteFile(none, []byte("{\"schema\":{\"type\":\"integer\"},\"gold\":1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		flags []string
		code  int
	}{
		{nil, exitOK},
		{[]string{"-fail-under", "0.5"}, exitBelow},
		{[]string{"-fail-under", "80"}, exitUsage},
		{[]string{"-fail-under", "-1"}, exitUsage},
		{[]string{"-fail-under", "NaN"}, exitUsage},
		{[]string{none}, exitInput},
		{[]string{"-fail-under", "0", none}, exitInput},
	} {
		stderr.Reset()
		args := append([]string{"eval", "-o", out}, c.flags...)
		if !strings.HasSuffix(args[len(args)-1], ".jsonl") {
			args = append(args, in)
		}
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != c.code {
			t.Errorf("oagen %s: exit %d, want %d; %s", strings.Join(args, " "), code, c.code, stderr.String())
		}
	}
}

// classLines are eval lines with a value of every class of eval.Outcomes
// (one case holds them all, the others repeat some), under classSchema.
var classLines = []string{
	`{"id":"all","gold":{"a":"abc","b":"hello","c":"x","d":null,"f":"v","g":"w","i":null,"j":null},"candidate":{"a":"abc","b":"hallo","c":"y","d":"z","f":null,"h":"q","i":null}}`,
	`{"id":"wrong","gold":{"c":"x"},"candidate":{"c":"y"}}`,
	`{"id":"exact","gold":{"c":"x"},"candidate":{"c":"x"}}`,
	`{"id":"missing","gold":{"c":"x"},"candidate":{}}`,
	`{"id":"invented","gold":{},"candidate":{"c":"x"}}`,
}

const classSchema = `{"type":"object","keyScore":"exact","properties":{"a":{"type":"string"},"b":{"type":"string","score":"levenshtein"},"c":{"type":"string","score":"exact"},"d":{"type":["string","null"]},"f":{"type":["string","null"]},"g":{"type":"string"},"h":{"type":"string"},"i":{"type":["string","null"]},"j":{"type":["string","null"]},"k":{"type":"string"}}}`

// TestEvalClassesMerge evaluates classLines whole and in two shards: the
// merged summary has the hand-computed classes, as the whole run has.
func TestEvalClassesMerge(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, lines []string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	schema := write("schema.json", []string{classSchema})
	whole := write("all.jsonl", classLines)
	s0, s1 := write("s0.jsonl", classLines[:2]), write("s1.jsonl", classLines[2:])
	out := func(name string) string { return filepath.Join(dir, name) }
	runCLI(t, "eval", "-schema", schema, "-quiet", "-o", out("whole"), whole)
	runCLI(t, "eval", "-schema", schema, "-quiet", "-o", out("d0"), s0)
	runCLI(t, "eval", "-schema", schema, "-quiet", "-o", out("d1"), s1)
	runCLI(t, "eval", "-merge", "-o", out("merged"), out("d1"), out("d0"))
	for _, d := range []string{"whole", "merged"} {
		got := map[string]eval.PathSummary{}
		for _, p := range readSummary(t, out(d)).Paths {
			got[p.Path] = p
		}
		for path, want := range map[string]eval.Outcomes{
			// Every member but c is absent on both sides of the last
			// four cases (and k of all five).
			"/a": {Occurrences: 1, Exact: 1, TP: 1, BothAbsent: 4, TN: 4},
			"/b": {Occurrences: 1, Partial: 1, TP: 1, BothAbsent: 4, TN: 4},
			"/c": {Occurrences: 4, Exact: 1, Wrong: 2, Missing: 1, Invented: 1, TP: 1, FP: 3, FN: 3},
			"/d": {Occurrences: 1, Invented: 1, FP: 1, BothAbsent: 4, TN: 4},
			"/f": {Occurrences: 1, Missing: 1, FN: 1, BothAbsent: 4, TN: 4},
			"/g": {Occurrences: 1, Missing: 1, FN: 1, BothAbsent: 4, TN: 4},
			"/h": {Invented: 1, FP: 1, BothAbsent: 4, TN: 4},
			"/i": {Occurrences: 1, BothAbsent: 5, TN: 5},
			"/j": {Occurrences: 1, BothAbsent: 5, TN: 5},
			"/k": {BothAbsent: 5, TN: 5},
		} {
			if got[path].Outcomes != want {
				t.Errorf("%s %s: %+v\nwant %+v", d, path, got[path].Outcomes, want)
			}
		}
		if p := got["/c"]; *p.Recall != 0.25 || *p.RecallWithoutWrong != 0.5 || *p.Precision != 0.25 {
			t.Errorf("%s /c: precision %v, recall %v, recall without wrong %v", d, *p.Precision, *p.Recall, *p.RecallWithoutWrong)
		}
	}
	// non_matches.jsonl: five errors of the first case (c wrong, d and h
	// invented, f and g missing) and one of each of the wrong, missing
	// and invented cases; the merge concatenates the shards' in the order
	// given.
	read := func(name string) string {
		data, err := os.ReadFile(out(name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	whole, merged := read("whole/non_matches.jsonl"), read("merged/non_matches.jsonl")
	if merged != read("d1/non_matches.jsonl")+read("d0/non_matches.jsonl") {
		t.Errorf("merged non_matches.jsonl is not the shards' concatenated:\n%s", merged)
	}
	if n := strings.Count(whole, "\n"); n != 8 || strings.Count(merged, "\n") != 8 {
		t.Errorf("non_matches.jsonl: %d lines whole, %d merged, want 8:\n%s", n, strings.Count(merged, "\n"), whole)
	}
	for _, line := range []string{
		`{"id":"all","path":"/c","gold_pointer":"/c","candidate_pointer":"/c","class":"wrong","gold":"x","candidate":"y","delta":0.1111111111111111}`,
		`{"id":"all","path":"/g","gold_pointer":"/g","candidate_pointer":null,"class":"missing","gold":"w","delta":0.1111111111111111}`,
		`{"id":"invented","path":"/c","gold_pointer":null,"candidate_pointer":"/c","class":"invented","candidate":"x","delta":1}`,
	} {
		if !strings.Contains(whole, line+"\n") || !strings.Contains(merged, line+"\n") {
			t.Errorf("non_matches.jsonl lacks %s:\n%s", line, whole)
		}
	}
}
