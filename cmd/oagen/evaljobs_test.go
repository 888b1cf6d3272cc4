package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// TestEvalJobsKeepSameCases runs eval over TestEvalGolden's dataset three
// times over, keeping few cases (-worst 2 -sample 3), so that the cases
// kept change often while the workers of a parallel run prepare lines
// ahead of the state (with its earlier cutoffs): every output of -jobs 2
// and -jobs 4 must be that of -jobs 1.
func TestEvalJobsKeepSameCases(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(evalGoldenDir, "in.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "in.jsonl")
	if err := os.WriteFile(in, bytes.Repeat(data, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	outs := map[string]map[string][]byte{}
	for _, jobs := range []string{"1", "2", "4"} {
		dir := filepath.Join(t.TempDir(), "jobs"+jobs)
		args := []string{"eval", "-schema-root", "../..", "-quiet", "-worst", "2", "-sample", "3", "-jobs", jobs, "-o", dir, in}
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
			t.Fatalf("-jobs %s: exit %d: %s", jobs, code, stderr.String())
		}
		outs[jobs] = map[string][]byte{}
		for _, f := range evalGoldenFiles {
			if outs[jobs][f], err = os.ReadFile(filepath.Join(dir, f)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, jobs := range []string{"2", "4"} {
		for _, f := range evalGoldenFiles {
			if !bytes.Equal(outs[jobs][f], outs["1"][f]) {
				t.Errorf("-jobs %s wrote another %s than -jobs 1", jobs, f)
			}
		}
	}
}

// TestDetachEval: a worker's prepared line keeps no reference to the
// worker's storage, has the non-match lines of its case, and, for a case
// the cutoff wants, the line as kept: with its top fix and detail, or the
// failure a ranking that fails makes of it.
func TestDetachEval(t *testing.T) {
	schema, err := os.ReadFile("../../examples/orgchart/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	e, err := request.NewEngine(request.EngineConfig{Schema: schema, SchemaFile: "schema.json"})
	if err != nil {
		t.Fatal(err)
	}
	ls := &eval.LineScorer{Engine: e, Decode: jsonval.DecodeOptions{}, Observer: eval.NewObserver(eval.Config{}), DeferOps: true}
	var parts [2]string
	for i, f := range []string{"gold.json", "candidate.json"} {
		data, err := os.ReadFile("../../examples/orgchart/" + f)
		if err != nil {
			t.Fatal(err)
		}
		parts[i] = string(data)
	}
	line := []byte(`{"id":"fig1","gold":` + strings.Join(strings.Fields(parts[0]), " ") + `,"candidate":` + strings.Join(strings.Fields(parts[1]), " ") + `}`)
	w := ls.Worker()
	score := func(failRanking bool) scored {
		s := scored{ScoredLine: w.Score(1, line), number: 1, line: line}
		if s.Err != nil {
			t.Fatal(s.Err)
		}
		if failRanking {
			s.Settings.Repair.MinContribution = -1
		}
		return s
	}
	all := func(float64, uint64) bool { return true }
	none := func(float64, uint64) bool { return false }

	s := score(false)
	want := string(s.Output)
	detachEval(ls, &s, none)
	if s.Request != nil || s.Result != nil || s.Ops != nil || s.eval == nil || s.eval.kept != nil {
		t.Fatalf("not wanted: request %v, result %v, ops %v, prepared %+v", s.Request != nil, s.Result != nil, s.Ops, s.eval)
	}
	if len(s.Case.NonMatches) == 0 || bytes.Count(s.eval.nonMatches, []byte("\n")) != len(s.Case.NonMatches) {
		t.Fatalf("%d non-matches, lines %q", len(s.Case.NonMatches), s.eval.nonMatches)
	}
	out := s.Output
	score(false) // the worker's next line overwrites its buffer
	if string(out) != want {
		t.Fatalf("the prepared response changed with the worker's next line: %q", out)
	}

	s = score(false)
	detachEval(ls, &s, all)
	k := s.eval.kept
	if k == nil || k.err != nil || k.line.Err != nil || k.line.Case.TopFix == nil || len(k.line.Case.Detail) == 0 ||
		k.line.Result != nil || k.line.Ops != nil || k.line.Request != nil || !bytes.Equal(k.line.Output, s.Output) {
		t.Fatalf("wanted: kept %+v", k)
	}
	if s.Case.TopFix != nil || s.Case.Detail != nil {
		t.Fatalf("wanted: the line as scored changed: %+v", s.Case)
	}

	s = score(true)
	detachEval(ls, &s, all)
	if k := s.eval.kept; k == nil || k.line.Err == nil || k.line.Case.Error == "" || !strings.HasPrefix(string(k.line.Output), `{"id":"fig1","score":null,"error":"line 1: `) {
		t.Fatalf("a failing ranking: kept %+v", k)
	}
	if s.Err != nil || len(s.eval.nonMatches) == 0 {
		t.Fatalf("a failing ranking changed the line as scored: %v", s.Err)
	}
}
