package interp_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/align/genrt"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// shapeOf is the genrt.Shape of a compiled schema.
func shapeOf(sch *ir.Schema) genrt.Shape {
	sh := genrt.Shape{Scopes: len(sch.Scopes)}
	ir.Walk(sch.Root, func(n *ir.Node) {
		if n.Score == "damerau_levenshtein" || n.Comparator("") == "damerau_levenshtein" {
			sh.Damerau = true
		}
		if n.HasDefault && !n.Default.IsNull() {
			sh.Fills = append(sh.Fills, n.Default)
		}
		if n.Union != nil {
			sh.Branches = max(sh.Branches, len(n.Union.Branches))
		}
	})
	return sh
}

func valueDepth(v jsonval.Value) int {
	d := 0
	for _, e := range v.Arr {
		d = max(d, valueDepth(e))
	}
	for _, m := range v.Obj {
		d = max(d, valueDepth(m.Value))
	}
	return d + 1
}

// TestPropertyWorkBound checks that genrt.WorkBound bounds the work the
// interpreter charges: scored with MaxWork set to the bound, no pair
// exceeds it (Score, and Align with the bound times the depth plus 2, as
// genrt.WithinLimitsValues allows for repairs). Random schemas and the
// referential families, damaged candidates, both profiles.
func TestPropertyWorkBound(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	var checked, loose int
	var ratio float64
	props := gopter.NewProperties(propParams(t, propCases()/2))
	props.Property("WorkBound bounds the interpreter's work", prop.ForAll(
		func(seed uint64, fi, size, mi int) string {
			r := rand.New(rand.NewPCG(seed, 2323))
			var sch *ir.Schema
			var gold, cand jsonval.Value
			var where string
			if fi < len(fams) {
				fam := fams[fi]
				g := fam.gen(r, size, genMode(mi%4))
				c := g.clone()
				freeDamage(r, fam, c)
				gold = fam.render(g)
				cand = flipNumberKinds(fam.sch, permuteAligned(fam.sch.Root, fam.render(c), r), r)
				sch, where = fam.sch, caseText(fam, gold, cand)
			} else {
				sg := &schemaGen{r: r}
				root, lay := sg.root(1 + size%4)
				schemaJSON := jsonval.AppendJSON(nil, root.json())
				s, err := interp.Compile(schemaJSON, "random.json", interp.Options{})
				if err != nil {
					return "compile: " + err.Error()
				}
				vg := &valueGen{r: r}
				gold = vg.gold(root, lay)
				cand = vg.damage(root, gold, 0.1*float64(1+mi%4))
				sch = s.Schema()
				where = fmt.Sprintf("schema %s\n  gold: %s\n  cand: %s", schemaJSON, jsonText(gold), jsonText(cand))
			}
			bound := genrt.WorkBound(gold, cand, shapeOf(sch))
			if math.IsInf(bound, 1) || bound > 1e12 {
				return ""
			}
			depth := max(valueDepth(gold), valueDepth(cand))
			for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
				for _, repair := range []bool{false, true} {
					lim := int64(math.Ceil(bound))
					if repair {
						lim = int64(math.Ceil(bound * float64(depth+2)))
					}
					s, err := interp.New(sch, interp.Options{Compat: compat, Limits: interp.Limits{MaxWork: lim, MaxCollection: 1 << 20}})
					if err != nil {
						return err.Error()
					}
					if repair {
						_, err = s.Align(gold, cand)
					} else {
						_, err = s.Score(gold, cand)
					}
					var le *interp.LimitError
					if errors.As(err, &le) && le.Limit == "MaxWork" {
						return fmt.Sprintf("compat %v repair %v: bound %v exceeded: %v\n%s", compat, repair, bound, err, where)
					}
					if !repair && err == nil {
						// How loose: the smallest MaxWork that passes, by halving.
						lo := int64(1)
						hi := lim
						for lo < hi {
							mid := lo + (hi-lo)/2
							s2, _ := interp.New(sch, interp.Options{Compat: compat, Limits: interp.Limits{MaxWork: mid, MaxCollection: 1 << 20}})
							if _, err := s2.Score(gold, cand); err != nil && errors.As(err, &le) && le.Limit == "MaxWork" {
								lo = mid + 1
							} else {
								hi = mid
							}
						}
						checked++
						ratio = max(ratio, bound/float64(lo))
						if bound > 20*float64(lo) {
							loose++
						}
					}
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)+1), gen.IntRange(2, 9), gen.IntRange(0, 7),
	))
	runProps(t, props)
	t.Logf("work bound: %d pairs, largest bound/work %.1f, %d above 20×", checked, ratio, loose)
}
