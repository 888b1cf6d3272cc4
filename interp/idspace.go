package interp

import (
	"math"
	"math/big"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
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
// values from it. Package align computes it (align.CandidateSpaceGold, which
// generated scorers use too); this file supplies the scopes' paths and the
// reference profile's counterparts.

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
	paths, pairs := r.idSpaces()
	return align.CandidateSpaceGold(r.gold, r.cand, paths, pairs)
}

// CandidateIDs returns σ (above), in scope order: every gold id with the
// identifier the candidate-space operations write for it — its counterpart
// under the bijection (Bijections) or a fresh id. Every pair has a
// candidate id; Excess is empty. Without bijections it is nil.
func (r *Result) CandidateIDs() []Bijection {
	if r.scorer == nil || len(r.Bijections) == 0 {
		return nil
	}
	paths, pairs := r.idSpaces()
	out := make([]Bijection, len(r.Bijections))
	for i, b := range r.Bijections {
		ids := align.CandidateIDs(r.cand, paths[i], pairs[i])
		out[i].Scope = b.Scope
		for k, p := range b.Pairs {
			out[i].Pairs = append(out[i].Pairs, IDPair{Gold: p.Gold, Candidate: ids[k], HasCandidate: true})
		}
	}
	return out
}

// idSpaces returns, for the scopes that have a bijection, their data paths
// and their pairs with the counterparts σ takes: the bijection's, in the
// reference profile written in the gold id's lexical form, and none (a
// fresh id) for a number that cannot be written in that form.
func (r *Result) idSpaces() ([]align.ScopePaths, [][]align.IDPair) {
	sch := r.scorer.schema
	n := min(len(sch.Scopes), len(r.Bijections))
	paths := make([]align.ScopePaths, n)
	pairs := make([][]align.IDPair, n)
	for i, sc := range sch.Scopes[:n] {
		paths[i] = align.ScopePaths{Record: dataPath(sc.RecordPath), ID: dataPath(sc.IDSuffix)}
		for _, rp := range sc.RefPaths {
			paths[i].Refs = append(paths[i].Refs, dataPath(rp))
		}
		for _, p := range r.Bijections[i].Pairs {
			c, ok := p.Candidate, p.HasCandidate
			if ok && r.scorer.referenceProfile() {
				c = inFormOf(p.Candidate, p.Gold)
				ok = c.Kind == p.Gold.Kind || !c.IsNumber() || !p.Gold.IsNumber()
			}
			pairs[i] = append(pairs[i], align.IDPair{Gold: p.Gold, Cand: c, HasCand: ok})
		}
	}
	return paths, pairs
}

// dataPath is a schema path as the steps align follows through values.
func dataPath(p ir.Path) []align.Step {
	out := make([]align.Step, len(p))
	for i, e := range p {
		switch e.Kind {
		case ir.EdgeProperty:
			out[i] = align.Step{Kind: align.StepProperty, Key: e.Key}
		case ir.EdgeItems:
			out[i] = align.Step{Kind: align.StepItems}
		case ir.EdgePrefix:
			out[i] = align.Step{Kind: align.StepPrefix, Index: e.Index}
		}
	}
	return out
}

// inFormOf returns the number c in the lexical form (integer-form or
// float-form) of g when both are numbers of different forms and c's value
// can be written in g's form exactly; else c.
func inFormOf(c, g jsonval.Value) jsonval.Value {
	switch {
	case c.Kind == jsonval.Float && g.Kind == jsonval.Int:
		if !math.IsInf(c.F, 0) && c.F == math.Floor(c.F) {
			i, _ := new(big.Float).SetFloat64(c.F).Int(nil)
			return jsonval.NewBigInt(i)
		}
	case c.Kind == jsonval.Int && g.Kind == jsonval.Float:
		if f := c.Float64(); jsonval.Equal(jsonval.NewFloat(f), c) {
			return jsonval.NewFloat(f)
		}
	}
	return c
}
