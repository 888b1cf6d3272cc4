package interp_test

// The invariance table of docs/SCORING.md §7.13: how often shuffling the
// candidate's order: "align" arrays (tuple heads kept in place) changes the
// default profile's score, on four kinds of data. TestInvarianceTable logs
// the table (go test ./interp -run InvarianceTable -v); the long set
// (OAGEN_LONG=1) measures ten times as many pairs.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// shuffleAligned shuffles every order: "align" tail of v under schema node n
// as the default profile reads it (ir.Node.TailOrder: uniqueItems sets
// included), at every depth; tuple heads stay in place. With members set it
// shuffles the members of every object too.
func shuffleAligned(n *ir.Node, v jsonval.Value, r *rand.Rand, members bool) jsonval.Value {
	if n == nil {
		return v
	}
	switch v.Kind {
	case jsonval.Object:
		obj := slices.Clone(v.Obj)
		for i := range obj {
			obj[i].Value = shuffleAligned(n.MemberSchema(obj[i].Key), obj[i].Value, r, members)
		}
		if members {
			r.Shuffle(len(obj), func(i, j int) { obj[i], obj[j] = obj[j], obj[i] })
		}
		return jsonval.NewObject(obj)
	case jsonval.Array:
		arr := slices.Clone(v.Arr)
		k := len(n.PrefixItems)
		for i := range arr {
			sub := n.Items
			if i < k {
				sub = n.PrefixItems[i]
			}
			arr[i] = shuffleAligned(sub, arr[i], r, members)
		}
		if n.Items != nil && n.TailOrder() == ir.OrderAlign && len(arr) > k {
			tail := arr[k:]
			r.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
		}
		return jsonval.NewArray(arr)
	}
	return v
}

// invariancePair is one scored pair of the table.
type invariancePair struct {
	s          *interp.Scorer
	gold, cand jsonval.Value
}

// invarianceRow is one row of the table.
type invarianceRow struct {
	data            string
	pairs, shuffles int
	// Shuffles whose score differs in any bit, whose operations differ
	// beyond the positions they name, whose feedback text differs beyond
	// positions; pairs with at least one changed score; the largest change.
	changed, ops, text, unstable int
	largest                      float64
	// The same for the pairs of the residual class of docs/SCORING.md
	// §7.13 (candidate records the canonical order cannot separate).
	resPairs, resChanged, resOps, resText int
}

// positions matches the array positions a JSON Pointer or a feedback text
// names ("/people/3", "item 3", "element 3").
var positions = regexp.MustCompile(`(/|item |element |index |position )[0-9]+`)

// invOutcome is what the table compares of one scored pair: the score, the
// operations as a sorted list (positions blanked, values by
// align.ValueHash, which ignores the order of arrays and members), and the
// feedback text with positions blanked and its lines sorted.
type invOutcome struct {
	score     float64
	ops, text string
}

func invOutcomeOf(s *interp.Scorer, gold, cand jsonval.Value, full bool) (invOutcome, error) {
	if !full {
		v, err := s.Score(gold, cand)
		return invOutcome{score: v}, err
	}
	res, err := s.Align(gold, cand)
	if err != nil {
		return invOutcome{}, err
	}
	text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.FeedbackOptions{})
	if err != nil {
		return invOutcome{}, err
	}
	lines := make([]string, 0, len(ops))
	for _, op := range ops {
		lines = append(lines, fmt.Sprintf("%s %v %s %.12g %x %x %x %v %v %s %s", op.Op, op.Kind, positions.ReplaceAllString(op.Path, "$1#"), op.Delta,
			align.ValueHash(op.Value), align.ValueHash(op.Gold), align.ValueHash(op.Pred), op.HasGold, op.HasPred, op.GoldBranch, op.PredBranch))
	}
	slices.Sort(lines)
	tl := strings.Split(positions.ReplaceAllString(text, "$1#"), "\n")
	slices.Sort(tl)
	return invOutcome{score: res.Score, ops: strings.Join(lines, "\n"), text: strings.Join(tl, "\n")}, nil
}

