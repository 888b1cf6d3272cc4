package interp_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// sameOutcome scores the pair with the record kernel and without it and
// reports how they differ: the score bit for bit, or the error text (a
// limit error names the same limit at the same pointer).
func sameOutcome(fast, slow *interp.Scorer, gold, cand jsonval.Value) string {
	s1, err1 := fast.Score(gold, cand)
	s0, err0 := slow.Score(gold, cand)
	switch {
	case (err0 == nil) != (err1 == nil):
		return fmt.Sprintf("kernel error %v, generic error %v", err1, err0)
	case err0 != nil && err0.Error() != err1.Error():
		return fmt.Sprintf("kernel error %q, generic error %q", err1, err0)
	case math.Float64bits(s0) != math.Float64bits(s1):
		return fmt.Sprintf("kernel score %v, generic score %v", s1, s0)
	}
	return ""
}

// TestPropertyKernelExact checks the record kernel (kernel.go) against the
// generic path: on the referential families (damaged, permuted and
// relabelled candidates, number-kind flips) and on random schemas, in both
// profiles, at the default limits and at a MaxWork that stops the pair
// part-way (the error must name the same pointer), the scores agree bit for
// bit and the errors word for word.
func TestPropertyKernelExact(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	type pair struct{ fast, slow *interp.Scorer }
	variants := func(s *interp.Scorer, work int64) []pair {
		var out []pair
		for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
			f, err := interp.New(s.Schema(), interp.Options{Compat: compat, Limits: interp.Limits{MaxWork: work}})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, pair{f, interp.GenericCells(f)})
		}
		return out
	}
	props := gopter.NewProperties(propParams(t, propCases()/2))
	props.Property("the record kernel scores as the generic path", prop.ForAll(
		func(seed uint64, fi, size, mi int, tight bool) string {
			r := rand.New(rand.NewPCG(seed, 23))
			var s *interp.Scorer
			var gold, cand jsonval.Value
			var where string
			if fi < len(fams) {
				fam := fams[fi]
				g := fam.gen(r, size, genMode(mi%4))
				c := g.clone()
				freeDamage(r, fam, c)
				gold = fam.render(g)
				cand = flipNumberKinds(fam.sch, permuteAligned(fam.sch.Root, fam.render(c), r), r)
				cand = newRelabelling(fam.sch, cand, r).apply(cand)
				s, where = fam.scorer, caseText(fam, gold, cand)
			} else {
				sg := &schemaGen{r: r}
				root, lay := sg.root(1 + size%4)
				schemaJSON := jsonval.AppendJSON(nil, root.json())
				var err error
				if s, err = interp.Compile(schemaJSON, "random.json", interp.Options{}); err != nil {
					return "compile: " + err.Error()
				}
				vg := &valueGen{r: r}
				gold = vg.gold(root, lay)
				cand = vg.damage(root, gold, 0.1*float64(1+mi%4))
				where = fmt.Sprintf("schema %s\n  gold: %s\n  cand: %s", schemaJSON, jsonText(gold), jsonText(cand))
			}
			work := int64(0)
			if tight {
				work = 1 + int64(r.IntN(400))
			}
			for _, v := range variants(s, work) {
				if msg := sameOutcome(v.fast, v.slow, gold, cand); msg != "" {
					return fmt.Sprintf("MaxWork %d: %s\n%s", work, msg, where)
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)+1), gen.IntRange(2, 9), gen.IntRange(0, 7), gen.Bool(),
	))
	runProps(t, props)
}

