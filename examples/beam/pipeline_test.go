package evalbeam

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/jsonval"
)

// TestMain runs the pipelines of the tests on Beam's local runner, prism
// (in process, no network), unless --runner says otherwise.
func TestMain(m *testing.M) { ptest.MainWithDefault(m, "prism") }

const orgSchema = "../../examples/orgchart/schema.json"

// dataset writes the test's input in three shards and whole: Org2Graph
// and paper-schema conformance vectors (each line carries its schema), the
// paper's org chart under the default schema, and lines that cannot be
// scored. Every scorable line has an id; the second shard has CRLF line
// ends.
func dataset(t *testing.T, dir string) (whole, glob string) {
	t.Helper()
	var lines [][]byte
	add := func(format string, args ...any) { lines = append(lines, fmt.Appendf(nil, format, args...)) }
	for _, fam := range []struct {
		name string
		step int
	}{{"fig1", 1}, {"o2g_relabel", 3}, {"o2g_damage", 12}, {"paper_schemas", 4}} {
		vs, err := conformance.LoadFile("../../testdata/conformance/" + fam.name + ".jsonl.gz")
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(vs); i += fam.step {
			v := vs[i]
			add(`{"id":%q,"schema":%s,"gold":%s,"candidate":%s}`, v.ID, v.SchemaText, jsonval.AppendJSON(nil, v.Gold), jsonval.AppendJSON(nil, v.Cand))
		}
	}
	gold, err := os.ReadFile("../../examples/orgchart/gold.json")
	if err != nil {
		t.Fatal(err)
	}
	cand, err := os.ReadFile("../../examples/orgchart/candidate.json")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		add(`{"id":"org-%d","gold":%s,"candidate":%s,"options":{"wl_rounds":%d}}`, i, compact(t, gold), compact(t, cand), i)
	}
	add(`{"id":"bad-option","gold":1,"candidate":1,"options":{"nope":1}}`)
	add(`{"gold":`)
	add(`[1,2]`)

	var all bytes.Buffer
	for s := range 3 {
		var b bytes.Buffer
		for i := s * len(lines) / 3; i < (s+1)*len(lines)/3; i++ {
			b.Write(lines[i])
			if s == 1 {
				b.WriteByte('\r') // a shard with CRLF line ends
			}
			b.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", s)), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		all.Write(b.Bytes())
	}
	whole = filepath.Join(dir, "all.jsonl")
	if err := os.WriteFile(whole, all.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return whole, filepath.Join(dir, "shard-*.jsonl")
}

func compact(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
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

// TestPipelineEqualsOagenEval runs the pipeline over three shards and
// "oagen eval" over their concatenation: the summaries are equal (mean
// deficits to 1e-12, everything else exactly), and so are the reports but
// for their titles and the cases' line numbers (a pipeline has none).
func TestPipelineEqualsOagenEval(t *testing.T) {
	dir := t.TempDir()
	whole, glob := dataset(t, dir)

	bin := filepath.Join(dir, "oagen")
	build := exec.Command("go", "build", "-o", bin, "./cmd/oagen")
	build.Dir = "../.." // in the main module, with its own dependencies
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building oagen: %v\n%s", err, out)
	}
	cliDir := filepath.Join(dir, "cli")
	if out, err := exec.Command(bin, "eval", "-quiet", "-schema", orgSchema, "-o", cliDir, whole).CombinedOutput(); err != nil {
		t.Fatalf("oagen eval: %v\n%s", err, out)
	}

	schema, err := os.ReadFile(orgSchema)
	if err != nil {
		t.Fatal(err)
	}
	beamDir := filepath.Join(dir, "beam")
	p, s := beam.NewPipelineWithRoot()
	if err := Build(s, Config{Input: glob, Output: beamDir, Schema: schema, SchemaFile: orgSchema, Title: "pipeline"}); err != nil {
		t.Fatal(err)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatalf("pipeline: %v", err)
	}

	got, want := readSummary(t, beamDir), readSummary(t, cliDir)
	if want.Scored < 100 || want.Errors.Count != 3 || len(want.Worst) == 0 || len(want.Paths) < 10 {
		t.Fatalf("oagen eval's summary is not the one expected of the dataset: %+v", want)
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
	got.Paths, want.Paths = nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("summary differs:\npipeline   %+v\noagen eval %+v", got, want)
	}

	normalize := func(dir string) string {
		data, err := os.ReadFile(filepath.Join(dir, "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		s := regexp.MustCompile(`(?s)<title>.*?</title>|<h1 id="title">.*?</h1>`).ReplaceAllString(string(data), "")
		return regexp.MustCompile(`"line":\d+,`).ReplaceAllString(s, "")
	}
	if g, w := normalize(beamDir), normalize(cliDir); g != w {
		t.Error("the pipeline's report differs from oagen eval's")
	}
	if _, err := os.Stat(filepath.Join(beamDir, "state.json")); err != nil {
		t.Error(err)
	}
}