// measureInvariance scores each pair and shuffles shuffled copies of its
// candidate, counting the shuffles that change the score in any bit (and,
// with full, the operations and the feedback text beyond the positions
// they name). Pairs whose score is an error are skipped.
func measureInvariance(data string, pairs []invariancePair, shuffles int, seed uint64, members, full bool, residual []bool) (invarianceRow, []string) {
	row := invarianceRow{data: data}
	var examples []string
	r := rand.New(rand.NewPCG(seed, 21))
	for k, p := range pairs {
		o0, err := invOutcomeOf(p.s, p.gold, p.cand, full)
		if err != nil {
			continue
		}
		res := residual != nil && residual[k]
		row.pairs++
		if res {
			row.resPairs++
		}
		moved := false
		for range shuffles {
			c := shuffleAligned(p.s.Schema().Root, p.cand, r, members)
			o, err := invOutcomeOf(p.s, p.gold, c, full)
			if err != nil {
				continue
			}
			row.shuffles++
			if res {
				row.resChanged += b2i(o.score != o0.score)
				row.resOps += b2i(o.ops != o0.ops)
				row.resText += b2i(o.text != o0.text)
				continue
			}
			what := ""
			if o.score != o0.score {
				row.changed++
				row.largest = max(row.largest, math.Abs(o.score-o0.score))
				moved = true
				what = fmt.Sprintf("score %v -> %v", o0.score, o.score)
			}
			if o.ops != o0.ops {
				row.ops++
				what += fmt.Sprintf("\n  ops:\n%s\n  ->\n%s", o0.ops, o.ops)
			}
			if o.text != o0.text {
				row.text++
				what += fmt.Sprintf("\n  text:\n%s\n  ->\n%s", o0.text, o.text)
			}
			if what != "" && len(examples) < 3 {
				examples = append(examples, fmt.Sprintf("%s: %s\n  gold: %s\n  cand: %s\n  shuffled: %s",
					data, what, jsonText(p.gold), jsonText(p.cand), jsonText(c)))
			}
		}
		if moved {
			row.unstable++
		}
	}
	return row, examples
}

// goldOrderRow counts how often shuffling the gold's order: "align" arrays
// and members (the candidate as it is) changes the score: in any bit, and
// by more than 1e-9 (beyond the rounding of sums taken in another order).
type goldOrderRow struct {
	pairs, shuffles, changed, beyond, unstable int
	largest                                    float64
}

// measureGoldOrder measures goldOrderRow on pairs, shuffles gold shuffles
// each. The canonical tie rules of docs/SCORING.md §5.8 order the
// candidate side only: gold rows stay in document order.
func measureGoldOrder(pairs []invariancePair, shuffles int, seed uint64) goldOrderRow {
	var row goldOrderRow
	r := rand.New(rand.NewPCG(seed, 2121))
	for _, p := range pairs {
		s0, err := p.s.Score(p.gold, p.cand)
		if err != nil {
			continue
		}
		row.pairs++
		moved := false
		for range shuffles {
			g := shuffleAligned(p.s.Schema().Root, p.gold, r, true)
			s1, err := p.s.Score(g, p.cand)
			if err != nil {
				continue
			}
			row.shuffles++
			row.changed += b2i(s1 != s0)
			if d := math.Abs(s1 - s0); d > 1e-9 {
				row.beyond++
				row.largest = max(row.largest, d)
				moved = true
			}
		}
		row.unstable += b2i(moved)
	}
	return row
}

// renameRow counts how often renaming every candidate identifier
// consistently (each scope's ids and the references to them, by a fresh
// bijective relabelling) changes the score in any bit.
type renameRow struct {
	pairs, skipped, renamings, changed int
	largest                            float64
	example                            string
}

// measureRename measures renameRow on pairs, renamings relabellings each.
// A pair whose candidate shows one of its identifiers outside the
// identifier and reference paths too (idsElsewhere) cannot be renamed
// consistently and is counted in skipped.
func measureRename(pairs []invariancePair, renamings int, seed uint64) renameRow {
	var row renameRow
	r := rand.New(rand.NewPCG(seed, 2122))
	for _, p := range pairs {
		s0, err := p.s.Score(p.gold, p.cand)
		if err != nil {
			continue
		}
		if idsElsewhere(p.s.Schema(), p.cand) {
			row.skipped++
			continue
		}
		row.pairs++
		for range renamings {
			c := newRelabelling(p.s.Schema(), p.cand, r).apply(p.cand)
			s1, err := p.s.Score(p.gold, c)
			if err != nil {
				continue
			}
			row.renamings++
			if s1 != s0 {
				row.changed++
				row.largest = max(row.largest, math.Abs(s1-s0))
				if row.example == "" {
					row.example = fmt.Sprintf("score %v -> %v\n  gold: %s\n  cand: %s\n  renamed: %s", s0, s1, jsonText(p.gold), jsonText(p.cand), jsonText(c))
				}
			}
		}
	}
	return row
}

