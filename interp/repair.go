package interp

import (
	"fmt"
	"math"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
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

// Feedback returns the feedback text and the ranked operations of the pair
// (docs/SCORING.md §8.8). A candidate that failed validation gets the validation-error
// text and no operations (docs/SCORING.md §8.8.7); under ValidationReport it
// is scored, and its text starts with one validation-error line per
// violation. When the scorer's ReferentialFeedback
// is "semantic" and fo.RefSemantics is nil, reference lines are rendered
// semantically (docs/SCORING.md §8.11, see RefSemantics). The text follows the scorer's
// profile: fo.Profile is set from its Compat option.
func (r *Result) Feedback(ro RepairOptions, fo feedback.FeedbackOptions) (string, []align.Op, error) {
	fo.Profile = r.textProfile()
	if r.Invalid != nil {
		t := fo.Templates
		if t == nil {
			t = feedback.DefaultTemplates()
		}
		if len(fo.Overrides) > 0 {
			var err error
			if t, err = t.WithOverrides(fo.Overrides); err != nil {
				return "", nil, err
			}
		}
		return feedback.RenderValidationError(r.Invalid.DisplayPath(), r.Invalid.Message, t, fo.Profile), nil, nil
	}
	ops, err := r.Repair(ro)
	if err != nil {
		return "", nil, err
	}
	if fo.RefSemantics == nil && r.scorer != nil && r.scorer.opts.ReferentialFeedback == RefFeedbackSemantic {
		fo.RefSemantics = r.RefSemantics()
	}
	fb, err := feedback.RenderFeedback(r.Score, ops, fo)
	if err != nil {
		return "", nil, err
	}
	if len(r.Violations) > 0 && fb.Text != "" {
		return r.violationLines(fo) + fb.Text, ops, nil
	}
	return fb.Text, ops, nil
}

// violationLines renders the violations of a candidate scored under
// ValidationReport, one feedback.validation_error line each (with the
// options' templates and overrides), for the top of its feedback.
func (r *Result) violationLines(fo feedback.FeedbackOptions) string {
	t := fo.Templates
	if t == nil {
		t = feedback.DefaultTemplates()
	}
	if len(fo.Overrides) > 0 {
		if o, err := t.WithOverrides(fo.Overrides); err == nil {
			t = o
		}
	}
	var b strings.Builder
	for _, v := range r.Violations {
		b.WriteString(feedback.RenderValidationError(v.DisplayPath(), v.Message, t, fo.Profile))
		b.WriteByte('\n')
	}
	return b.String()
}

// Describe returns the prose description of the alignment (docs/SCORING.md §9.1) with
// the default templates, in the text conventions of the scorer's profile. In
// the default profile a candidate whose root kind differs from the gold's is
// described as such (feedback.DescribeKindMismatch); the reference profile
// gives it the intro line alone.
func (r *Result) Describe() string {
	opts := feedback.DescribeOptions{Profile: r.textProfile()}
	switch {
	case r.Invalid != nil:
		return feedback.DescribeValidationError(r.Invalid.Pointer(), r.Invalid.Message, opts)
	case r.Match == nil && !r.referenceProfile():
		return feedback.DescribeKindMismatch(r.Score, r.gold, r.cand, opts)
	}
	return feedback.Describe(r.Score, r.Match, opts)
}

// textProfile is the feedback profile of the scorer's profile.
func (r *Result) textProfile() feedback.Profile {
	if r.scorer != nil && r.scorer.referenceProfile() {
		return feedback.ProfileReference
	}
	return feedback.ProfileDefault
}

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
	at, err := align.Attribute(m, r.Score, opts)
	if err == nil && r.textProfile() == feedback.ProfileDefault && math.Abs(at.Residual) < ResidualNoise {
		at.Residual = 0
	}
	return at, err
}

// ResidualNoise bounds the attribution residual that the default profile
// reports as 0: the residual total − (1 − score) is floating-point rounding
// of the sum identity (docs/SCORING.md §8.5), a few ulps of 1, far below it.
const ResidualNoise = 1e-12
