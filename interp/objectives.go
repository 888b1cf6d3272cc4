package interp

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// MemberScore is the similarity of one member of the gold root object.
type MemberScore struct {
	// Key is the member's key in the gold value.
	Key string
	// Score is the member's own similarity in [0, 1], before its
	// valueWeight and the object's key and value importances apply.
	Score float64
}

// ObjectiveScores returns the similarity of every top-level member of the
// gold root object, in gold member order (in the default profile the
// canonical order of docs/PROFILES.md, so that it does not depend on how the
// gold was written): the per-member sub-scores that multi-objective
// optimisers (GEPA's objective_scores) select on.
//
// A gold member paired with a candidate member (the same key, or a key
// matched by the schema's keyScore above its keyThreshold) has the
// similarity of the two values. A gold member the candidate lacks, or that
// the schema does not declare, scores 0. Candidate members no gold member
// pairs with have no entry: they lower the root's score (the denominator
// counts them) but are not objectives of the gold. When the candidate is
// not compared member by member (it fails validation, is null, or is not an
// object), every gold member scores 0.
//
// When the gold root is not an object (an array, a scalar or null), the
// result is empty: the score is the only objective.
func (r *Result) ObjectiveScores() []MemberScore {
	if r.gold.Kind != jsonval.Object {
		return nil
	}
	if r.hasRootScores {
		return append(make([]MemberScore, 0, len(r.rootScores)), r.rootScores...)
	}
	out := make([]MemberScore, 0, len(r.gold.Obj))
	if r.Match == nil || r.Match.Type != align.ObjectNode {
		for _, mb := range r.gold.Obj {
			out = append(out, MemberScore{Key: mb.Key})
		}
		return out
	}
	for _, e := range r.Match.Entries {
		if !e.HasGoldKey {
			continue
		}
		s := 0.0
		if e.HasPredKey && e.Value != nil {
			s = e.Value.Score
		}
		out = append(out, MemberScore{Key: e.GoldKey, Score: s})
	}
	return out
}