// TestKernelOrgGraph checks the kernel on the benchmark graphs, whose
// matrices are large enough to cross context polls and, at a lowered
// MaxWork, to stop inside the record matrix and the link tables.
func TestKernelOrgGraph(t *testing.T) {
	fam := compileFamily(t, orgGraphFamily(t))
	for _, n := range []int{6, 50} {
		c := benchOrgGraph(t, fam, n)
		for _, work := range []int64{0, 5_000, 60_000, 200_000} {
			for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
				f, err := interp.New(c.scorer.Schema(), interp.Options{Compat: compat, Limits: interp.Limits{MaxWork: work}})
				if err != nil {
					t.Fatal(err)
				}
				if msg := sameOutcome(f, interp.GenericCells(f), c.gold, c.cand); msg != "" {
					t.Errorf("N=%d MaxWork %d compat %v: %s", n, work, compat, msg)
				}
				if work == 0 {
					// The pairs, too: the record matrices the main pass
					// reuses are read in the derivation's column order.
					r1, err1 := f.Align(c.gold, c.cand)
					r0, err0 := interp.GenericCells(f).Align(c.gold, c.cand)
					if err0 != nil || err1 != nil {
						t.Fatalf("N=%d compat %v: Align: kernel %v, generic %v", n, compat, err1, err0)
					}
					fo := feedback.DefaultFeedbackOptions()
					f1, _, e1 := feedback.ForResult(r1, interp.RepairOptions{}, fo)
					f0, _, e0 := feedback.ForResult(r0, interp.RepairOptions{}, fo)
					if math.Float64bits(r0.Score) != math.Float64bits(r1.Score) || fmt.Sprint(f0, e0, r0.Bijections) != fmt.Sprint(f1, e1, r1.Bijections) {
						t.Errorf("N=%d compat %v: Align: kernel %v, generic %v, or their feedback differs", n, compat, r1.Score, r0.Score)
					}
				}
				// A cancellable context polls inside the kernel's matrices.
				ctx, cancel := context.WithCancel(context.Background())
				s1, err1 := f.ScoreContext(ctx, c.gold, c.cand)
				s0, err0 := interp.GenericCells(f).ScoreContext(ctx, c.gold, c.cand)
				cancel()
				if s0 != s1 || fmt.Sprint(err0) != fmt.Sprint(err1) {
					t.Errorf("N=%d with a context: kernel %v %v, generic %v %v", n, s1, err1, s0, err0)
				}
			}
		}
	}
}

