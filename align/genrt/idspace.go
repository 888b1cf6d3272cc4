package genrt

import (
	"math"
	"math/big"
	"slices"
	"strconv"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// The candidate's identifier space: the values of the repair operations of
// the default profile are written in the candidate's identifiers, through σ,
// one injective map per scope from gold ids to candidate-space ids (the
// rules are interp.Result.CandidateSpaceGold's, which the conformance tests
// of package gen hold this code to):
//
//   - a gold id with a counterpart under the scope's bijection π maps to it;
//   - a gold id without one maps to a fresh id that the candidate does not
//     use in the scope, neither as an id nor as a reference: the gold id
//     itself when it is free, else, for a string, the first free of
//     g + "_2", g + "_3", …, and for a number, one more than the largest
//     integer in use in the scope (the gold id and the fresh ids already
//     chosen included), in the gold id's form (integer or float). Fresh ids
//     are chosen in gold record order.
//
// The gold with σ applied to every id (at the scope's record path and id
// suffix) and every reference (at its reference paths) is the gold "in the
// candidate's identifier space", from which the candidate-space repair walk
// (align.WalkOptions.Candidate) takes its values.

// StepKind is the kind of one edge of a schema path.
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

// Step is one edge of a schema path (docs/SCORING.md §7.3) as generated code
// declares the paths of its scopes.
type Step struct {
	Kind  StepKind
	Key   string
	Index int
}

// ScopePaths are the data paths of one scope: its record path, the id
// suffix inside a record, and its reference paths.
type ScopePaths struct {
	Record, ID []Step
	Refs       [][]Step
}

// IDPair is a gold identifier of a scope with its counterpart under the
// bijection (HasCand false: none), both as JSON values.
type IDPair struct {
	Gold, Cand jsonval.Value
	HasCand    bool
}

// Pairs returns the identifier pairs of a derived scope, gold ids in record
// order, enc writing identifiers as JSON.
func (s *Scope[K, R]) Pairs(enc func(K) jsonval.Value) []IDPair {
	var out []IDPair
	for r := range s.IDs[0] {
		if !s.HasID[0][r] {
			continue
		}
		id := s.IDs[0][r]
		p := IDPair{Gold: enc(id)}
		if c, ok := s.Image(id); ok {
			p.Cand, p.HasCand = enc(c), true
		}
		out = append(out, p)
	}
	return out
}

// CandidateSpaceGold returns gold with σ applied to the ids and references
// of every scope (paths[i] and pairs[i], in scope order): the gold as the
// candidate should have written it. gold and cand are the values as scored.
func CandidateSpaceGold(gold, cand jsonval.Value, paths []ScopePaths, pairs [][]IDPair) jsonval.Value {
	edits := &valueEdits{}
	for i, sc := range paths {
		if i >= len(pairs) {
			break
		}
		sigma := candidateIDs(cand, sc, pairs[i])
		idPath := slices.Concat(sc.Record, sc.ID)
		for _, at := range walkSteps(gold, idPath, nil, nil) {
			if v, ok := sigma[keyOf(at.v)]; ok {
				edits.set(at.toks, v)
			}
		}
		for _, rp := range sc.Refs {
			for _, at := range walkSteps(gold, rp, nil, nil) {
				if v, ok := sigma[keyOf(at.v)]; ok {
					edits.set(at.toks, v)
				}
			}
		}
	}
	return edits.apply(gold)
}

// candidateIDs returns σ of one scope.
func candidateIDs(cand jsonval.Value, sc ScopePaths, pairs []IDPair) map[idKey]jsonval.Value {
	space := &idSpace{used: map[idKey]bool{}}
	for _, at := range walkSteps(cand, slices.Concat(sc.Record, sc.ID), nil, nil) {
		space.add(at.v)
	}
	for _, rp := range sc.Refs {
		for _, at := range walkSteps(cand, rp, nil, nil) {
			space.add(at.v)
		}
	}
	sigma := map[idKey]jsonval.Value{}
	for _, p := range pairs {
		if p.HasCand {
			sigma[keyOf(p.Gold)] = p.Cand
		}
	}
	for _, p := range pairs {
		if !p.HasCand {
			f := space.fresh(p.Gold)
			space.add(f)
			sigma[keyOf(p.Gold)] = f
		}
	}
	return sigma
}

// located is a value found by walkSteps with the pointer tokens leading to
// it.
type located struct {
	v    jsonval.Value
	toks []string
}

// walkSteps follows a schema path through a value: a property step descends
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

// idKey keys identifiers under JSON equality (numbers by value).
type idKey struct {
	kind byte // 's' string, 'n' integer in int64, 'x' align.IDKey text
	s    string
	i    int64
}

func keyOf(v jsonval.Value) idKey {
	switch v.Kind {
	case jsonval.String:
		return idKey{kind: 's', s: v.S}
	case jsonval.Int:
		if v.Big == nil {
			return idKey{kind: 'n', i: v.I}
		}
	case jsonval.Float:
		// Integral floats in the int64 range key like the integer they
		// equal; the bounds are exact binary64 values (±2^63).
		if f := v.F; f == math.Trunc(f) && f >= -9223372036854775808.0 && f < 9223372036854775808.0 {
			return idKey{kind: 'n', i: int64(f)}
		}
	}
	return idKey{kind: 'x', s: align.IDKey(v)}
}

// idSpace is the set of values in use in one scope of the candidate, from
// which fresh ids are chosen.
type idSpace struct {
	used map[idKey]bool
	// maxInt is the largest integer in use within the int64 range (hasInt
	// false: none); integral float-form numbers count.
	maxInt int64
	hasInt bool
}

func (s *idSpace) add(v jsonval.Value) {
	k := keyOf(v)
	s.used[k] = true
	if k.kind == 'n' && (!s.hasInt || k.i > s.maxInt) {
		s.maxInt, s.hasInt = k.i, true
	}
}

// fresh returns a candidate-space id for the gold id g that is not in use.
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
	for f := math.MaxFloat64; ; f = math.Nextafter(f, math.Inf(-1)) {
		if c := jsonval.NewFloat(f); !s.used[keyOf(c)] {
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
