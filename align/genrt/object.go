package genrt

import (
	"slices"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// ObjectSpec is the static description of an object schema node (docs/SCORING.md §6):
// its properties in schema order and its key and weight keywords.
// Generated code declares one per object node.
type ObjectSpec struct {
	Keys    []string  // property names
	Weights []float64 // valueWeight of each property
	// Shares are the weights normalised by their pairwise sum
	// (Weights[i] / align.PairwiseSum(Weights), as docs/SCORING.md §6.5
	// computes them when every property is present on both sides); nil when
	// the weights sum to 0.
	Shares          []float64
	KeyExact        bool // keyScore "exact" (else "jaro")
	KeyThreshold    float64
	KeyImportance   float64
	ValueImportance float64
	// Layout, when set, is where the properties are in the struct type
	// generated for the node (LayoutOf), for the record kernel.
	Layout *Layout
}

// Paired returns, in score mode, the score of two objects that both have
// every property of s (docs/SCORING.md §6.5): every key pairs with its
// namesake, vs holds the scores of the property values in schema order (it
// is overwritten). Generated code takes this path before Workspace.Object
// when both values have every property; s.Shares must be set and
// s.KeyThreshold at most 1.
func (s *ObjectSpec) Paired(vs []float64) float64 {
	if align.Perfect(s.Shares, vs) {
		return 1 // docs/SCORING.md §6.5: a perfect match scores exactly 1
	}
	for i, r := range s.Shares {
		vs[i] *= r
	}
	sVal := align.PairwiseSum(vs)
	wK, wV := s.KeyImportance, s.ValueImportance
	if wK == 0 && wV == 1 {
		return align.Clamp01(sVal)
	}
	// Every key similarity is 1: the key term is wK·1.
	return align.Clamp01((float64(wK*1) + float64(wV*sVal)) / (wK + wV))
}

// perfect reports whether every part of the object's score is perfect
// (docs/SCORING.md §6.5): every entry of non-zero weight has value score 1 and,
// when the key term counts, every key similarity is 1.
func (o *Object) perfect(E int, wK float64) bool {
	for x := range E {
		if (o.ws[x] != 0 && o.vs[x] != 1) || (wK != 0 && o.keyScore(x) != 1) {
			return false
		}
	}
	return true
}

// keySim is κ of docs/SCORING.md §6.1.
func (s *ObjectSpec) keySim(a, b string) float64 {
	var x float64
	if s.KeyExact {
		x = align.ExactString(a, b)
	} else {
		x = align.Jaro(a, b)
	}
	return align.ApplyThreshold(x, s.KeyThreshold)
}

// Object is an object alignment in progress (docs/SCORING.md §6), from
// Workspace.Object to Done:
//
//	o := w.Object(&spec, build)
//	o.Has(i, gold has property i, candidate has it), for every property in schema order
//	if build { o.Values(gold as JSON, candidate as JSON) }
//	o.Align()
//	for o.NextPair() {
//		i, j := o.Entry() // the property indices of a key pair
//		o.Set(score, res) // the alignment of the two values (docs/SCORING.md §6.4)
//	}
//	return o.Done()
//
// Entries with one side only score 0 and, in build mode, take their raw
// value from Values. Alignments nest: the values of an object's entries are
// aligned between Align and Done.
type Object struct {
	w     *Workspace
	spec  *ObjectSpec
	build bool

	gt, pt  []int    // the present properties (tags: property indices)
	pk      []string // CandKey: the candidate's keys (else the spec's)
	foreign bool     // the candidate's keys came from CandKey
	same    bool     // both sides have the same keys: every key pairs with its namesake
	full    bool     // both sides have every property of the spec
	asg     []int
	eg, ep  []int // per entry: index into gt/pt, or -1
	ks      []float64
	ws      []float64
	vs      []float64
	terms   []float64
	x       int           // the entry of NextPair
	rs      []*Res        // build mode
	gv, pv  jsonval.Value // build mode: the two objects
	filled  []int8        // build mode, per property: 1 the gold, 2 the candidate was filled (Filled)
	dyn     ObjectSpec    // Map: the spec of the two maps' keys
	dynW    []float64     // Map: the weights of dyn
}

// Object starts the alignment of two objects under spec.
func (w *Workspace) Object(spec *ObjectSpec, build bool) *Object {
	if w.od == len(w.objs) {
		w.objs = append(w.objs, &Object{w: w})
	}
	o := w.objs[w.od]
	w.od++
	o.spec, o.build, o.foreign = spec, build, false
	o.gt, o.pt, o.pk, o.filled = o.gt[:0], o.pt[:0], o.pk[:0], o.filled[:0]
	return o
}

// Filled records, in build mode, that the gold (gold true) or the
// candidate lacked property i and was taken to hold a value for it
// (docs/SCORING.md §6.10): its default, or null. The value is the
// property's member in Values. Typed code calls it after Values.
func (o *Object) Filled(i int, gold bool) {
	if !o.build {
		return
	}
	for len(o.filled) <= i {
		o.filled = append(o.filled, 0)
	}
	o.filled[i] = 2
	if gold {
		o.filled[i] = 1
	}
}

// Build reports whether the alignment builds the match tree.
func (o *Object) Build() bool { return o.build }

// Has records, for property i of the spec, whether the gold and the
// candidate have it.
func (o *Object) Has(i int, gold, cand bool) {
	if gold {
		o.gt = append(o.gt, i)
	}
	if cand {
		o.pt = append(o.pt, i)
	}
}

// Values gives, in build mode, the JSON values of the two objects, from
// which entries with one side only take their raw values.
func (o *Object) Values(g, p jsonval.Value) { o.gv, o.pv = g, p }

// Gold records that the gold has property i of the spec.
func (o *Object) Gold(i int) { o.gt = append(o.gt, i) }

// CandKey records a candidate member, which need not be a property of the
// spec (Generic: the candidate is a value of another object node), with a
// tag of the caller's choosing.
func (o *Object) CandKey(tag int, key string) {
	o.pt, o.pk, o.foreign = append(o.pt, tag), append(o.pk, key), true
}

// goldKey and candKey are the keys of the c-th gold and candidate members.
func (o *Object) goldKey(r int) string { return o.spec.Keys[o.gt[r]] }

func (o *Object) candKey(c int) string {
	if o.foreign {
		return o.pk[c]
	}
	return o.spec.Keys[o.pt[c]]
}

// Align pairs the keys (docs/SCORING.md §6.1, §6.2) and returns the number
// of entries; NextPair then visits the key pairs. When both sides have the
// same keys, every key pairs with its namesake: that is the unique optimum
// of the key assignment, since both key comparators give 1 to equal strings
// only (the interpreter takes the same shortcut).
func (o *Object) Align() int {
	n, m := len(o.gt), len(o.pt)
	o.eg, o.ep, o.ks = o.eg[:0], o.ep[:0], o.ks[:0]
	o.x = -1
	if n == 0 && m == 0 {
		return 0
	}
	// Both sides' properties ascend, so two full sets are the same set.
	o.full = !o.foreign && n == len(o.spec.Keys) && m == n
	o.same = align.ApplyThreshold(1, o.spec.KeyThreshold) == 1 && n == m && (o.full || o.pairByName())
	if o.same && !o.foreign {
		// Gold member r pairs with candidate member r: no entry lists, and
		// every entry is a pair, which the caller Sets.
		o.ws, o.vs = grow(o.ws, n), grow(o.vs, n)
		for r, t := range o.gt {
			o.ws[r] = o.spec.Weights[t]
		}
		if o.build {
			o.rs = make([]*Res, n)
		}
		return n
	}
	if o.same {
		for r := range n {
			o.eg, o.ep = append(o.eg, r), append(o.ep, o.asg[r])
		}
	} else {
		K := o.w.Floats(n * m)
		for i := range n {
			for j := range m {
				K[i*m+j] = o.spec.keySim(o.goldKey(i), o.candKey(j))
			}
		}
		rows, cols := o.w.canon.CanonicalStrings(n, m, o.goldKey, o.candKey)
		asg := o.w.SolveCanon(K, n, m, rows, cols)
		for r := range max(n, m) {
			col := asg[r]
			switch {
			case r < n && col < m && K[r*m+col] > 0:
				o.eg, o.ep, o.ks = append(o.eg, r), append(o.ep, col), append(o.ks, K[r*m+col])
			case r < n && col < m:
				o.eg, o.ep, o.ks = append(o.eg, -1, r), append(o.ep, col, -1), append(o.ks, 0, 0)
			case r < n:
				o.eg, o.ep, o.ks = append(o.eg, r), append(o.ep, -1), append(o.ks, 0)
			case col < m:
				o.eg, o.ep, o.ks = append(o.eg, -1), append(o.ep, col), append(o.ks, 0)
			}
		}
		o.w.ReleaseInts(asg)
		o.w.Release(K)
	}
	E := len(o.eg)
	o.ws, o.vs = grow(o.ws, E), grow(o.vs, E)
	for x := range E {
		// A key pair and a missing gold member weigh the gold property's
		// valueWeight, an extra candidate key 1 (docs/SCORING.md §6.4).
		o.ws[x], o.vs[x] = 1, 0
		if o.eg[x] >= 0 {
			o.ws[x] = o.spec.Weights[o.gt[o.eg[x]]]
		}
	}
	if o.build {
		o.rs = make([]*Res, E)
	}
	return E
}

// pairByName reports whether the present keys are the same on both sides
// and, if so, sets asg to the candidate index of every gold key.
func (o *Object) pairByName() bool {
	o.asg = o.asg[:0]
	if !o.foreign {
		// Both sides' keys are the spec's, in schema order.
		for r, t := range o.gt {
			if o.pt[r] != t {
				return false
			}
			o.asg = append(o.asg, r)
		}
		return true
	}
	for r := range o.gt {
		k := o.goldKey(r)
		j := -1
		for c := range o.pt {
			if o.candKey(c) == k {
				j = c
				break
			}
		}
		if j < 0 || slices.Contains(o.asg, j) {
			return false
		}
		o.asg = append(o.asg, j)
	}
	return true
}

// grow returns s resized to n, reusing its storage.
func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n, max(n, 2*cap(s)))
	}
	return s[:n]
}