// TestPropertyKernelColumns checks the column kernel (kernelColumns) against
// the generic path on Org2Graph pairs whose records were damaged where the
// column kernel must step aside: a member value made null, a number or
// another string, a member dropped or an undeclared one added, a record
// made null, and ids of the candidate made to repeat, on either side; both profiles, with and
// without a MaxWork that stops the pair inside a matrix.
func TestPropertyKernelColumns(t *testing.T) {
	t.Parallel()
	fam := compileFamily(t, orgGraphFamily(t))
	base := benchOrgGraph(t, fam, 12)
	damage := func(r *rand.Rand, v jsonval.Value) jsonval.Value {
		v, _ = jsonval.Decode(jsonval.AppendJSON(nil, v), jsonval.DecodeOptions{}) // a deep copy
		for k := range v.Obj {
			arr := v.Obj[k].Value.Arr
			for range r.IntN(4) {
				if len(arr) == 0 {
					break
				}
				rec := &arr[r.IntN(len(arr))]
				if r.IntN(8) == 0 {
					// A record that is no object (the main pass's
					// reuse of the record matrix panicked on one).
					*rec = jsonval.NullValue()
				}
				if rec.Kind != jsonval.Object || len(rec.Obj) == 0 {
					continue
				}
				m := r.IntN(len(rec.Obj))
				switch r.IntN(6) {
				case 0:
					rec.Obj[m].Value = jsonval.NullValue()
				case 1:
					rec.Obj[m].Value = jsonval.NewInt(int64(r.IntN(3)))
				case 2:
					rec.Obj[m].Value = jsonval.NewString(rec.Obj[r.IntN(len(rec.Obj))].Value.S)
				case 3:
					rec.Obj = append(rec.Obj[:m:m], rec.Obj[m+1:]...)
				case 4:
					rec.Obj = append(rec.Obj[:len(rec.Obj):len(rec.Obj)], jsonval.Member{Key: "extra", Value: jsonval.NewString("x")})
				case 5:
					other := arr[r.IntN(len(arr))]
					if other.Kind == jsonval.Object && len(other.Obj) > m {
						rec.Obj[m].Value = other.Obj[m].Value
					}
				}
			}
		}
		return v
	}
	var scored atomic.Int64
	props := gopter.NewProperties(propParams(t, propCases()/4))
	props.Property("the column kernel scores as the generic path", prop.ForAll(
		func(seed uint64, side int, tight bool) string {
			r := rand.New(rand.NewPCG(seed, 2323))
			gold, cand := base.gold, base.cand
			if side != 1 {
				cand = damage(r, cand)
			}
			if side != 0 {
				gold = damage(r, gold)
			}
			work := int64(0)
			if tight {
				work = 1 + int64(r.IntN(20_000))
			}
			for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
				// ValidationReport: a damaged candidate is aligned, not
				// scored 0 for failing the schema.
				f, err := interp.New(fam.sch, interp.Options{Compat: compat, Validation: interp.ValidationReport, Limits: interp.Limits{MaxWork: work}})
				if err != nil {
					return err.Error()
				}
				if s, err := f.Score(gold, cand); err == nil && s > 0 {
					scored.Add(1)
				}
				if msg := sameOutcome(f, interp.GenericCells(f), gold, cand); msg != "" {
					return fmt.Sprintf("compat %v MaxWork %d: %s\n  gold %s\n  cand %s", compat, work, msg, jsonText(gold), jsonText(cand))
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, 2), gen.Bool(),
	))
	runProps(t, props)
	if scored.Load() == 0 {
		t.Error("no damaged pair scored above 0: the property checked only errors")
	}
	t.Logf("%d scorings above 0", scored.Load())
}

// TestParallelFillMatchesSerial checks the parallel fill (parallelRows)
// against the serial one: on every matrix of damaged Org2Graph pairs, with
// four goroutines, both profiles, at MaxWork values that stop the pair
// inside a matrix, with a live and a cancelled context, the outcome (score
// bit for bit, or error text) is the same.
func TestParallelFillMatchesSerial(t *testing.T) {
	prev := runtime.GOMAXPROCS(4)
	t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
	fam := compileFamily(t, orgGraphFamily(t))
	r := rand.New(rand.NewPCG(5, 23))
	for _, n := range []int{6, 50} {
		c := benchOrgGraph(t, fam, n)
		cands := []jsonval.Value{c.cand}
		for range 3 {
			v, _ := jsonval.Decode(jsonval.AppendJSON(nil, c.cand), jsonval.DecodeOptions{})
			for _, mb := range v.Obj {
				if arr := mb.Value.Arr; len(arr) > 0 && r.IntN(2) == 0 {
					rec := &arr[r.IntN(len(arr))]
					if rec.Kind == jsonval.Object && len(rec.Obj) > 0 {
						rec.Obj[0].Value = jsonval.NewInt(7) // a column the kernel leaves
					}
				}
			}
			cands = append(cands, v)
		}
		for _, work := range []int64{0, 5_000, 60_000, 200_000} {
			for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
				s, err := interp.New(fam.sch, interp.Options{Compat: compat, Validation: interp.ValidationReport, Limits: interp.Limits{MaxWork: work}})
				if err != nil {
					t.Fatal(err)
				}
				par, ser := interp.FillMin(s, 1), interp.FillMin(s, 1<<62)
				for ci, cand := range cands {
					if msg := sameOutcome(par, ser, c.gold, cand); msg != "" {
						t.Errorf("N=%d cand %d MaxWork %d compat %v: %s", n, ci, work, compat, msg)
					}
					ctx, cancel := context.WithCancel(context.Background())
					s1, err1 := par.ScoreContext(ctx, c.gold, cand)
					s0, err0 := ser.ScoreContext(ctx, c.gold, cand)
					cancel()
					if math.Float64bits(s0) != math.Float64bits(s1) || fmt.Sprint(err0) != fmt.Sprint(err1) {
						t.Errorf("N=%d cand %d with a context: parallel %v %v, serial %v %v", n, ci, s1, err1, s0, err0)
					}
					if _, err := par.ScoreContext(ctx, c.gold, cand); !errors.Is(err, context.Canceled) {
						t.Errorf("N=%d cand %d, cancelled context: %v, want context.Canceled", n, ci, err)
					}
				}
			}
		}
	}
}