// idsElsewhere reports whether a value at an identifier or reference path
// of doc also occurs as a leaf somewhere else (under a misspelt member
// name, say, which the scorer may still pair with a reference member): a
// relabelling renames only the values at those paths, so it would not
// rename such a document consistently.
func idsElsewhere(sch *ir.Schema, doc jsonval.Value) bool {
	rl := newRelabelling(sch, doc, rand.New(rand.NewPCG(0, 0)))
	classes := map[string]bool{}
	for si := range rl.maps {
		for c := range rl.maps[si] {
			classes[c] = true
			rl.maps[si][c] = jsonval.Value{} // null: renamed away
		}
	}
	var elsewhere func(v jsonval.Value) bool
	elsewhere = func(v jsonval.Value) bool {
		switch v.Kind {
		case jsonval.Object:
			for _, m := range v.Obj {
				if elsewhere(m.Value) {
					return true
				}
			}
		case jsonval.Array:
			for _, e := range v.Arr {
				if elsewhere(e) {
					return true
				}
			}
		case jsonval.Int, jsonval.Float, jsonval.String:
			return classes[idClass(v)]
		}
		return false
	}
	return elsewhere(rl.apply(doc))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// invarianceData builds the pairs of the table: count pairs of each kind.
func invarianceData(t testing.TB, count int) map[string][]invariancePair {
	out := map[string][]invariancePair{}
	fams := allFamilies(t)
	r := rand.New(rand.NewPCG(2026, 21))
	// Org2Graph-style graphs with free damage (property twins, fuzzy
	// near-matches, dangling references).
	for range count {
		fam := fams[0]
		g := fam.gen(r, 2+r.IntN(6), modeFree)
		c := g.clone()
		freeDamage(r, fam, c)
		out["org2graph"] = append(out["org2graph"], invariancePair{fam.scorer, fam.render(g), newRelabelling(fam.sch, fam.render(c), r).apply(fam.render(c))})
	}
	// The other referential families (org chart, trees, nested scopes).
	for range count {
		fam := fams[1+r.IntN(len(fams)-1)]
		mode := genMode(r.IntN(4))
		if (mode == modeTwins || mode == modeTwinsAuto) && len(fam.twinModes) < 2 {
			mode = modeTwins
		}
		g := fam.gen(r, 2+r.IntN(5), mode)
		c := g.clone()
		freeDamage(r, fam, c)
		out["families"] = append(out["families"], invariancePair{fam.scorer, fam.render(g), fam.render(c)})
	}
	// Random annotated schemas with damaged candidates.
	for len(out["random"]) < count {
		sg := &schemaGen{r: r}
		root, lay := sg.root(1 + r.IntN(4))
		s, err := interp.Compile(jsonval.AppendJSON(nil, root.json()), "random.json", interp.Options{})
		if err != nil {
			continue
		}
		vg := &valueGen{r: r}
		gold := vg.gold(root, lay)
		out["random"] = append(out["random"], invariancePair{s, gold, vg.damage(root, gold, 0.1+0.3*r.Float64())})
	}
	// The conformance vectors: their golds and candidates, scored in the
	// default profile.
	cache := map[string]*interp.Scorer{}
	for _, v := range loadVectors(t) {
		if v.Error != "" {
			continue
		}
		s := cache[string(v.SchemaText)]
		if s == nil {
			var err error
			if s, err = interp.Compile(v.SchemaText, "", interp.Options{}); err != nil {
				continue
			}
			cache[string(v.SchemaText)] = s
		}
		out["conformance"] = append(out["conformance"], invariancePair{s, v.Gold, v.Cand})
	}
	return out
}

// TestInvarianceTable measures the table of docs/SCORING.md §7.13: how
// often shuffling the candidate's order: "align" arrays and the members of
// its objects changes the score, the operations or the feedback, with the
// positional tie rules the default profile had before (WithoutCanon, the
// bijection search on) and with the canonical ones (docs/SCORING.md
// §5.8), and how often renaming the candidate's identifiers changes the
// score. It fails when any shuffle changes anything under the canonical
// rules (in the residual class too) and when any renaming changes a score.
func TestInvarianceTable(t *testing.T) {
	if testing.Short() {
		t.Skip("scores thousands of shuffled pairs")
	}
	count, shuffles := longtest.Count(100, 250, 2500), 4
	data := invarianceData(t, count)
	var b strings.Builder
	b.WriteString("| data | pairs | shuffles | positional ties: score changed | operations | feedback | largest change | canonical ties: score changed | operations | feedback | residual class: pairs | score changed | operations | feedback | canonical above / below positional, unshuffled |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	var gb strings.Builder
	gb.WriteString("| data | pairs | gold shuffles | score changed (any bit) | by more than 1e-9 | pairs with a change beyond 1e-9 | largest change |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	var rb strings.Builder
	rb.WriteString("| data | pairs | ids also elsewhere (left out) | renamings | score changed (any bit) | largest change |\n| --- | --- | --- | --- | --- | --- |\n")
	var examples []string
	for i, name := range []string{"org2graph", "families", "random", "conformance"} {
		before := make([]invariancePair, len(data[name]))
		plain := map[*interp.Scorer]*interp.Scorer{}
		for k, p := range data[name] {
			if plain[p.s] == nil {
				plain[p.s] = interp.WithoutCanon(p.s, true)
			}
			before[k] = invariancePair{plain[p.s], p.gold, p.cand}
		}
		// The residual class: pairs whose candidate records include two
		// that the canonical order cannot separate.
		residual := make([]bool, len(data[name]))
		probes := map[*interp.Scorer]*interp.Scorer{}
		var count atomic.Int64
		for k, p := range data[name] {
			if probes[p.s] == nil {
				probes[p.s] = interp.WithResidualProbe(p.s, &count)
			}
			c0 := count.Load()
			if _, err := probes[p.s].Score(p.gold, p.cand); err == nil {
				residual[k] = count.Load() > c0
			}
		}
		row0, _ := measureInvariance(name, before, shuffles, uint64(i), true, true, nil)
		row, ex := measureInvariance(name, data[name], shuffles, uint64(i), true, true, residual)
		// Departures: the canonical rules against the positional ones on
		// the pairs as they are (either pick is one of the tied ones).
		up, down := 0, 0
		for k, p := range data[name] {
			s1, err1 := p.s.Score(p.gold, p.cand)
			s0, err0 := before[k].s.Score(p.gold, p.cand)
			switch {
			case err0 != nil || err1 != nil:
			case s1 > s0+1e-12:
				up++
			case s1 < s0-1e-12:
				down++
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %.3g | %d | %d | %d | %d | %d | %d | %d | %d / %d |\n", row.data, row.pairs, row.shuffles,
			row0.changed, row0.ops, row0.text, row0.largest, row.changed, row.ops, row.text, row.resPairs, row.resChanged, row.resOps, row.resText, up, down)
		g := measureGoldOrder(data[name], shuffles, uint64(i))
		fmt.Fprintf(&gb, "| %s | %d | %d | %d | %d | %d | %.3g |\n", name, g.pairs, g.shuffles, g.changed, g.beyond, g.unstable, g.largest)
		rn := measureRename(data[name], 2, uint64(i))
		fmt.Fprintf(&rb, "| %s | %d | %d | %d | %d | %.3g |\n", name, rn.pairs, rn.skipped, rn.renamings, rn.changed, rn.largest)
		if rn.changed > 0 {
			t.Errorf("%s: of %d renamings of the candidate's identifiers, %d change the score", name, rn.renamings, rn.changed)
			examples = append(examples, name+" renamed: "+rn.example)
		}
		if row.changed+row.ops+row.text > 0 {
			t.Errorf("%s: of %d shuffles outside the residual class, %d change the score, %d the operations, %d the feedback", name, row.shuffles, row.changed, row.ops, row.text)
			examples = append(examples, ex...)
		}
		if row.resChanged+row.resOps+row.resText > 0 {
			t.Errorf("%s: of the shuffles of %d pairs of the residual class, %d change the score, %d the operations, %d the feedback", name, row.resPairs, row.resChanged, row.resOps, row.resText)
		}
	}
	t.Log("\n" + b.String())
	t.Log("renamed candidate identifiers:\n" + rb.String())
	t.Log("gold side (measured, not required; docs/SCORING.md §7.13):\n" + gb.String())
	for _, e := range examples {
		t.Log(e)
	}
}

// TestPropertyOrderInvariance is the property of docs/SCORING.md §7.13:
// shuffling a candidate's order: "align" arrays (tuple heads kept) and the
// members of its objects changes neither the score (in any bit) nor the
// operations nor the feedback text beyond the positions they name, on
// every pair (those of the residual class, twins the canonical order
// leaves in document order, are counted in the log); and renaming the
// candidate's identifiers consistently changes no score (pairs whose
// candidate shows an identifier outside the identifier and reference
// paths are left out and counted). Cases: random annotated schemas
// (referential structures included) with damaged candidates, the
// referential families with free damage and relabelled ids, and the
// conformance vectors.
func TestPropertyOrderInvariance(t *testing.T) {
	if testing.Short() {
		t.Skip("aligns thousands of shuffled pairs")
	}
	fams := allFamilies(t)
	var vectors []invariancePair
	cache := map[string]*interp.Scorer{}
	for _, v := range loadVectors(t) {
		if v.Error != "" {
			continue
		}
		s := cache[string(v.SchemaText)]
		if s == nil {
			var err error
			if s, err = interp.Compile(v.SchemaText, "", interp.Options{}); err != nil {
				continue
			}
			cache[string(v.SchemaText)] = s
		}
		vectors = append(vectors, invariancePair{s, v.Gold, v.Cand})
	}
	var count, idTies atomic.Int64
	probes, idProbes := map[*interp.Scorer]*interp.Scorer{}, map[*interp.Scorer]*interp.Scorer{}
	residual, checked, renamed, elsewhere, movedByID := 0, 0, 0, 0, 0
	props := gopter.NewProperties(propParams(t, longtest.Count(30, 300, 3000)))
	props.Property("shuffling arrays and members changes nothing; renaming identifiers changes no score", prop.ForAll(
		func(seed uint64, kind int) string {
			r := rand.New(rand.NewPCG(seed, 13))
			var p invariancePair
			switch kind {
			case 0:
				for p.s == nil {
					sg := &schemaGen{r: r}
					root, lay := sg.root(1 + r.IntN(4))
					s, err := interp.Compile(jsonval.AppendJSON(nil, root.json()), "random.json", interp.Options{})
					if err != nil {
						continue
					}
					vg := &valueGen{r: r}
					gold := vg.gold(root, lay)
					p = invariancePair{s, gold, vg.damage(root, gold, 0.1+0.3*r.Float64())}
				}
			case 1:
				fam := fams[r.IntN(len(fams))]
				mode := genMode(r.IntN(4))
				if (mode == modeTwins || mode == modeTwinsAuto) && len(fam.twinModes) < 2 {
					mode = modeTwins
				}
				g := fam.gen(r, 2+r.IntN(6), mode)
				c := g.clone()
				freeDamage(r, fam, c)
				p = invariancePair{fam.scorer, fam.render(g), newRelabelling(fam.sch, fam.render(c), r).apply(fam.render(c))}
			default:
				p = vectors[r.IntN(len(vectors))]
			}
			if probes[p.s] == nil {
				probes[p.s] = interp.WithResidualProbe(p.s, &count)
			}
			c0 := count.Load()
			if _, err := probes[p.s].Score(p.gold, p.cand); err != nil {
				return ""
			}
			residual += b2i(count.Load() > c0)
			o0, err := invOutcomeOf(p.s, p.gold, p.cand, true)
			if err != nil {
				return ""
			}
			checked++
			for range 2 {
				c := shuffleAligned(p.s.Schema().Root, p.cand, r, true)
				o, err := invOutcomeOf(p.s, p.gold, c, true)
				if err != nil {
					return "shuffled candidate: " + err.Error()
				}
				if o != o0 {
					return fmt.Sprintf("score %v -> %v\nops:\n%s\n->\n%s\ntext:\n%s\n->\n%s\n  gold: %s\n  cand: %s\n  shuffled: %s",
						o0.score, o.score, o0.ops, o.ops, o0.text, o.text, jsonText(p.gold), jsonText(p.cand), jsonText(c))
				}
			}
			if idsElsewhere(p.s.Schema(), p.cand) {
				elsewhere++
				return ""
			}
			renamed++
			if idProbes[p.s] == nil {
				idProbes[p.s] = interp.WithIdentifierTieProbe(p.s, &idTies)
			}
			for range 2 {
				c := newRelabelling(p.s.Schema(), p.cand, r).apply(p.cand)
				t0 := idTies.Load()
				v, err := idProbes[p.s].Score(p.gold, c)
				if err != nil {
					return "renamed candidate: " + err.Error()
				}
				if _, err := idProbes[p.s].Score(p.gold, p.cand); err != nil {
					return ""
				}
				if v != o0.score {
					// docs/SCORING.md §7.13: where rule 3 decided an order
					// and the search is not exhaustive, a renaming may move
					// the score; counted. Any other move is a failure.
					if idTies.Load() == t0 {
						return fmt.Sprintf("renamed: score %v -> %v\n  gold: %s\n  cand: %s\n  renamed: %s", o0.score, v, jsonText(p.gold), jsonText(p.cand), jsonText(c))
					}
					movedByID++
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, 2),
	))
	runProps(t, props)
	t.Logf("%d pairs checked with two shuffles each (%d of them of the residual class); %d with two renamings each (%d left out: an identifier also outside the identifier and reference paths; %d renamings moved the score where identifiers alone decided an order)",
		checked, residual, renamed, elsewhere, movedByID)
}

// TestRecordTieExample is the example of docs/SCORING.md §7.13, by hand:
// candidate records that their columns and structural keys cannot separate
// are ordered by the number of records sharing their identifier, then by
// identifier. Two candidate Daves without relations tie against the gold
// Daves 1 and 2 (equal columns, equal keys): with a and b, 1 maps to a
// whatever the listing order (by position, to the first listed); with a
// shared identifier a next to b, the unshared b comes first and both gold
// Daves get a counterpart (by position, 1 maps to the first a and 2 to
// nothing, the second a carrying an identifier already taken).
func TestRecordTieExample(t *testing.T) {
	s, err := interp.Compile([]byte(searchExampleSchema), "example.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gold := mustDecode(t, `{"people": [{"id": "1", "name": "Dave"}, {"id": "2", "name": "Dave"}],
		"relations": [{"source": "1", "target": "2", "type": "mentors"}]}`)
	for _, c := range []struct {
		s          *interp.Scorer
		people, pi string
		score      float64
	}{
		{s, `{"id": "a", "name": "Dave"}, {"id": "b", "name": "Dave"}`, `"1"->"a" "2"->"b"`, 0.5},
		{s, `{"id": "b", "name": "Dave"}, {"id": "a", "name": "Dave"}`, `"1"->"a" "2"->"b"`, 0.5},
		{interp.WithoutCanon(s, true), `{"id": "b", "name": "Dave"}, {"id": "a", "name": "Dave"}`, `"1"->"b" "2"->"a"`, 0.5},
		{s, `{"id": "a", "name": "Dave"}, {"id": "a", "name": "Dave"}, {"id": "b", "name": "Dave"}`, `"1"->"b" "2"->"a"`, 1.0 / 3},
		{s, `{"id": "b", "name": "Dave"}, {"id": "a", "name": "Dave"}, {"id": "a", "name": "Dave"}`, `"1"->"b" "2"->"a"`, 1.0 / 3},
		{interp.WithoutCanon(s, true), `{"id": "a", "name": "Dave"}, {"id": "a", "name": "Dave"}, {"id": "b", "name": "Dave"}`, `"1"->"a" "2"->null`, 1.0 / 3},
	} {
		res, err := c.s.Align(gold, mustDecode(t, `{"people": [`+c.people+`], "relations": []}`))
		if err != nil {
			t.Fatal(err)
		}
		var pi []string
		for _, p := range res.Bijections[0].Pairs {
			pi = append(pi, jsonval.Readable(p.Gold)+"->"+jsonval.Readable(p.Candidate))
		}
		if got := strings.Join(pi, " "); got != c.pi || res.Score != c.score {
			t.Errorf("people %s: π %s, score %v; want %s, %v", c.people, got, res.Score, c.pi, c.score)
		}
	}
}
