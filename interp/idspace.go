package interp

import (
	"math"
	"math/big"
	"slices"
	"strconv"

	"github.com/objectaligner/oagen/jsonval"
)

// The candidate's identifier space (the default profile's repairs).
//
// A fix written with the gold's identifiers does not apply to a candidate
// that numbers its records its own way: a reference to the gold's "depot"
// means nothing in a candidate that calls that party "p2". So every value a
// repair suggests is written in the candidate's identifiers, through σ, one
// injective map per scope from gold ids to candidate-space ids:
//
//   - a gold id with a counterpart under the scope's bijection π maps to
//     that counterpart, σ(g) = π(g); in the reference profile, which tells
//     7 from 7.0 (one identifier), it is written in the gold id's lexical
//     form (integer-form or float-form);
//   - a gold id without one (its record is missing from the candidate, or,
//     in the reference profile, its counterpart is a number that cannot be
//     written in the gold id's form, such as 8.5 for the gold's 0) maps
//     to a fresh id that the candidate does not use in the scope, neither as
//     an id nor as a reference: the gold id itself when it is free, else,
//     for a string, the first free of g + "_2", g + "_3", …, and for a
//     number, one more than the largest integer in use in the scope (the
//     gold id and the fresh ids already chosen included), written in the
//     gold id's lexical form (integer-form or float-form). Fresh ids are
//     chosen scope by scope in schema order, gold ids in gold record order.
//
// The gold with σ applied to every id (at the scope's record path and id
// suffix) and every reference (at its reference paths) is the gold "in the
// candidate's identifier space"; the candidate-space repair walk takes its
// values from it.

// CandidateSpaceGold returns the gold written in the candidate's
// identifiers: the gold as scored (in the default profile its canonical
// form) with σ (above) applied to every id and reference, the gold as the
// candidate should have written it. The values of the candidate-space repair
// operations come from it. Without scopes, or without bijections (a
// candidate that failed validation), it is the gold as scored.
func (r *Result) CandidateSpaceGold() jsonval.Value {
	if r.scorer == nil || len(r.Bijections) == 0 {
		return r.gold
	}
	sch := r.scorer.schema
	edits := &valueEdits{}
	for i, sc := range sch.Scopes {
		if i >= len(r.Bijections) {
			break
		}
		sigma := r.sigma(i)
		for _, rec := range walkPath(r.gold, "", sc.RecordPath, nil) {
			for _, id := range walkPath(rec.v, rec.ptr, sc.IDSuffix, nil) {
				if v, ok := sigma[keyOf(id.v)]; ok {
					edits.set(id.ptr, v)
				}
			}
		}
		for _, rp := range sc.RefPaths {
			for _, ref := range walkPath(r.gold, "", rp, nil) {
				if v, ok := sigma[keyOf(ref.v)]; ok {
					edits.set(ref.ptr, v)
				}
			}
		}
	}
	return edits.apply(r.gold)
}

// CandidateIDs returns σ (above), in scope order: every gold id with the
// identifier the candidate-space operations write for it — its counterpart
// under the bijection (Bijections) or a fresh id. Every pair has a
// candidate id; Excess is empty. Without bijections it is nil.
func (r *Result) CandidateIDs() []Bijection {
	if r.scorer == nil || len(r.Bijections) == 0 {
		return nil
	}
	out := make([]Bijection, len(r.Bijections))
	for i, b := range r.Bijections {
		sigma := r.sigma(i)
		out[i].Scope = b.Scope
		for _, p := range b.Pairs {
			out[i].Pairs = append(out[i].Pairs, IDPair{Gold: p.Gold, Candidate: sigma[keyOf(p.Gold)], HasCandidate: true})
		}
	}
	return out
}

// sigma returns σ of scope i: every gold id of the bijection mapped to its
// candidate-space id.
func (r *Result) sigma(i int) map[idKey]jsonval.Value {
	sc := r.scorer.schema.Scopes[i]
	space := newIDSpace()
	for _, id := range walkValues(r.cand, concatPath(sc.RecordPath, sc.IDSuffix)) {
		space.add(id)
	}
	for _, rp := range sc.RefPaths {
		for _, ref := range walkValues(r.cand, rp) {
			space.add(ref)
		}
	}
	sigma := map[idKey]jsonval.Value{}
	counterpart := func(p IDPair) (jsonval.Value, bool) {
		if !p.HasCandidate || !r.scorer.referenceProfile() {
			return p.Candidate, p.HasCandidate
		}
		c := inFormOf(p.Candidate, p.Gold)
		return c, c.Kind == p.Gold.Kind || !c.IsNumber() || !p.Gold.IsNumber()
	}
	for _, p := range r.Bijections[i].Pairs {
		if c, ok := counterpart(p); ok {
			sigma[keyOf(p.Gold)] = c
		}
	}
	for _, p := range r.Bijections[i].Pairs {
		if _, ok := counterpart(p); !ok {
			f := space.fresh(p.Gold)
			space.add(f)
			sigma[keyOf(p.Gold)] = f
		}
	}
	return sigma
}

