package interp_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// scoreOnly is what a score-only response reads from a result.
type scoreOnly struct {
	Score      float64
	Invalid    string
	Bijections []interp.Bijection
	Warnings   []string
	Objectives []interp.MemberScore
}

func scoreOnlyOf(r *interp.Result) scoreOnly {
	o := scoreOnly{Score: r.Score, Bijections: r.Bijections, Warnings: r.Warnings, Objectives: r.ObjectiveScores()}
	if r.Invalid != nil {
		o.Invalid = r.Invalid.Error()
	}
	return o
}

// TestScoreResultMatchesAlign checks that the score-only path gives what
// Align gives on every conformance vector, in both profiles: the score bit
// for bit, the validation error, the bijections, the warnings and the
// objective scores.
func TestScoreResultMatchesAlign(t *testing.T) {
	type key struct {
		schema string
		compat interp.Compat
	}
	scorers := map[key]*interp.Scorer{}
	checked := 0
	for _, v := range loadVectors(t) {
		for _, compat := range []interp.Compat{interp.CompatReference, interp.CompatDefault} {
			k := key{string(v.SchemaText), compat}
			s, ok := scorers[k]
			if !ok {
				var err error
				if s, err = interp.Compile(v.SchemaText, "", interp.Options{Compat: compat}); err != nil {
					scorers[k] = nil
					continue
				}
				scorers[k] = s
			}
			if s == nil {
				continue
			}
			want, werr := s.Align(v.Gold, v.Cand)
			got, gerr := s.ScoreResult(context.Background(), v.Gold, v.Cand)
			if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
				t.Errorf("%s (%q): ScoreResult error %v, Align error %v", v.ID, compat, gerr, werr)
				continue
			}
			if werr != nil {
				continue
			}
			if g, w := scoreOnlyOf(got), scoreOnlyOf(want); !reflect.DeepEqual(g, w) {
				t.Errorf("%s (%q): ScoreResult\n%+v\nAlign\n%+v", v.ID, compat, g, w)
			}
			if got.Match != nil && compat == interp.CompatReference {
				// Only a pair with undeclared gold members (or a root union) is
				// built: its warnings come from the build.
				if len(got.Warnings) == 0 {
					t.Errorf("%s: ScoreResult built a match tree without warnings", v.ID)
				}
			}
			checked++
		}
	}
	if checked < 3000 {
		t.Errorf("checked %d pairs, want the whole corpus in both profiles", checked)
	}
}

// TestScoreResultUndeclared checks the fallback of ScoreResult for a gold
// with a member the schema does not declare: its warning is the one Align
// writes.
func TestScoreResultUndeclared(t *testing.T) {
	s, err := interp.Compile([]byte(`{"type":"object","properties":{"a":{"type":"string"}}}`), "", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dec := func(s string) jsonval.Value {
		v, err := jsonval.Decode([]byte(s), jsonval.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	gold, cand := dec(`{"a":"x","b":1}`), dec(`{"a":"x","b":2}`)
	got, err := s.ScoreResult(context.Background(), gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.Align(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Warnings) != 1 || !reflect.DeepEqual(scoreOnlyOf(got), scoreOnlyOf(want)) {
		t.Errorf("ScoreResult %+v, Align %+v (want one warning)", scoreOnlyOf(got), scoreOnlyOf(want))
	}
}
