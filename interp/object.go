package interp

import (
	"fmt"
	"slices"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// objEntry is one entry of an object alignment (docs/SCORING.md §6.2) before it becomes
// a align.ObjectEntry.
type objEntry struct {
	gk, pk       string
	hasGK, hasPK bool
	keyScore     float64
	keyConf      float64 // pairing confidence of the key pair (docs/SCORING.md §9.3)
	hasKeyConf   bool
	weight       float64
	valScore     float64
	ag, ap       jsonval.Value // aligned values of the entry's value
	m            *align.Match
}

// keySimilarity is κ of docs/SCORING.md §6.1 under key comparator name.
func keySimilarity(S *ir.Node, name, a, b string) float64 {
	var x float64
	if name == "exact" {
		x = align.ExactString(a, b)
	} else {
		x = align.Jaro(a, b)
	}
	return align.ApplyThreshold(x, S.KeyThreshold)
}

// chargeKeys applies MaxStringRunes and MaxWork to the key comparisons of an
// object alignment, as alignString does to values: a key is a string an LLM
// wrote, and Jaro on two long keys is as costly as on two long values.
func (c *call) chargeKeys(S *ir.Node, GK, PK []jsonval.Member) error {
	if c.s.keyScore(S) == "exact" {
		return nil
	}
	lim := c.s.opts.Limits.MaxStringRunes
	long := false
	for _, side := range [][]jsonval.Member{GK, PK} {
		for _, mb := range side {
			if len(mb.Key) > lim && runeCount(mb.Key) > lim {
				// The pointer names the object: the key itself may be
				// megabytes long.
				return &LimitError{Limit: "MaxStringRunes", Value: int64(lim), Pointer: c.pointer()}
			}
			long = long || len(mb.Key) > 64
		}
	}
	if !long {
		return nil // short keys are charged by the caller's n·m
	}
	for _, a := range GK {
		for _, b := range PK {
			if len(a.Key) > 64 || len(b.Key) > 64 {
				if err := c.spend(stringCost("jaro", a.Key, b.Key)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// alignObject implements docs/SCORING.md §6.
func (c *call) alignObject(g, p jsonval.Value, S *ir.Node, build bool) (result, error) {
	var fillG, fillP []jsonval.Member
	if !c.s.referenceProfile() {
		g, p, fillG, fillP = c.s.absentAsDefault(g, p, S)
	}
	GK, PK := g.Obj, p.Obj
	n, m := len(GK), len(PK)
	if n == 0 && m == 0 {
		r := result{score: 1}
		if build {
			r.ag, r.ap = jsonval.NewObject(nil), jsonval.NewObject(nil)
			r.m = c.node(align.Match{Type: align.ObjectNode, Score: 1, Confidence: 1})
		}
		return r, nil
	}
	if err := c.checkCollection(n, m); err != nil {
		return result{}, err
	}
	if err := c.spend(int64(n) * int64(m)); err != nil {
		return result{}, err
	}
	if c.ctxOn() {
		c.pushParents(g, p)
		defer c.popParents()
	}
	if err := c.chargeKeys(S, GK, PK); err != nil {
		return result{}, err
	}
	fr := c.frame()
	var K []float64
	var assign []int
	var err error
	// Fast path: when both objects have the same key set (the common case)
	// and the key scores are not needed for confidences, every key pairs with
	// its namesake. That is the unique optimum of the key assignment — Jaro
	// and exact give 1 only to equal strings, so any other pairing sums to
	// less — and so it is what the solver returns (docs/SCORING.md §5.8 finds an
	// optimum); the matrix and the solver are skipped.
	sameKeys := !(build && c.s.opts.ComputeConfidence) && align.ApplyThreshold(1, S.KeyThreshold) == 1 &&
		n == m && pairByName(GK, PK, &fr.assign)
	if sameKeys {
		assign = fr.assign
	} else {
		K = zeroed(fr.k, n*m)
		fr.k = K
		ks := c.s.keyScore(S)
		for i := range GK {
			for j := range PK {
				K[i*m+j] = keySimilarity(S, ks, GK[i].Key, PK[j].Key)
			}
		}
		if c.canonical() {
			// docs/SCORING.md §5.8: keys in byte order, so that the order
			// of either side's members breaks no tie.
			rows, cols := fr.canon.CanonicalKeys(GK, PK)
			assign, err = c.solveCanon(fr.assign, K, n, m, rows, cols)
		} else {
			assign, err = c.solve(fr.assign, K, n, m)
		}
		if err != nil {
			return result{}, err
		}
		fr.assign = assign
	}
	d := max(n, m)
	var keyConf float64 = 1
	var pairConf []float64
	if build && c.s.opts.ComputeConfidence {
		pairConf = c.pairConfidences(K, n, m, assign)
		keyConf = meanOrOne(pairConf, n, m, assign)
	}
	keySim := func(r, col int) float64 {
		if sameKeys {
			return 1
		}
		return K[r*m+col]
	}
	entries := fr.entries[:0]
	for r := 0; r < d; r++ {
		col := assign[r]
		switch {
		case r < n && col < m && keySim(r, col) > 0:
			e := objEntry{gk: GK[r].Key, pk: PK[col].Key, hasGK: true, hasPK: true, keyScore: keySim(r, col)}
			if pairConf != nil {
				e.keyConf, e.hasKeyConf = pairConf[r], true
			}
			entries = append(entries, e)
		case r < n && col < m:
			entries = append(entries,
				objEntry{pk: PK[col].Key, hasPK: true},
				objEntry{gk: GK[r].Key, hasGK: true})
		case r < n:
			entries = append(entries, objEntry{gk: GK[r].Key, hasGK: true})
		case col < m:
			entries = append(entries, objEntry{pk: PK[col].Key, hasPK: true})
		}
	}
	fr.entries = entries
	if build {
		// The entries hold the values and nodes of this call: drop them
		// from the frame's storage when done (for the collector).
		defer clear(entries)
	}
	for i := range entries {
		if err := c.objectValue(&entries[i], g, p, S, build); err != nil {
			return result{}, err
		}
	}
	return c.finishObject(entries, S, n, m, fillG, fillP, keyConf, build), nil
}

// finishObject is the end of alignObject, once the entries of the object
// pair are scored: the object's score (docs/SCORING.md §6.5) and, in build
// mode, its match node and aligned values. n and m are the member counts
// of the two sides; fillG and fillP the members absentAsDefault added;
// keyConf the key pairing's confidence (ComputeConfidence).
func (c *call) finishObject(entries []objEntry, S *ir.Node, n, m int, fillG, fillP []jsonval.Member, keyConf float64, build bool) result {
	fr := c.frame()
	if c.rootScores != nil && !c.rootDone && !c.deriving && c.depth == 1 && S == c.s.schema.Root {
		c.recordRootScores(entries)
	}
	E := len(entries)
	keyScores := zeroed(fr.w, E)
	fr.w = keyScores
	weights := zeroed(fr.s, E)
	fr.s = weights
	for i := range entries {
		keyScores[i] = entries[i].keyScore
		weights[i] = entries[i].weight
	}
	W := align.PairwiseSum(weights)
	var score float64
	zeroWeight := W == 0
	if zeroWeight {
		// docs/SCORING.md §6.5: an object of zero total weight scores exactly 1.
		score = 1
	} else {
		terms := zeroed(fr.t, E)
		fr.t = terms
		for i := range entries {
			e := &entries[i]
			terms[i] = (e.weight / W) * e.valScore
		}
		sKey := align.PairwiseSum(keyScores) / float64(E)
		sVal := align.PairwiseSum(terms)
		wK, wV := S.KeyImportance, S.ValueImportance
		score = align.Clamp01((float64(wK*sKey) + float64(wV*sVal)) / (wK + wV))
		if score != 1 && !c.s.referenceProfile() && perfectObject(entries, wK) {
			score = 1 // docs/SCORING.md §6.5: a perfect match scores exactly 1
		}
	}
	r := result{score: score}
	if !build {
		return r
	}
	mt := c.node(align.Match{Type: align.ObjectNode, Score: score, Confidence: 1})
	mt.Entries = c.objectEntries(E)
	wK, wV := S.KeyImportance, S.ValueImportance
	kb := wK / (wK + wV)
	vb := wV / (wK + wV)
	sumW := align.NeumaierSum(weights)
	// Every gold key has one entry, and every candidate key.
	var agM, apM []jsonval.Member
	if n > 0 {
		agM = c.alignedMembers(n)[:0]
	}
	if m > 0 {
		apM = c.alignedMembers(m)[:0]
	}
	for i := range entries {
		e := &entries[i]
		// The fields are set in the fresh (zero) entry one by one, as leaf
		// sets a node's: copying a whole entry would write its fill values
		// too, zero or not.
		oe := &mt.Entries[i]
		oe.GoldKey, oe.PredKey, oe.HasGoldKey, oe.HasPredKey = e.gk, e.pk, e.hasGK, e.hasPK
		oe.KeyScore, oe.Value = e.keyScore, e.m
		oe.KeyConfidence, oe.HasKeyConfidence = e.keyConf, e.hasKeyConf
		if e.hasGK && e.hasPK && e.gk == e.pk && (len(fillG) > 0 || len(fillP) > 0) {
			oe.GoldFill, oe.HasGoldFill = filled(fillG, e.gk)
			oe.PredFill, oe.HasPredFill = filled(fillP, e.pk)
		}
		if !zeroWeight {
			oe.KeyAlpha = kb / float64(E)
			if sumW != 0 {
				oe.ValueAlpha = float64(vb*e.weight) / sumW
			}
		}
		if e.hasGK {
			agM = append(agM, jsonval.Member{Key: e.gk, Value: e.ag})
		}
		if e.hasPK {
			apM = append(apM, jsonval.Member{Key: e.pk, Value: e.ap})
		}
	}
	if c.s.opts.ComputeConfidence {
		mt.Confidence = objectConfidence(wK, wV, keyConf, entries, W)
	}
	r.ag, r.ap, r.m = jsonval.NewObject(agM), jsonval.NewObject(apM), mt
	return r
}

// objectValue scores the value of one entry (docs/SCORING.md §6.4).
func (c *call) objectValue(e *objEntry, g, p jsonval.Value, S *ir.Node, build bool) error {
	var gv, pv jsonval.Value
	if e.hasGK {
		gv, _ = g.Get(e.gk)
	}
	if e.hasPK {
		pv, _ = p.Get(e.pk)
	}
	if build {
		// Score-only alignment never reads aligned values; not copying them
		// keeps the hot loop free of pointer writes.
		e.ag, e.ap = gv, pv
	}
	e.weight = 1
	if !e.hasGK || !e.hasPK {
		// Unpaired entry: value 0. An extra candidate key weighs 1; a missing
		// gold member weighs its member schema's valueWeight in the default
		// profile (a property, a patternProperties or additionalProperties
		// schema: an omission costs what a wrong value costs) and 1 in the
		// reference profile (docs/SCORING.md §6.4, §6.5, §6.8).
		if e.hasGK && !c.s.referenceProfile() {
			if sub := S.MemberSchema(e.gk); sub != nil {
				e.weight = sub.ValueWeight
			}
		}
		if build {
			e.m = c.leaf(align.LeafPlain, 0, gv, pv, e.hasGK, e.hasPK)
		}
		return nil
	}
	if !c.s.referenceProfile() {
		if sub := S.MemberSchema(e.gk); sub != nil {
			return c.memberValue(e, gv, pv, sub, build)
		}
		// A member no schema describes scores by the JSON-value rule
		// (docs/SCORING.md §6.9), weight 1.
		e.valScore = align.ValueSimilarity(gv, pv)
		if err := c.spend(min(align.ValueSize(gv), align.ValueSize(pv))); err != nil {
			return err
		}
		if !build && len(S.Properties) > 0 {
			c.undeclared = true
		}
		if build {
			if len(S.Properties) > 0 {
				c.push(e.gk)
				c.warnings = append(c.warnings, fmt.Sprintf("%s: gold key %q is not declared in the schema's properties; its value scores as a JSON value (docs/SCORING.md §6.9)", c.pointer(), e.gk))
				c.pop()
			}
			e.m = c.leaf(align.LeafPlain, e.valScore, gv, pv, true, true)
		}
		return nil
	}
	sub := S.Property(e.gk)
	if sub == nil {
		// A gold key the schema does not declare scores 0 (weight 1).
		c.undeclared = c.undeclared || !build
		if build {
			c.push(e.gk)
			c.warnings = append(c.warnings, fmt.Sprintf("%s: gold key %q is not declared in the schema's properties; its value scores 0", c.pointer(), e.gk))
			c.pop()
			e.m = c.leaf(align.LeafPlain, 0, gv, pv, true, true)
		}
		return nil
	}
	return c.memberValue(e, gv, pv, sub, build)
}

// memberValue scores the value of a key pair under the member schema sub.
func (c *call) memberValue(e *objEntry, gv, pv jsonval.Value, sub *ir.Node, build bool) error {
	e.weight = sub.ValueWeight
	if !gv.IsNull() && !pv.IsNull() && sub.Union == nil && !c.sameMemberKind(gv.Kind, pv.Kind) {
		// Different kinds score 0 in place, before the id/ref rules (a
		// union tells its branches apart itself, docs/SCORING.md §1.8).
		if build {
			e.m = c.leaf(align.LeafPlain, 0, gv, pv, true, true)
		}
		return nil
	}
	c.push(e.gk)
	r, err := c.align(gv, pv, sub, build)
	c.pop()
	if err != nil {
		return err
	}
	e.valScore = r.score
	if build {
		e.ag, e.ap, e.m = r.ag, r.ap, r.m
	}
	return nil
}

// sameMemberKind is the kind test of docs/SCORING.md §6.4 on two non-null member
// values. The reference profile tells integer-form from float-form numbers
// (so {"d": 5} vs {"d": 5.0} scores 0 for d); the default profile compares
// every two numbers by value.
func (c *call) sameMemberKind(a, b jsonval.Kind) bool {
	if c.s.referenceProfile() {
		return a == b
	}
	return kindsCompatible(a, b)
}

// pairByName reports whether the two member lists have the same key set and,
// if so, writes into *assign the candidate index of every gold key (row).
func pairByName(GK, PK []jsonval.Member, assign *[]int) bool {
	a := (*assign)[:0]
	for _, g := range GK {
		j := -1
		for k, p := range PK {
			if p.Key == g.Key {
				j = k
				break
			}
		}
		if j < 0 || slices.Contains(a, j) {
			*assign = a
			return false
		}
		a = append(a, j)
	}
	*assign = a
	return true
}

// perfectObject reports whether every part of an object's score is perfect
// (docs/SCORING.md §6.5, default profile): every entry of non-zero weight has
// value score 1 and, when the key term counts, every key similarity is 1.
func perfectObject(entries []objEntry, wK float64) bool {
	for _, e := range entries {
		if (e.weight != 0 && e.valScore != 1) || (wK != 0 && e.keyScore != 1) {
			return false
		}
	}
	return true
}

// absentAsDefault applies the rules of docs/SCORING.md §6.10 to the
// members of an object pair that one side has and the other lacks: a
// member that is not required and has a "default" is taken to hold its
// default on the side that lacks it; one that is not required, has no
// default and permits null is taken to be null there when the other side
// holds null. "absentAsDefault": false on the object or the member turns
// both off. It returns the values with the members added (themselves when
// no rule applies) and the members added to each.
func (s *Scorer) absentAsDefault(g, p jsonval.Value, S *ir.Node) (gf, pf jsonval.Value, addG, addP []jsonval.Member) {
	if !S.AbsentAsDefault || len(S.Properties) == 0 {
		return g, p, nil, nil
	}
	// The members that may be filled, resolved with the scorer when it
	// planned S.
	var rules []fillRule
	if np := s.nodePlan(S); np != nil {
		rules = np.fills
	} else {
		rules = s.fillRules(S)
	}
	for i := range rules {
		r := &rules[i]
		gv, inG := g.Get(r.name)
		pv, inP := p.Get(r.name)
		if inG == inP {
			continue
		}
		present := gv
		if inP {
			present = pv
		}
		var fill jsonval.Value
		switch {
		case r.hasDefault:
			fill = r.def
		case present.IsNull():
			fill = jsonval.NullValue()
		default:
			continue
		}
		m := jsonval.Member{Key: r.name, Value: fill}
		if inG {
			addP = append(addP, m)
		} else {
			addG = append(addG, m)
		}
	}
	return withMembers(g, addG, S), withMembers(p, addP, S), addG, addP
}

// filled returns the value of the member key among fills.
func filled(fills []jsonval.Member, key string) (jsonval.Value, bool) {
	for _, m := range fills {
		if m.Key == key {
			return m.Value, true
		}
	}
	return jsonval.Value{}, false
}

// withMembers returns object v with the members add, in canonical order
// (profile.go); v itself when add is empty.
func withMembers(v jsonval.Value, add []jsonval.Member, S *ir.Node) jsonval.Value {
	if len(add) == 0 {
		return v
	}
	out := make([]jsonval.Member, 0, len(v.Obj)+len(add))
	out = append(append(out, v.Obj...), add...)
	slices.SortStableFunc(out, func(a, b jsonval.Member) int { return memberCompare(S, a.Key, b.Key) })
	return jsonval.NewObject(out)
}

// recordRootScores writes the member scores of the gold root object, from
// its entries, as ObjectiveScores reads them from a match tree: a gold
// member has its value's score when it is paired, else 0.
func (c *call) recordRootScores(entries []objEntry) {
	out := (*c.rootScores)[:0]
	if out == nil {
		out = make([]MemberScore, 0, len(entries))
	}
	for _, e := range entries {
		if !e.hasGK {
			continue
		}
		s := 0.0
		if e.hasPK {
			s = e.valScore
		}
		out = append(out, MemberScore{Key: e.gk, Score: s})
	}
	*c.rootScores = out
	c.rootDone = true
}
