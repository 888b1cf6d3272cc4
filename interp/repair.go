package interp

import (
	"fmt"
	"math"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// RepairOptions control the repair walk and ranking (docs/SCORING.md §8.6–8.7).
type RepairOptions struct {
	// Granularity is leaf (default), subtree or all.
	Granularity align.Granularity
	// MinContribution keeps only operations with Δ ≥ it when > 0.
	MinContribution float64
	// RankBy is score_delta (default), expected_gain or confidence.
	RankBy string
	// IncludePairingAmbiguous appends pairing_ambiguous diagnostics for
	// nodes whose confidence is below AmbiguityThreshold (default 0.30).
	IncludePairingAmbiguous bool
	// AmbiguityThreshold is the confidence below which a node is reported
	// ambiguous; 0 means the default 0.30.
	AmbiguityThreshold float64
}

// Repair returns the ranked repair operations of the pair (docs/SCORING.md §8). A
// candidate that failed validation has none, nor, in the reference profile,
// one whose root kind differs from the gold's (docs/SCORING.md §1.3). In the
// default profile such a root gets the operation a value of the wrong kind
// gets inside an object: the replacement of the candidate by the gold (kind
// primitive_replace at the root, Δ 1), so that its feedback names the fix
// and the deltas still add up to 1 − score.
//
// In the default profile the operations are those of the candidate-space walk
// (align.WalkOptions.Candidate): their values (value, gold, candidate) are the
// true values at their sites, every id and reference written in the
// candidate's identifiers (see CandidateSpaceGold), so that a fix applies as
// written and earns its delta. In the reference profile they are the Python
// reference's, values in the gold's identifiers.
func (r *Result) Repair(opts RepairOptions) ([]align.Op, error) {
	g, err := align.ParseGranularity(string(opts.Granularity))
	if err != nil {
		return nil, err
	}
	if opts.MinContribution < 0 {
		return nil, fmt.Errorf("minContribution %v: want a number ≥ 0", opts.MinContribution)
	}
	if !(opts.AmbiguityThreshold >= 0) {
		return nil, fmt.Errorf("ambiguityThreshold %v: want a number ≥ 0", opts.AmbiguityThreshold)
	}
	if r.Match == nil && (r.Invalid != nil || r.referenceProfile()) {
		return nil, nil
	}
	ops := r.walk(g)
	var diags []align.Op
	if opts.IncludePairingAmbiguous {
		th := opts.AmbiguityThreshold
		if th == 0 {
			th = 0.30
		}
		if r.referenceProfile() {
			diags = align.PairingDiagnostics(r.Match, th)
		} else {
			diags = align.CandidatePairingDiagnostics(r.Match, th)
		}
	}
	return align.RankOps(ops, align.RankOptions{MinContribution: opts.MinContribution, RankBy: opts.RankBy}, diags)
}

// walk runs the repair walk of the result's profile at granularity g. In the
// default profile, a result without a match tree whose candidate passed
// validation (the root kinds differ) is walked as one leaf at the root, the
// match a value of the wrong kind gets inside an object.
func (r *Result) walk(g align.Granularity) []align.Op {
	if r.referenceProfile() {
		return align.WalkRepairs(r.Match, r.gold, r.cand, g)
	}
	m := r.Match
	if m == nil {
		m = r.rootKindLeaf()
	}
	return align.Walk(m, r.CandidateSpaceGold(), r.cand, align.WalkOptions{Granularity: g, Candidate: true})
}

// rootKindLeaf is the match the default profile gives a pair without a match
// tree whose candidate passed validation (the root kinds differ): one leaf at
// the root holding the two values, with the pair's score, the match a value
// of the wrong kind gets inside an object.
func (r *Result) rootKindLeaf() *align.Match {
	return &align.Match{Type: align.LeafNode, Score: r.Score, Confidence: 1,
		Gold: r.gold, Pred: r.cand, HasGold: true, HasPred: true}
}

// referenceProfile reports whether the result follows the reference profile
// (a Result built outside a Scorer does).
func (r *Result) referenceProfile() bool { return r.scorer == nil || r.scorer.referenceProfile() }

// Edits returns the leaf-granularity repair operations that package repair
// applies, whatever the profile: the candidate-space walk's, in walk order
// (not ranked), each with its Site, and the edits that recover no credit but
// make the repaired candidate whole (align.WalkOptions.Complete, Δ 0: id
// renames, the parts that carry no weight). In the default profile they are
// the operations of Repair before ranking, plus those edits. A candidate
// without a match tree (it failed validation, or its root kind differs from
// the gold's) gets one replace of the whole value by the gold (kind
// subtree_replace, Δ 1 − score).
func (r *Result) Edits() []align.Op {
	if r.Match == nil {
		return []align.Op{{Op: "replace", Kind: align.KindSubtreeReplace, Delta: 1 - r.Score,
			Value: r.gold, Gold: r.gold, Pred: r.cand, HasGold: true, HasPred: true,
			Confidence: 1, Site: &align.Site{}}}
	}
	return align.Walk(r.Match, r.CandidateSpaceGold(), r.cand, align.WalkOptions{Candidate: true, Complete: true})
}

// Options are the options of the scorer that produced the result (the
// zero Options for a Result built by hand): package feedback reads the
// profile and the referential feedback mode from them.
func (r *Result) Options() Options {
	if r.scorer == nil {
		return Options{}
	}
	return r.scorer.opts
}

// Scored returns the two values as scored: Gold and Candidate in the
// reference profile, their canonical forms in the default profile (the
// values the match tree and the operations hold).
func (r *Result) Scored() (gold, cand jsonval.Value) { return r.gold, r.cand }

// Attribution decomposes the pair's deficit per location (docs/SCORING.md §9.2): one
// row per leaf with its effective weight and contribution c(1 − s), sorted
// by contribution. A candidate that failed validation yields no rows, score
// 0 and residual −1; so does, in the reference profile, one whose root kind
// differs from the gold's. In the default profile such a root yields one row
// at the root path "" holding the two values (weight 1, contribution
// 1 − score), the row of the leaf Repair walks, so that the residual is 0.
// In the default profile a residual of magnitude below ResidualNoise, the
// rounding of the sum identity, is reported as 0.
func (r *Result) Attribution(opts align.AttributionOptions) (align.Attribution, error) {
	return r.AttributionInto(nil, opts)
}

// AttributionInto is Attribution building the rows in the storage of rows
// when it has room (align.AttributeInto).
func (r *Result) AttributionInto(rows []align.AttributionRow, opts align.AttributionOptions) (align.Attribution, error) {
	if _, err := align.ParseGranularity(string(opts.Granularity)); err != nil {
		return align.Attribution{}, err
	}
	m := r.Match
	if m == nil {
		if r.Invalid != nil || r.referenceProfile() {
			return align.Attribution{Score: r.Score, Residual: -(1 - r.Score)}, nil
		}
		m = r.rootKindLeaf()
	}
	at, err := align.AttributeInto(rows, m, r.Score, opts)
	if err == nil && r.Options().Compat != CompatReference && math.Abs(at.Residual) < ResidualNoise {
		at.Residual = 0
	}
	return at, err
}

// ResidualNoise bounds the attribution residual that the default profile
// reports as 0: the residual total − (1 − score) is floating-point rounding
// of the sum identity (docs/SCORING.md §8.5), a few ulps of 1, far below it.
const ResidualNoise = 1e-12
