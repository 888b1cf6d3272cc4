package interp_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// sameTree aligns the pair with fast and slow and reports how they
// differ: the error text, the score bit for bit, the warnings, the match
// tree (node for node, reflect.DeepEqual) and the feedback with its
// operations.
func sameTree(fast, slow *interp.Scorer, gold, cand jsonval.Value) string {
	r1, err1 := fast.Align(gold, cand)
	r0, err0 := slow.Align(gold, cand)
	switch {
	case (err0 == nil) != (err1 == nil):
		return fmt.Sprintf("fast error %v, generic error %v", err1, err0)
	case err0 != nil:
		if err0.Error() != err1.Error() {
			return fmt.Sprintf("fast error %q, generic error %q", err1, err0)
		}
		return ""
	case math.Float64bits(r0.Score) != math.Float64bits(r1.Score):
		return fmt.Sprintf("fast score %v, generic score %v", r1.Score, r0.Score)
	case fmt.Sprint(r0.Warnings) != fmt.Sprint(r1.Warnings):
		return fmt.Sprintf("fast warnings %q, generic warnings %q", r1.Warnings, r0.Warnings)
	case !reflect.DeepEqual(r0.Match, r1.Match):
		return "the match trees differ"
	}
	fo := feedback.DefaultFeedbackOptions()
	f1, ops1, e1 := feedback.ForResult(r1, interp.RepairOptions{}, fo)
	f0, ops0, e0 := feedback.ForResult(r0, interp.RepairOptions{}, fo)
	if fmt.Sprint(f0, e0) != fmt.Sprint(f1, e1) || !reflect.DeepEqual(ops0, ops1) {
		return "the feedback or its operations differ"
	}
	return ""
}

// TestPropertyBuildRecord checks realign's build of record cells
// (buildRecord) against align's: GenericCells turns it off, so the two
// scorers build every matched cell of a record matrix one way each. On
// the referential families (damaged, permuted and relabelled candidates,
// number-kind flips), on random schemas and on Org2Graph records damaged
// where buildRecord must step aside (a member made null, a number or
// another string, dropped, or an undeclared one added), in both profiles,
// the trees, scores, warnings, errors and feedback agree.
func TestPropertyBuildRecord(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	org := compileFamily(t, orgGraphFamily(t))
	base := benchOrgGraph(t, org, 12)
	var records atomic.Int64
	props := gopter.NewProperties(propParams(t, propCases()/2))
	props.Property("buildRecord builds the tree align builds", prop.ForAll(
		func(seed uint64, fi, size, mi int) string {
			r := rand.New(rand.NewPCG(seed, 25))
			var s *interp.Scorer
			var gold, cand jsonval.Value
			switch {
			case fi < len(fams):
				fam := fams[fi]
				g := fam.gen(r, size, genMode(mi%4))
				c := g.clone()
				freeDamage(r, fam, c)
				gold = fam.render(g)
				cand = flipNumberKinds(fam.sch, permuteAligned(fam.sch.Root, fam.render(c), r), r)
				cand = newRelabelling(fam.sch, cand, r).apply(cand)
				s = fam.scorer
			case fi == len(fams):
				gold, cand = damageRecords(r, base.gold), damageRecords(r, base.cand)
				s = base.scorer
			default:
				sg := &schemaGen{r: r}
				root, lay := sg.root(1 + size%4)
				var err error
				if s, err = interp.Compile(jsonval.AppendJSON(nil, root.json()), "random.json", interp.Options{}); err != nil {
					return "compile: " + err.Error()
				}
				vg := &valueGen{r: r}
				gold = vg.gold(root, lay)
				cand = vg.damage(root, gold, 0.1*float64(1+mi%4))
			}
			for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
				f, err := interp.New(s.Schema(), interp.Options{Compat: compat, Validation: interp.ValidationReport})
				if err != nil {
					return err.Error()
				}
				if msg := sameTree(f, interp.GenericCells(f), gold, cand); msg != "" {
					return fmt.Sprintf("compat %v: %s\n  gold %s\n  cand %s", compat, msg, jsonText(gold), jsonText(cand))
				}
			}
			if fi == len(fams) {
				records.Add(1)
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)+1), gen.IntRange(2, 9), gen.IntRange(0, 7),
	))
	runProps(t, props)
	if records.Load() == 0 {
		t.Error("no damaged Org2Graph pair was aligned")
	}
}

// damageRecords returns a deep copy of v with a few records of its arrays
// damaged: a member made null, a number or another member's string,
// dropped, an undeclared member added, or the record made null.
func damageRecords(r *rand.Rand, v jsonval.Value) jsonval.Value {
	v, _ = jsonval.Decode(jsonval.AppendJSON(nil, v), jsonval.DecodeOptions{}) // a deep copy
	for k := range v.Obj {
		arr := v.Obj[k].Value.Arr
		for range r.IntN(4) {
			if len(arr) == 0 {
				break
			}
			rec := &arr[r.IntN(len(arr))]
			if r.IntN(8) == 0 {
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
				rec.Obj[m].Value = jsonval.NewBool(r.IntN(2) == 0)
			}
		}
	}
	return v
}
