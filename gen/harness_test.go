package gen

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// harnessDir, when set, keeps the harness module there (for debugging).
var harnessDir = flag.String("harness.dir", "", "write the harness module of the generated-code tests to this directory and keep it")

// harness generates one package per schema into a temporary module (with a
// replace directive pointing at this repository), builds one program that
// scores pairs through the generated code, and runs it once over all pairs.
type harness struct {
	dir     string
	schemas [][]byte // index → schema text
	refused map[int]error
}

// newHarness returns a harness writing to a temporary directory, or to
// -harness.dir.
func newHarness(t testing.TB) *harness {
	if *harnessDir != "" {
		must(t, os.MkdirAll(*harnessDir, 0o755))
		return &harness{dir: *harnessDir}
	}
	return &harness{dir: t.TempDir()}
}

// pair is one scoring request for the harness.
type pair struct {
	schema     int
	gold, cand jsonval.Value
}

// outcome is what a back end produced for one pair, rendered so that
// equality means bit-identical scores and identical operations.
type outcome struct {
	Score string // float64 bits, or "error"
	Typed bool
	Ops   string
}

func repoRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

func renderOps(ops []align.Op) string {
	var b strings.Builder
	for _, op := range ops {
		site := "-"
		if op.Site != nil {
			site = fmt.Sprintf("%q@%d", op.Site.Pointer, op.Site.Seq)
		}
		fmt.Fprintf(&b, "%s|%s|%s|%x|%s|%s|%s|%v|%v|%s|%x|%s\n", op.Op, op.Kind, op.Path, math.Float64bits(op.Delta),
			jsonval.AppendJSON(nil, op.Value), jsonval.AppendJSON(nil, op.Gold), jsonval.AppendJSON(nil, op.Pred), op.HasGold, op.HasPred, op.PairID, math.Float64bits(op.Confidence), site)
	}
	return b.String()
}

// build writes the module and builds the program; it returns the path of
// the binary.
func (h *harness) build(t testing.TB) string {
	t.Helper()
	root := repoRoot(t)
	gomod := fmt.Sprintf("module oagentest\n\ngo 1.26.0\n\nrequire github.com/objectaligner/oagen v0.0.0\n\nreplace github.com/objectaligner/oagen => %s\n", root)
	must(t, os.WriteFile(filepath.Join(h.dir, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(h.dir, "go.sum"), sum, 0o644))
	h.refused = map[int]error{}
	var cases strings.Builder
	// Every schema's scorer goes into one package (one compilation), each
	// with its own root type Root<i>.
	ns := newNamespace()
	must(t, os.MkdirAll(filepath.Join(h.dir, "all"), 0o755))
	for i, s := range h.schemas {
		name := fmt.Sprintf("Root%d", i)
		f := newFile("all", "", fmt.Sprintf("from s%d.json", i))
		if err := generateInto(f, ns, Options{TypeName: name, Package: "all", SchemaFile: fmt.Sprintf("s%d.json", i), SchemaJSON: s}); err != nil {
			h.refused[i] = err
			continue
		}
		src, err := f.render()
		must(t, err)
		must(t, os.WriteFile(filepath.Join(h.dir, "all", fmt.Sprintf("s%d_oa.go", i)), src, 0o644))
		fmt.Fprintf(&cases, "\tcase %d:\n\t\ts, typed, err = all.Score%sJSONDetail(g, p)\n\t\tif err == nil { ops, err = all.Repair%sJSON(g, p); what = \"repair: \" }\n", i, name, name)
	}
	imports := strings.Builder{}
	if cases.Len() > 0 {
		imports.WriteString("\t\"oagentest/all\"\n")
	} else {
		must(t, os.WriteFile(filepath.Join(h.dir, "all", "doc.go"), []byte("package all\n"), 0o644))
	}
	main := `package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
` + imports.String() + `)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<28)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		parts := strings.SplitN(in.Text(), "\t", 3)
		idx, _ := strconv.Atoi(parts[0])
		g, p := []byte(parts[1]), []byte(parts[2])
		var s float64
		var typed bool
		var err error
		var ops []align.Op
		what := ""
		switch idx {
` + cases.String() + `	}
		if err != nil {
			fmt.Fprintf(out, "error\t%v\t%s\n", typed, strconv.Quote(what+err.Error()))
			continue
		}
		fmt.Fprintf(out, "%x\t%v\t%s\n", math.Float64bits(s), typed, strconv.Quote(render(ops)))
	}
}

func render(ops []align.Op) string {
	var b strings.Builder
	for _, op := range ops {
		site := "-"
		if op.Site != nil {
			site = fmt.Sprintf("%q@%d", op.Site.Pointer, op.Site.Seq)
		}
		fmt.Fprintf(&b, "%s|%s|%s|%x|%s|%s|%s|%v|%v|%s|%x|%s\n", op.Op, op.Kind, op.Path, math.Float64bits(op.Delta),
			jsonval.AppendJSON(nil, op.Value), jsonval.AppendJSON(nil, op.Gold), jsonval.AppendJSON(nil, op.Pred), op.HasGold, op.HasPred, op.PairID, math.Float64bits(op.Confidence), site)
	}
	return b.String()
}
`
	must(t, os.MkdirAll(filepath.Join(h.dir, "cmd", "harness"), 0o755))
	must(t, os.WriteFile(filepath.Join(h.dir, "cmd", "harness", "main.go"), []byte(main), 0o644))
	bin := filepath.Join(h.dir, "harness.bin")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/harness") // -trimpath: the build cache serves a new temporary directory
	cmd.Dir = h.dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the harness: %v\n%s", err, out)
	}
	return bin
}

// run scores the pairs through the generated code.
func (h *harness) run(t testing.TB, bin string, pairs []pair) []outcome {
	t.Helper()
	var in bytes.Buffer
	for _, p := range pairs {
		fmt.Fprintf(&in, "%d\t%s\t%s\n", p.schema, jsonval.AppendJSON(nil, p.gold), jsonval.AppendJSON(nil, p.cand))
	}
	cmd := exec.Command(bin)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the harness: %v\n%s", err, stderr.String())
	}
	var res []outcome
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	for sc.Scan() {
		f := strings.SplitN(sc.Text(), "\t", 3)
		o := outcome{Score: f[0], Typed: f[1] == "true"}
		if len(f) == 3 && f[2] != "" {
			o.Ops, _ = strconv.Unquote(f[2])
		}
		res = append(res, o)
	}
	if len(res) != len(pairs) {
		t.Fatalf("harness returned %d results for %d pairs\n%s", len(res), len(pairs), stderr.String())
	}
	return res
}

// interpOutcome is the interpreter's result for a pair: Score's error, or
// the error of Align and Repair (prefixed "repair: "), is compared as text.
func interpOutcome(sc *interp.Scorer, g, p jsonval.Value) outcome {
	if _, err := sc.Score(g, p); err != nil {
		return outcome{Score: "error", Ops: err.Error()}
	}
	r, err := sc.Align(g, p)
	if err != nil {
		return outcome{Score: "error", Ops: "repair: " + err.Error()}
	}
	ops, err := r.Repair(interp.RepairOptions{})
	if err != nil {
		return outcome{Score: "error", Ops: "repair: " + err.Error()}
	}
	return outcome{Score: strconv.FormatUint(math.Float64bits(r.Score), 16), Ops: renderOps(ops)}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
