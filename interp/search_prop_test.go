package interp_test

// Tests of the bijection search (docs/SCORING.md §7.12): it never lowers
// the score of the derivation's bijection, it is deterministic, and on the
// cases of docs/SCORING.md §7.12 it finds the bijection the score prefers.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestSearchNeverWorse scores every conformance vector in the default
// profile with and without the search: the search's score is never lower,
// and it counts the vectors it raises.
func TestSearchNeverWorse(t *testing.T) {
	t.Parallel()
	cache := map[string][2]*interp.Scorer{}
	raised, n := map[string]int{}, 0
	for _, v := range loadVectors(t) {
		if v.Error != "" || (testing.Short() && v.Family == "o2g_damage") {
			continue
		}
		sc, ok := cache[string(v.SchemaText)]
		if !ok {
			s, err := interp.Compile(v.SchemaText, "", interp.Options{})
			if err != nil {
				t.Fatalf("%s: %v", v.ID, err)
			}
			sc = [2]*interp.Scorer{s, interp.WithoutSearch(s)}
			cache[string(v.SchemaText)] = sc
		}
		with, err1 := sc[0].Score(v.Gold, v.Cand)
		without, err2 := sc[1].Score(v.Gold, v.Cand)
		if err1 != nil || err2 != nil {
			t.Errorf("%s: %v, %v", v.ID, err1, err2)
			continue
		}
		n++
		switch {
		case with < without:
			t.Errorf("%s: the search lowered the score from %v to %v", v.ID, without, with)
		case with > without:
			raised[v.Family]++
		}
		if v.HasReferential() {
			res, err := sc[0].Align(v.Gold, v.Cand)
			if err != nil || res.Score != with {
				t.Errorf("%s: Align scores %v (%v), Score %v", v.ID, res.Score, err, with)
			}
		}
	}
	t.Logf("%d vectors; the search raises the score of %v (by family)", n, raised)
}

// searchPair is a generated pair for the search properties.
func searchPair(r *rand.Rand, fams []*family, fi, size, mi int) (*family, jsonval.Value, jsonval.Value) {
	fam := fams[fi]
	mode := genMode(mi)
	if (mode == modeTwins || mode == modeTwinsAuto) && len(fam.twinModes) < 2 {
		mode = modeTwins
	}
	g := fam.gen(r, size, mode)
	c := g.clone()
	freeDamage(r, fam, c)
	cand := fam.render(c)
	if r.IntN(2) == 0 {
		cand = newRelabelling(fam.sch, cand, r).apply(cand)
	}
	return fam, fam.render(g), shuffleAligned(fam.sch.Root, cand, r, false)
}

// TestPropertySearch checks on the referential families with free damage
// (property twins, dangling references, fuzzy near-matches) that the
// search never lowers the derivation's score, that Score and Align agree,
// and that scoring twice gives the same bits.
func TestPropertySearch(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	plain := make([]*interp.Scorer, len(fams))
	for i, f := range fams {
		plain[i] = interp.WithoutSearch(f.scorer)
	}
	props := gopter.NewProperties(propParams(t, propCases()))
	raised := 0
	props.Property("the search never lowers the score", prop.ForAll(
		func(seed uint64, fi, size, mi int) string {
			r := rand.New(rand.NewPCG(seed, 21))
			fam, gold, cand := searchPair(r, fams, fi, size, mi)
			with, err := fam.scorer.Score(gold, cand)
			if err != nil {
				return "score: " + err.Error() + "\n" + caseText(fam, gold, cand)
			}
			without, err := plain[fi].Score(gold, cand)
			if err != nil {
				return "score without the search: " + err.Error()
			}
			if with < without {
				return fmt.Sprintf("the search lowered the score from %v to %v\n%s", without, with, caseText(fam, gold, cand))
			}
			if with > without {
				raised++
			}
			res, err := fam.scorer.Align(gold, cand)
			if err != nil || res.Score != with {
				return fmt.Sprintf("Align scores %v (%v), Score %v\n%s", res.Score, err, with, caseText(fam, gold, cand))
			}
			if again, _ := fam.scorer.Score(gold, cand); again != with {
				return fmt.Sprintf("scored twice: %v, then %v", with, again)
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)-1), gen.IntRange(2, 7), gen.IntRange(0, 3),
	))
	runProps(t, props)
	t.Logf("the search raised the score of %d cases", raised)
}

// searchExampleSchema is the schema of the example of docs/SCORING.md
// §7.12: people with an exact name, relations between them with an exact
// type and a free-text note.
const searchExampleSchema = `{"type": "object", "properties": {
  "people": {"type": "array", "order": "align", "items": {"type": "object", "keyImportance": 0, "properties": {
    "id": {"type": "string", "idScope": "person"},
    "name": {"type": "string", "score": "exact"}}}},
  "relations": {"type": "array", "order": "align", "items": {"type": "object", "keyImportance": 0, "properties": {
    "source": {"type": "string", "ref": "person"},
    "target": {"type": "string", "ref": "person"},
    "type": {"type": "string", "score": "exact"},
    "note": {"type": "string"}}}}}}`

// TestSearchExample is the example of docs/SCORING.md §7.12, by hand. The
// two Daves have equal record scores against both candidate Daves; the
// relation's note differs, so its edge labels differ and the structural
// colours of the two sides never coincide: the matrix ties, and the
// solver, with positional ties, pairs by position (1→a, 2→b). The relation then points the wrong
// way on both ends: it scores (0 + 0 + 1 + 1)/4 = 1/2 with the note
// the candidate lacks (0): (0 + 0 + 1 + 0)/4 = 1/4, and
// the document (1 + 1/4)/2 = 0.625. The search swaps the Daves (1→b, 2→a):
// the relation scores (1 + 1 + 1 + 0)/4 = 3/4, the document 0.875.
func TestSearchExample(t *testing.T) {
	s, err := interp.Compile([]byte(searchExampleSchema), "example.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gold := mustDecode(t, `{"people": [{"id": "1", "name": "Dave"}, {"id": "2", "name": "Dave"}],
		"relations": [{"source": "1", "target": "2", "type": "mentors", "note": "weekly"}]}`)
	cand := mustDecode(t, `{"people": [{"id": "a", "name": "Dave"}, {"id": "b", "name": "Dave"}],
		"relations": [{"source": "b", "target": "a", "type": "mentors"}]}`)
	for _, c := range []struct {
		s    *interp.Scorer
		want float64
		pi   string
	}{{interp.WithoutCanon(s, false), 0.625, `"1"->"a" "2"->"b"`}, {s, 0.875, `"1"->"b" "2"->"a"`}} {
		res, err := c.s.Align(gold, cand)
		if err != nil {
			t.Fatal(err)
		}
		var pi []string
		for _, p := range res.Bijections[0].Pairs {
			pi = append(pi, jsonval.Readable(p.Gold)+"->"+jsonval.Readable(p.Candidate))
		}
		if got := strings.Join(pi, " "); res.Score != c.want || got != c.pi {
			t.Errorf("score %v, π %s; want %v, %s", res.Score, got, c.want, c.pi)
		}
	}
}
