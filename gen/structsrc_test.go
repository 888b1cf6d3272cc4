package gen_test

import (
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

	"github.com/objectaligner/oagen/gen"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/structtag"
)

// TestNoDriftStructSource is TestNoDrift for the struct-source directives
// (`oagen gen -type T[,U…]` without -schema) under examples/: it loads the
// package, regenerates the file as oagen gen does and compares it byte for
// byte.
func TestNoDriftStructSource(t *testing.T) {
	repo := root(t)
	files, err := filepath.Glob(filepath.Join(repo, "examples", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen "
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		must(t, err)
		for _, line := range strings.Split(string(data), "\n") {
			if !strings.HasPrefix(line, prefix) {
				continue
			}
			fs := flag.NewFlagSet("gen", flag.ContinueOnError)
			schema := fs.String("schema", "", "")
			typ := fs.String("type", "", "")
			out := fs.String("o", "", "")
			typed := fs.Bool("typed", false, "")
			fs.String("pkg", "", "")
			if err := fs.Parse(strings.Fields(strings.TrimPrefix(line, prefix))); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if *schema != "" {
				continue // TestNoDrift
			}
			n++
			dir := filepath.Dir(f)
			pattern := "."
			if fs.NArg() > 0 {
				pattern = fs.Arg(0)
			}
			pkgs, err := structtag.Load(structtag.LoadOptions{Dir: dir}, pattern)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			p := pkgs[0]
			var roots []gen.TypeRoot
			names := strings.Split(*typ, ",")
			for _, name := range names {
				s, err := p.Compile(strings.TrimSpace(name), ir.Options{})
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				shapes, err := p.GoShapes(s)
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				roots = append(roots, gen.TypeRoot{Name: strings.TrimSpace(name), Schema: s.IR, Shapes: shapes})
			}
			if *out == "" {
				*out = filepath.Join(p.Dir, strings.ToLower(strings.TrimSpace(names[0]))+"_oa.go")
			} else if !filepath.IsAbs(*out) {
				*out = filepath.Join(dir, *out)
			}
			got, err := os.ReadFile(*out)
			must(t, err)
			want, err := gen.GenerateTypes(gen.TypesOptions{Package: p.Name, Roots: roots, TypedOnly: *typed, Version: version(got)})
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s is stale: run go generate ./... (oagen gen output changed)", *out)
			}
		}
	}
	if n == 0 {
		t.Fatal("no struct-source oagen gen directives found under examples/")
	}
}

