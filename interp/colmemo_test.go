package interp_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestPropertyColumnRefinements checks the string memo and the link rows of
// the column kernel (colmemo.go) against the column kernel without them
// (PlainColumns) and against the generic path, bit for bit: Org2Graph pairs
// whose person and company names are drawn from a few strings (so that the
// memo answers most cells; some longer than 64 bytes, some not ASCII, now
// and then a null or a number the kernel steps aside for), the name
// comparator one of the built-in ones, a relation leaf under a threshold,
// both profiles, with and without a MaxWork or a MaxStringRunes that stops
// the pair inside a matrix, serial and parallel fill.
func TestPropertyColumnRefinements(t *testing.T) {
	prev := runtime.GOMAXPROCS(4)
	t.Cleanup(func() { runtime.GOMAXPROCS(prev) })
	base := readFile(t, "../testdata/schemas/synra_codex_ra.json")
	fam := compileFamily(t, orgGraphFamily(t))
	comparators := []string{"jaro_winkler", "jaro", "levenshtein", "damerau_levenshtein", "osa", "indel", "lcsseq"}
	vocab := []string{"Anna Novak", "Ana Novak", "Anna Nováková", "Pavel", "Paul", "", "Ann",
		strings.Repeat("Fiala ", 12), strings.Repeat("Fiala ", 11) + "Fialová"}
	rename := func(r *rand.Rand, v jsonval.Value) jsonval.Value {
		v, _ = jsonval.Decode(jsonval.AppendJSON(nil, v), jsonval.DecodeOptions{}) // a deep copy
		for _, mb := range v.Obj {
			if mb.Key != "people" && mb.Key != "companies" {
				continue
			}
			for k := range mb.Value.Arr {
				rec := &mb.Value.Arr[k]
				for m := range rec.Obj {
					if rec.Obj[m].Key != "name" {
						continue
					}
					switch x := r.IntN(40); {
					case x == 0:
						rec.Obj[m].Value = jsonval.NullValue()
					case x == 1:
						rec.Obj[m].Value = jsonval.NewInt(3)
					case x < 30:
						rec.Obj[m].Value = jsonval.NewString(pick(r, vocab))
					}
				}
			}
		}
		return v
	}
	var scored atomic.Int64
	props := gopter.NewProperties(propParams(t, propCases()/4))
	props.Property("the string memo and the link rows score as the plain column kernel", prop.ForAll(
		func(seed uint64, n, ci int, limit int, compat bool) string {
			r := rand.New(rand.NewPCG(seed, 2324))
			c := benchOrgGraph(t, fam, n)
			gold, cand := rename(r, c.gold), rename(r, c.cand)
			schema := strings.ReplaceAll(string(base), `"jaro_winkler"`, fmt.Sprintf("%q", comparators[ci]))
			schema = strings.Replace(schema, `"score": "exact"
          }`, `"score": "exact", "threshold": 0.5
          }`, 1)
			opts := interp.Options{Validation: interp.ValidationReport}
			if compat {
				opts.Compat = interp.CompatReference
			}
			switch limit {
			case 1:
				opts.Limits.MaxWork = 1 + int64(r.IntN(60_000))
			case 2:
				opts.Limits.MaxStringRunes = 8 + r.IntN(60)
			}
			s, err := interp.Compile([]byte(schema), "synra_codex_ra.json", opts)
			if err != nil {
				return err.Error()
			}
			for _, fill := range []int{1, 1 << 62} {
				fast := interp.FillMin(s, fill)
				if msg := sameOutcome(fast, interp.PlainColumns(fast), gold, cand); msg != "" {
					return fmt.Sprintf("%s, fill %d, limits %+v: against the plain column kernel: %s\n  gold %s\n  cand %s",
						comparators[ci], fill, opts.Limits, msg, jsonText(gold), jsonText(cand))
				}
				if msg := sameOutcome(fast, interp.GenericCells(fast), gold, cand); msg != "" {
					return fmt.Sprintf("%s, fill %d, limits %+v: against the generic path: %s", comparators[ci], fill, opts.Limits, msg)
				}
				if x, err := fast.Score(gold, cand); err == nil && x > 0 {
					scored.Add(1)
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(8, 40), gen.IntRange(0, len(comparators)-1), gen.IntRange(0, 2), gen.Bool(),
	))
	runProps(t, props)
	if scored.Load() == 0 {
		t.Error("no pair scored above 0: the property checked only errors")
	}
}