// entries is the number of entries.
func (o *Object) entries() int {
	if o.same && !o.foreign {
		return len(o.gt)
	}
	return len(o.eg)
}

// pair returns the gold and candidate member indices (into gt and pt) of
// entry x, -1 for a side the entry does not have.
func (o *Object) pair(x int) (g, p int) {
	if o.same && !o.foreign {
		return x, x
	}
	return o.eg[x], o.ep[x]
}

// keyScore is the key similarity of entry x.
func (o *Object) keyScore(x int) float64 {
	if o.same {
		return 1
	}
	return o.ks[x]
}

// NextPair moves to the next entry that pairs two keys; it reports false
// after the last.
func (o *Object) NextPair() bool {
	if o.same && !o.foreign {
		o.x++
		return o.x < len(o.gt)
	}
	for o.x++; o.x < len(o.eg); o.x++ {
		if o.eg[o.x] >= 0 && o.ep[o.x] >= 0 {
			return true
		}
	}
	return false
}

// Entry returns the property indices (tags) of the current key pair.
func (o *Object) Entry() (i, j int) {
	g, p := o.pair(o.x)
	return o.gt[g], o.pt[p]
}

// Set records the value alignment of the current key pair (docs/SCORING.md
// §6.4): its score and, in build mode, its result.
// WeighKeys sets the weight of every gold key of a map alignment to w, the
// valueWeight of the map's member schema (docs/SCORING.md §6.4, §6.8): a key
// pair and a missing gold key weigh w, an extra candidate key 1, as for the
// interpreter. Call it before Align.
func (o *Object) WeighKeys(w float64) {
	for i := range o.dynW {
		o.dynW[i] = w
	}
}

