package interp_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/objectaligner/oagen/internal/amrpairs"
	"github.com/objectaligner/oagen/internal/cputime"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestAMRFastPaths checks the record kernel's empty-array members
// (kernel.go), the bijection search's memo of reference-free arrays
// (memo.go) and row memo (rowmemo.go), and the main pass's reuse of the
// record matrices of the derivation (recordMatrix) against the generic
// path on AMR-shaped pairs (internal/amrpairs: node records with
// "attributes" arrays, mostly empty; relations through references; ties
// the search resolves), in both profiles, at the default limits, at a
// MaxWork that stops the pair part-way (the error must name the same
// pointer), at a MaxDepth the derivation's cells stay within but the main
// pass's do not (5) and one both stay within (6), and with a cancellable
// context: the scores agree bit for bit and the errors word for word.
func TestAMRFastPaths(t *testing.T) {
	t.Parallel()
	schema, err := os.ReadFile("../testdata/schemas/amr_ra.json")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(20261202, 25))
	n := 300
	if testing.Short() {
		n = 60
	}
	var pairs [][2]jsonval.Value
	for i := range n {
		line, err := amrpairs.Pair(r, i)
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonval.Decode(line, jsonval.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := v.Get("gold")
		c, _ := v.Get("candidate")
		pairs = append(pairs, [2]jsonval.Value{g, c})
	}
	for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
		for _, lim := range []interp.Limits{{}, {MaxWork: 40}, {MaxWork: 150}, {MaxWork: 400}, {MaxDepth: 5}, {MaxDepth: 6}} {
			fast, err := interp.Compile(schema, "amr_ra.json", interp.Options{Compat: compat, Limits: lim})
			if err != nil {
				t.Fatal(err)
			}
			slow := interp.GenericCells(fast)
			for i, p := range pairs {
				if msg := sameOutcome(fast, slow, p[0], p[1]); msg != "" {
					t.Fatalf("compat %q limits %+v pair %d: %s\n  gold: %s\n  cand: %s", compat, lim, i, msg, jsonText(p[0]), jsonText(p[1]))
				}
				if lim != (interp.Limits{}) || i%10 != 0 {
					continue
				}
				ctx, cancel := context.WithCancel(context.Background())
				r1, err1 := fast.AlignContext(ctx, p[0], p[1])
				r0, err0 := slow.AlignContext(ctx, p[0], p[1])
				cancel()
				if err0 != nil || err1 != nil {
					t.Fatalf("pair %d: Align: %v, %v", i, err1, err0)
				}
				if r0.Score != r1.Score || fmt.Sprint(r0.Bijections) != fmt.Sprint(r1.Bijections) {
					t.Fatalf("compat %q pair %d: Align %v %v, generic %v %v", compat, i, r1.Score, r1.Bijections, r0.Score, r0.Bijections)
				}
			}
		}
	}
}

// BenchmarkInterpScoreAMR scores 300 AMR-shaped pairs of internal/amrpairs
// (the "amr" dataset of internal/linebench) in turn: the interpreter's
// share of a "score -batch" line on them (docs/PERFORMANCE.md, "Request
// path").
func BenchmarkInterpScoreAMR(b *testing.B) {
	schema, err := os.ReadFile("../testdata/schemas/amr_ra.json")
	if err != nil {
		b.Fatal(err)
	}
	s, err := interp.Compile(schema, "amr_ra.json", interp.Options{})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 25))
	var pairs [][2]jsonval.Value
	for i := range 300 {
		line, err := amrpairs.Pair(r, i)
		if err != nil {
			b.Fatal(err)
		}
		v, err := jsonval.Decode(line, jsonval.DecodeOptions{})
		if err != nil {
			b.Fatal(err)
		}
		g, _ := v.Get("gold")
		c, _ := v.Get("candidate")
		pairs = append(pairs, [2]jsonval.Value{g, c})
	}
	b.ReportAllocs()
	start := cputime.Process()
	i := 0
	for b.Loop() {
		p := pairs[i%len(pairs)]
		if _, err := s.Score(p[0], p[1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
}