// idSpace is the set of values in use in one scope of the candidate, from
// which fresh ids are chosen.
type idSpace struct {
	used idSet
	// maxInt is the largest integer in use within the int64 range (hasInt
	// false: none); integral float-form numbers count.
	maxInt int64
	hasInt bool
}

func newIDSpace() *idSpace { return &idSpace{used: idSet{}} }

func (s *idSpace) add(v jsonval.Value) {
	k := keyOf(v)
	s.used[k] = true
	if k.kind == 'n' && (!s.hasInt || k.i > s.maxInt) {
		s.maxInt, s.hasInt = k.i, true
	}
}

// fresh returns a candidate-space id for the gold id g that is not in use
// (see the rule above).
func (s *idSpace) fresh(g jsonval.Value) jsonval.Value {
	if !s.used[keyOf(g)] {
		return g
	}
	switch g.Kind {
	case jsonval.String:
		for n := 2; ; n++ {
			if c := jsonval.NewString(g.S + "_" + strconv.Itoa(n)); !s.used[keyOf(c)] {
				return c
			}
		}
	case jsonval.Int, jsonval.Float:
		// One more than the largest integer in use (g is in use, so it
		// counts), searching upwards past any value in use.
		next := big.NewInt(0)
		if s.hasInt {
			next.SetInt64(s.maxInt)
		}
		if gi, ok := integerOf(g); ok && gi.Cmp(next) > 0 {
			next = gi
		}
		one := big.NewInt(1)
		for {
			next.Add(next, one)
			c := jsonval.NewBigInt(next)
			if g.Kind == jsonval.Float {
				f, _ := new(big.Float).SetInt(next).Float64()
				if math.IsInf(f, 0) {
					break
				}
				c = jsonval.NewFloat(f)
			}
			if !s.used[keyOf(c)] {
				return c
			}
		}
	}
	// Not reached for the id types the schema admits (string, integer,
	// number) short of float-form ids at the top of the float64 range:
	// search downwards from the largest float.
	for f := math.MaxFloat64; ; f = math.Nextafter(f, math.Inf(-1)) {
		if c := jsonval.NewFloat(f); !s.used[keyOf(c)] {
			return c
		}
	}
}

// inFormOf returns the number c in the lexical form (integer-form or
// float-form) of g when both are numbers of different forms and c's value
// can be written in g's form exactly; else c.
func inFormOf(c, g jsonval.Value) jsonval.Value {
	switch {
	case c.Kind == jsonval.Float && g.Kind == jsonval.Int:
		if i, ok := integerOf(c); ok && c.F == math.Floor(c.F) {
			return jsonval.NewBigInt(i)
		}
	case c.Kind == jsonval.Int && g.Kind == jsonval.Float:
		if f := c.Float64(); jsonval.Equal(jsonval.NewFloat(f), c) {
			return jsonval.NewFloat(f)
		}
	}
	return c
}

// integerOf returns the integer value of an integer-form number, or of a
// float-form number rounded down.
func integerOf(v jsonval.Value) (*big.Int, bool) {
	switch v.Kind {
	case jsonval.Int:
		return v.BigInt(), true
	case jsonval.Float:
		if math.IsInf(v.F, 0) || math.IsNaN(v.F) {
			return nil, false
		}
		i, _ := new(big.Float).SetFloat64(math.Floor(v.F)).Int(nil)
		return i, true
	}
	return nil, false
}

// valueEdits is a set of replacements at JSON Pointers, applied to a value in
// one pass that copies only the containers on the way to a replacement.
type valueEdits struct {
	val  *jsonval.Value
	kids map[string]*valueEdits
}

// set records that the value at ptr (a pointer produced by walkPath) becomes
// v.
func (e *valueEdits) set(ptr string, v jsonval.Value) {
	for _, t := range pointerTokens(ptr) {
		if e.kids == nil {
			e.kids = map[string]*valueEdits{}
		}
		k := e.kids[t]
		if k == nil {
			k = &valueEdits{}
			e.kids[t] = k
		}
		e = k
	}
	e.val = &v
}

// apply returns v with the replacements made; v is not modified.
func (e *valueEdits) apply(v jsonval.Value) jsonval.Value {
	if e.val != nil {
		return *e.val
	}
	if len(e.kids) == 0 {
		return v
	}
	switch v.Kind {
	case jsonval.Array:
		arr := slices.Clone(v.Arr)
		for t, k := range e.kids {
			if i, err := strconv.Atoi(t); err == nil && i >= 0 && i < len(arr) {
				arr[i] = k.apply(arr[i])
			}
		}
		return jsonval.NewArray(arr)
	case jsonval.Object:
		obj := slices.Clone(v.Obj)
		for i := range obj {
			if k := e.kids[obj[i].Key]; k != nil {
				obj[i].Value = k.apply(obj[i].Value)
			}
		}
		return jsonval.NewObject(obj)
	}
	return v
}