func (o *Object) Set(s float64, r *Res) {
	o.vs[o.x] = s
	if o.build {
		o.rs[o.x] = r
	}
}

// Generic aligns the values of the current key pair with Workspace.Member,
// under the schema node of the gold property: nodes[node] is the object
// node, g and p are the JSON values of the two objects. Typed code calls it
// for two properties whose Go types differ.
func (o *Object) Generic(nodes []Node, refs Refs, node int, g, p jsonval.Value) {
	gi, pi := o.pair(o.x)
	gv, _ := g.Get(o.goldKey(gi))
	pv, _ := p.Get(o.candKey(pi))
	i, _ := o.Entry()
	o.Set(o.w.Member(nodes, refs, nodes[node].Props[i], gv, pv, o.build))
}

// Done computes the object score (docs/SCORING.md §6.3, §6.5) and, in build
// mode, the match node and aligned values; it ends the alignment.
func (o *Object) Done() (float64, *Res) {
	o.w.od--
	E := o.entries()
	if E == 0 {
		if o.build {
			return 1, EmptyObject()
		}
		return 1, nil
	}
	fullPairs := o.full && o.same && o.spec.Shares != nil
	var W float64
	if !fullPairs {
		W = align.PairwiseSum(o.ws[:E])
	}
	var score float64
	zeroWeight := !fullPairs && W == 0
	wK, wV := o.spec.KeyImportance, o.spec.ValueImportance
	if zeroWeight {
		score = 1 // docs/SCORING.md §6.5: an object of zero total weight scores exactly 1
	} else {
		o.terms = grow(o.terms, E)
		if fullPairs {
			// Every property paired: the shares are the spec's.
			for x, r := range o.spec.Shares {
				o.terms[x] = r * o.vs[x]
			}
		} else {
			for x, w := range o.ws[:E] {
				o.terms[x] = (w / W) * o.vs[x]
			}
		}
		sVal := align.PairwiseSum(o.terms)
		switch {
		case wK == 0 && wV == 1:
			// (0·sKey + 1·sVal) / 1 is sVal: the key term is +0 (the mean
			// is finite), +0 + x is x, and x·1 and x/1 are x.
			score = align.Clamp01(sVal)
		default:
			kTerm := 0.0 // with wK = 0 the key term is +0
			if wK != 0 {
				var sKey float64
				if o.same {
					sKey = 1 // E ones: their pairwise sum is E
				} else {
					sKey = align.PairwiseSum(o.ks[:E]) / float64(E)
				}
				kTerm = float64(wK * sKey)
			}
			score = align.Clamp01((kTerm + float64(wV*sVal)) / (wK + wV))
		}
		if score != 1 && o.perfect(E, wK) {
			score = 1 // docs/SCORING.md §6.5: a perfect match scores exactly 1
		}
	}
	if !o.build {
		return score, nil
	}
	mt := &align.Match{Type: align.ObjectNode, Score: score, Confidence: 1, Entries: make([]align.ObjectEntry, E)}
	kb, vb := wK/(wK+wV), wV/(wK+wV)
	sumW := align.NeumaierSum(o.ws[:E])
	var agM, apM []jsonval.Member
	for x := range E {
		gi, pi := o.pair(x)
		hasG, hasP := gi >= 0, pi >= 0
		r := o.rs[x]
		if r == nil {
			var g, p jsonval.Value
			if hasG {
				g, _ = o.gv.Get(o.goldKey(gi))
			}
			if hasP {
				p, _ = o.pv.Get(o.candKey(pi))
			}
			r = Leaf(align.LeafPlain, 0, g, p, hasG, hasP)
		}
		oe := align.ObjectEntry{KeyScore: o.keyScore(x), Value: r.Match}
		if !zeroWeight {
			oe.KeyAlpha = kb / float64(E)
			if sumW != 0 {
				oe.ValueAlpha = float64(vb*o.ws[x]) / sumW
			}
		}
		if hasG {
			oe.GoldKey, oe.HasGoldKey = o.goldKey(gi), true
			agM = append(agM, jsonval.Member{Key: oe.GoldKey, Value: r.Gold})
		}
		if hasP {
			oe.PredKey, oe.HasPredKey = o.candKey(pi), true
			apM = append(apM, jsonval.Member{Key: oe.PredKey, Value: r.Pred})
		}
		if hasG && hasP && (!o.foreign && o.gt[gi] == o.pt[pi] || o.foreign && oe.GoldKey == oe.PredKey) && o.gt[gi] < len(o.filled) {
			switch o.filled[o.gt[gi]] {
			case 1:
				oe.GoldFill, oe.HasGoldFill = o.gv.Get(oe.GoldKey)
			case 2:
				oe.PredFill, oe.HasPredFill = o.pv.Get(oe.PredKey)
			}
		}
		mt.Entries[x] = oe
	}
	o.rs, o.gv, o.pv = nil, jsonval.Value{}, jsonval.Value{}
	return score, &Res{Gold: jsonval.NewObject(agM), Pred: jsonval.NewObject(apM), Match: mt}
}