func root(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// TestStructSourceFidelity generates the struct-source scorer (structtag +
// GenerateTypes) of the struct-tag rendition of every paper schema
// (testdata/structtags/<name>), compiles it beside the rendition's types and
// scores that schema's conformance vectors (paper_schemas.jsonl.gz) with
// ScoreRoot and RepairRoot on the values encoding/json decodes. Score (bits)
// and ranked operations must equal the interpreter's on the JSON encoding
// of the decoded values, which for most vectors is the vector itself.
func TestStructSourceFidelity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code")
	}
	repo := root(t)
	pkgs, err := structtag.Load(structtag.LoadOptions{Dir: repo}, "./testdata/structtags/...", "./testdata/structmaps/...")
	if err != nil {
		t.Fatal(err)
	}
	vectors, err := conformance.LoadFile(filepath.Join(repo, "testdata", "conformance", "paper_schemas.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := fmt.Sprintf("module oagentest\n\ngo 1.26.0\n\nrequire github.com/objectaligner/oagen v0.0.0\n\nreplace github.com/objectaligner/oagen => %s\n", repo)
	must(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))

	index := map[string]int{} // rendition directory → case of the harness
	scorers := map[string]*interp.Scorer{}
	var imports, cases strings.Builder
	for _, p := range pkgs {
		name := filepath.Base(p.Dir)
		s, err := p.Compile("Root", ir.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		shapes, err := p.GoShapes(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		src, err := gen.GenerateTypes(gen.TypesOptions{Package: p.Name, Roots: []gen.TypeRoot{{Name: "Root", Schema: s.IR, Shapes: shapes}}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if scorers[name], err = interp.New(s.IR, interp.Options{}); err != nil {
			t.Fatal(err)
		}
		pdir := filepath.Join(dir, name)
		must(t, os.MkdirAll(pdir, 0o755))
		files, _ := filepath.Glob(filepath.Join(p.Dir, "*.go"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			must(t, err)
			must(t, os.WriteFile(filepath.Join(pdir, filepath.Base(f)), data, 0o644))
		}
		must(t, os.WriteFile(filepath.Join(pdir, "root_oa.go"), src, 0o644))
		// A package of its own (not a rendition of a conformance schema)
		// brings its pairs.
		if data, err := os.ReadFile(filepath.Join(p.Dir, "pairs.jsonl")); err == nil {
			for k, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				v, err := jsonval.DecodeString(line)
				must(t, err)
				g, _ := v.Get("gold")
				c, _ := v.Get("cand")
				tags := jsonval.NewObject([]jsonval.Member{{Key: "schema_name", Value: jsonval.NewString(name)}})
				vectors = append(vectors, &conformance.Vector{ID: fmt.Sprintf("%s/pairs.jsonl:%d", name, k+1), Gold: g, Cand: c, Tags: tags})
			}
		}
		i := len(index)
		index[name] = i
		fmt.Fprintf(&imports, "\t%s %q\n", "p"+strconv.Itoa(i), "oagentest/"+name)
		fmt.Fprintf(&cases, "\tcase \"%d\":\n\t\tscore(in, out, new(p%[1]d.Root), new(p%[1]d.Root), p%[1]d.ScoreRoot, p%[1]d.RepairRoot)\n", i)
	}
	main := `package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
` + imports.String() + `)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for sc.Scan() {
		in := strings.SplitN(sc.Text(), "\t", 3)
		switch in[0] {
` + cases.String() + `	}
	}
}

// score decodes the pair with encoding/json, scores it and prints the score
// bits, the ranked operations and the JSON encodings of the decoded values
// (or "skip" when a value does not decode).
func score[T any](in []string, out *bufio.Writer, g, p *T, score func(g, p *T) (float64, error), repair func(g, p *T) ([]align.Op, error)) {
	if json.Unmarshal([]byte(in[1]), g) != nil || json.Unmarshal([]byte(in[2]), p) != nil {
		fmt.Fprintln(out, "skip")
		return
	}
	s, err := score(g, p)
	if err != nil {
		fmt.Fprintf(out, "error\t%q\n", err.Error())
		return
	}
	ops, err := repair(g, p)
	if err != nil {
		fmt.Fprintf(out, "error\t%q\n", err.Error())
		return
	}
	gj, _ := json.Marshal(g)
	pj, _ := json.Marshal(p)
	var b strings.Builder
	for _, op := range ops {
		site := "-"
		if op.Site != nil {
			site = fmt.Sprintf("%q@%d", op.Site.Pointer, op.Site.Seq)
		}
		fmt.Fprintf(&b, "%s|%s|%s|%x|%s|%s|%s|%v|%v|%s|%x|%s\n", op.Op, op.Kind, op.Path, math.Float64bits(op.Delta),
			jsonval.AppendJSON(nil, op.Value), jsonval.AppendJSON(nil, op.Gold), jsonval.AppendJSON(nil, op.Pred), op.HasGold, op.HasPred, op.PairID, math.Float64bits(op.Confidence), site)
	}
	fmt.Fprintf(out, "%x\t%s\t%s\t%s\n", math.Float64bits(s), strconv.Quote(b.String()), gj, pj)
}
`
	must(t, os.MkdirAll(filepath.Join(dir, "cmd", "harness"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "cmd", "harness", "main.go"), []byte(main), 0o644))
	bin := filepath.Join(dir, "harness.bin")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/harness") // -trimpath: the build cache serves a new temporary directory
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the harness: %v\n%s", err, out)
	}

	var in bytes.Buffer
	var run []*conformance.Vector
	for _, v := range vectors {
		tag, _ := v.Tags.Get("schema_name")
		i, ok := index[tag.S]
		if !ok {
			t.Fatalf("%s: no rendition for schema %q", v.ID, tag.S)
		}
		fmt.Fprintf(&in, "%d\t%s\t%s\n", i, jsonval.AppendJSON(nil, v.Gold), jsonval.AppendJSON(nil, v.Cand))
		run = append(run, v)
	}
	cmd = exec.Command(bin)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the harness: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(run) {
		t.Fatalf("harness returned %d results for %d vectors\n%s", len(lines), len(run), stderr.String())
	}
	agree, skipped, exact, fails := 0, 0, 0, 0
	for k, v := range run {
		f := strings.SplitN(lines[k], "\t", 4)
		if f[0] == "skip" {
			skipped++
			continue
		}
		tag, _ := v.Tags.Get("schema_name")
		if len(f) != 4 {
			t.Fatalf("%s: %s", v.ID, lines[k])
		}
		g, err := jsonval.Decode([]byte(f[2]), jsonval.DecodeOptions{})
		must(t, err)
		p, err := jsonval.Decode([]byte(f[3]), jsonval.DecodeOptions{})
		must(t, err)
		if bytes.Equal(jsonval.AppendJSON(nil, g), jsonval.AppendJSON(nil, v.Gold)) && bytes.Equal(jsonval.AppendJSON(nil, p), jsonval.AppendJSON(nil, v.Cand)) {
			exact++
		}
		want := interpResult(scorers[tag.S], g, p)
		ops, _ := strconv.Unquote(f[1])
		if got := f[0] + "\n" + ops; got != want {
			fails++
			if fails <= 5 {
				t.Errorf("%s (%s): generated\n%s\ninterpreter\n%s", v.ID, tag.S, got, want)
			}
			continue
		}
		agree++
	}
	if agree == 0 {
		t.Fatal("no vector scored")
	}
	t.Logf("%d renditions, %d vectors: %d agree bit for bit (%d of them round-trip through the Go types unchanged), %d do not decode into the types", len(index), len(run), agree, exact, skipped)
}

// interpResult is the interpreter's score bits and ranked operations,
// rendered as the harness renders them.
func interpResult(sc *interp.Scorer, g, p jsonval.Value) string {
	r, err := sc.Align(g, p)
	if err != nil {
		return "error " + err.Error()
	}
	ops, err := r.Repair(interp.RepairOptions{})
	if err != nil {
		return "error " + err.Error()
	}
	var b strings.Builder
	for _, op := range ops {
		site := "-"
		if op.Site != nil {
			site = fmt.Sprintf("%q@%d", op.Site.Pointer, op.Site.Seq)
		}
		fmt.Fprintf(&b, "%s|%s|%s|%x|%s|%s|%s|%v|%v|%s|%x|%s\n", op.Op, op.Kind, op.Path, math.Float64bits(op.Delta),
			jsonval.AppendJSON(nil, op.Value), jsonval.AppendJSON(nil, op.Gold), jsonval.AppendJSON(nil, op.Pred), op.HasGold, op.HasPred, op.PairID, math.Float64bits(op.Confidence), site)
	}
	return strconv.FormatUint(math.Float64bits(r.Score), 16) + "\n" + b.String()
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// version returns the oagen version a generated file's header names.
func version(src []byte) string {
	for _, line := range strings.Split(string(src), "\n") {
		if v, ok := strings.CutPrefix(line, "// oagen version: "); ok {
			return v
		}
	}
	return ""
}
