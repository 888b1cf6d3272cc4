package gen

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag"
)

// TestEmitSnapshot guards refactors of the emitter: with
// OAGEN_EMIT_SNAPSHOT=dir it generates the code of every schema under
// testdata/schemas and examples/ and of 300 random schemas of the fidelity
// test's generator (fixed seed) and of the struct sources of
// testdata/structtags and testdata/structmaps, typed and not, and writes each output to
// dir when dir is empty, else requires it byte for byte (the committed
// examples, struct sources included, are TestNoDrift's and
// TestNoDriftStructSource's). Without the variable it is
// skipped: the snapshot is taken from the tree before a refactor.
//
//	OAGEN_EMIT_SNAPSHOT=/tmp/snap go test ./gen -run TestEmitSnapshot   # before: writes
//	OAGEN_EMIT_SNAPSHOT=/tmp/snap go test ./gen -run TestEmitSnapshot   # after: compares
func TestEmitSnapshot(t *testing.T) {
	dir := os.Getenv("OAGEN_EMIT_SNAPSHOT")
	if dir == "" {
		t.Skip("set OAGEN_EMIT_SNAPSHOT to a directory")
	}
	must(t, os.MkdirAll(dir, 0o755))
	ents, err := os.ReadDir(dir)
	must(t, err)
	write := len(ents) == 0
	root := repoRoot(t)
	type input struct {
		name   string
		schema []byte
	}
	var ins []input
	for _, pat := range []string{"testdata/schemas/*.json", "examples/*/schema*.json", "examples/*/*.schema.json"} {
		files, err := filepath.Glob(filepath.Join(root, pat))
		must(t, err)
		for _, f := range files {
			data, err := os.ReadFile(f)
			must(t, err)
			rel, _ := filepath.Rel(root, f)
			ins = append(ins, input{strings.NewReplacer("/", "_", ".json", "").Replace(rel), data})
		}
	}
	params := gopter.DefaultGenParameters().CloneWithSeed(20261202)
	gen := genCase(0)
	for i := range 300 {
		v, ok := gen(params).Retrieve()
		if !ok {
			t.Fatal("generator failed")
		}
		ins = append(ins, input{fmt.Sprintf("random%03d", i), v.(fidelityCase).schema})
	}
	n, same := 0, 0
	check := func(name string, out []byte, err error) {
		if err != nil {
			out = []byte("error: " + err.Error() + "\n")
		}
		path := filepath.Join(dir, name+".go.txt")
		n++
		if write {
			must(t, os.WriteFile(path, out, 0o644))
			return
		}
		want, rerr := os.ReadFile(path)
		if rerr != nil {
			t.Errorf("%s: not in the snapshot: %v", name, rerr)
			return
		}
		if !bytes.Equal(out, want) {
			must(t, os.WriteFile(path+".new", out, 0o644))
			t.Errorf("%s differs from the snapshot (diff %s %s.new)", name, path, path)
			return
		}
		same++
	}
	for _, in := range ins {
		for _, typed := range []bool{false, true} {
			out, err := Generate(Options{TypeName: "Root", Package: "snap", SchemaFile: in.name + ".json", SchemaJSON: in.schema, TypedOnly: typed, Version: "v0.0.0-snapshot"})
			check(fmt.Sprintf("%s_typed%v", in.name, typed), out, err)
		}
	}
	// The struct sources of the structtag test data (GenerateTypes).
	pkgs, err := structtag.Load(structtag.LoadOptions{Dir: root}, "./testdata/structtags/...", "./testdata/structmaps/...")
	must(t, err)
	for _, p := range pkgs {
		s, err := p.Compile("Root", ir.Options{})
		must(t, err)
		shapes, err := p.GoShapes(s)
		must(t, err)
		for _, typed := range []bool{false, true} {
			out, err := GenerateTypes(TypesOptions{Package: p.Name, Roots: []TypeRoot{{Name: "Root", Schema: s.IR, Shapes: shapes}}, TypedOnly: typed, Version: "v0.0.0-snapshot"})
			check(fmt.Sprintf("struct_%s_typed%v", filepath.Base(p.Dir), typed), out, err)
		}
	}
	if write {
		t.Logf("wrote %d outputs to %s", n, dir)
		return
	}
	t.Logf("%d outputs, %d identical to the snapshot", n, same)
}

// TestTemplateFailure: a template that fails (a bug of the generator)
// becomes an error of the call, not a panic.
func TestTemplateFailure(t *testing.T) {
	run := func() (err error) {
		defer catchTemplate(&err)
		var b bytes.Buffer
		execute(&b, "encodeArray", struct{ Name string }{"f"}) // no field Type
		return nil
	}
	if err := run(); err == nil || !strings.Contains(err.Error(), "template encodeArray") {
		t.Errorf("got %v", err)
	}
}
