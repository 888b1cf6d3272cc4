package align

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
//   - a gold id with a counterpart maps to that counterpart (IDPair.Cand);
//   - a gold id without one maps to a fresh id that the candidate does not
//     use in the scope, neither as an id nor as a reference: the gold id
//     itself when it is free, else, for a string, the first free of
//     g + "_2", g + "_3", …, and for a number, one more than the largest
//     integer in use in the scope (the gold id and the fresh ids already
//     chosen included), written in the gold id's lexical form (integer-form
//     or float-form). Fresh ids are chosen in the order of the pairs (gold
//     record order).
//
// The gold with σ applied to every id (at the scope's record path and id
// suffix) and every reference (at its reference paths) is the gold "in the
// candidate's identifier space"; the candidate-space repair walk
// (WalkOptions.Candidate) takes its values from it. The interpreter
// (interp.Result.CandidateSpaceGold) and generated scorers (align/genrt)
// both compute it here.

// StepKind is the kind of one edge of a data path.
type StepKind uint8

const (
	// StepProperty descends into the member Key of an object.
	StepProperty StepKind = iota
	// StepItems descends into every element of an array (tuple positions
	// included).
	StepItems
	// StepPrefix descends into the element at Index of an array.
	StepPrefix
)

// Step is one edge of a schema path followed through a value
// (docs/SCORING.md §7.3).
type Step struct {
	Kind  StepKind
	Key   string // StepProperty
	Index int    // StepPrefix
}

// ScopePaths are the data paths of one scope: its record path, the id
// suffix inside a record, and its reference paths.
type ScopePaths struct {
	Record, ID []Step
	Refs       [][]Step
}

// IDPair is a gold identifier of a scope with the candidate identifier σ
// maps it to when it has a counterpart (HasCand false: σ picks a fresh
// one).
type IDPair struct {
	Gold, Cand jsonval.Value
	HasCand    bool
}

// CandidateSpaceGold returns gold with σ applied to the ids and references
// of every scope (paths[i] with pairs[i]): the gold as the candidate should
// have written it. gold and cand are the values as scored; gold is not
// modified (only the containers on the way to a rewritten id are copied).
func CandidateSpaceGold(gold, cand jsonval.Value, paths []ScopePaths, pairs [][]IDPair) jsonval.Value {
	edits := &valueEdits{}
	for i, sc := range paths {
		if i >= len(pairs) {
			break
		}
		sigma := map[string]jsonval.Value{}
		for k, c := range CandidateIDs(cand, sc, pairs[i]) {
			sigma[IDKey(pairs[i][k].Gold)] = c
		}
		rewrite := func(p []Step) {
			for _, at := range walkSteps(gold, p, nil, nil) {
				if v, ok := sigma[IDKey(at.v)]; ok {
					edits.set(at.toks, v)
				}
			}
		}
		rewrite(slices.Concat(sc.Record, sc.ID))
		for _, rp := range sc.Refs {
			rewrite(rp)
		}
	}
	return edits.apply(gold)
}

// CandidateIDs returns σ of one scope: for every pair, the candidate-space
// identifier of its gold id (its counterpart, or a fresh id chosen among
// the values cand does not use at the scope's id and reference paths).
func CandidateIDs(cand jsonval.Value, sc ScopePaths, pairs []IDPair) []jsonval.Value {
	space := &idSpace{used: map[string]bool{}}
	for _, at := range walkSteps(cand, slices.Concat(sc.Record, sc.ID), nil, nil) {
		space.add(at.v)
	}
	for _, rp := range sc.Refs {
		for _, at := range walkSteps(cand, rp, nil, nil) {
			space.add(at.v)
		}
	}
	out := make([]jsonval.Value, len(pairs))
	for k, p := range pairs {
		if p.HasCand {
			out[k] = p.Cand
		}
	}
	for k, p := range pairs {
		if !p.HasCand {
			out[k] = space.fresh(p.Gold)
			space.add(out[k])
		}
	}
	return out
}

// located is a value found by walkSteps with the pointer tokens leading to
// it.
type located struct {
	v    jsonval.Value
	toks []string
}

// walkSteps follows a data path through a value: a property step descends
// into the member when present, an items step into every element, a prefix
// step into the element at its index. Results come in document order.
func walkSteps(v jsonval.Value, p []Step, toks []string, out []located) []located {
	if len(p) == 0 {
		return append(out, located{v, slices.Clone(toks)})
	}
	switch e := p[0]; e.Kind {
	case StepProperty:
		if v.Kind != jsonval.Object {
			return out
		}
		child, ok := v.Get(e.Key)
		if !ok {
			return out
		}
		return walkSteps(child, p[1:], append(toks, e.Key), out)
	case StepItems:
		if v.Kind != jsonval.Array {
			return out
		}
		for i, el := range v.Arr {
			out = walkSteps(el, p[1:], append(toks, strconv.Itoa(i)), out)
		}
	case StepPrefix:
		if v.Kind != jsonval.Array || e.Index >= len(v.Arr) {
			return out
		}
		return walkSteps(v.Arr[e.Index], p[1:], append(toks, strconv.Itoa(e.Index)), out)
	}
	return out
}

// idSpace is the set of values in use in one scope of the candidate, from
// which fresh ids are chosen.
type idSpace struct {
	used map[string]bool // by IDKey
	// maxInt is the largest integer in use within the int64 range (hasInt
	// false: none); integral float-form numbers count.
	maxInt int64
	hasInt bool
}

func (s *idSpace) add(v jsonval.Value) {
	s.used[IDKey(v)] = true
	if i, ok := int64Of(v); ok && (!s.hasInt || i > s.maxInt) {
		s.maxInt, s.hasInt = i, true
	}
}

// int64Of returns the value of an integer-form number in the int64 range or
// of an integral float-form number in that range.
func int64Of(v jsonval.Value) (int64, bool) {
	switch v.Kind {
	case jsonval.Int:
		return v.I, v.Big == nil
	case jsonval.Float:
		// The bounds are exact binary64 values (±2^63).
		if f := v.F; f == math.Trunc(f) && f >= -9223372036854775808.0 && f < 9223372036854775808.0 {
			return int64(f), true
		}
	}
	return 0, false
}

// fresh returns a candidate-space id for the gold id g that is not in use
// (see the rule above).
func (s *idSpace) fresh(g jsonval.Value) jsonval.Value {
	if !s.used[IDKey(g)] {
		return g
	}
	switch g.Kind {
	case jsonval.String:
		for n := 2; ; n++ {
			if c := jsonval.NewString(g.S + "_" + strconv.Itoa(n)); !s.used[IDKey(c)] {
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
			if !s.used[IDKey(c)] {
				return c
			}
		}
	}
	// Not reached for the id types the schema admits (string, integer,
	// number) short of float-form ids at the top of the float64 range:
	// search downwards from the largest float.
	for f := math.MaxFloat64; ; f = math.Nextafter(f, math.Inf(-1)) {
		if c := jsonval.NewFloat(f); !s.used[IDKey(c)] {
			return c
		}
	}
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

// valueEdits is a set of replacements at pointer tokens, applied to a value
// in one pass that copies only the containers on the way to a replacement.
type valueEdits struct {
	val  *jsonval.Value
	kids map[string]*valueEdits
}

// set records that the value at toks becomes v.
func (e *valueEdits) set(toks []string, v jsonval.Value) {
	for _, t := range toks {
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
