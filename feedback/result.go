package feedback

import (
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
)

// ForResult returns the feedback text and the ranked operations of a
// scored pair (docs/SCORING.md §8.8). A candidate that failed validation
// gets the validation-error text and no operations (docs/SCORING.md
// §8.8.7). When the scorer's ReferentialFeedback is "semantic" and
// fo.RefSemantics is nil, reference lines are rendered semantically
// (docs/SCORING.md §8.11, interp.Result.RefSemantics). A candidate scored
// under interp.ValidationReport despite its violations gets one
// validation-error line per violation at the top of its text. The text
// follows the scorer's profile: fo.Profile is set from its Compat option.
func ForResult(r *interp.Result, ro interp.RepairOptions, fo FeedbackOptions) (string, []align.Op, error) {
	opts := r.Options()
	fo.Profile = opts.Compat
	if r.Invalid != nil {
		t := fo.Templates
		if t == nil {
			t = DefaultTemplates()
		}
		if len(fo.Overrides) > 0 {
			var err error
			if t, err = t.layered(fo.Overrides); err != nil {
				return "", nil, err
			}
		}
		return RenderValidationError(r.Invalid.DisplayPath(), r.Invalid.Message, t, fo.Profile), nil, nil
	}
	ops, err := r.Repair(ro)
	if err != nil {
		return "", nil, err
	}
	if fo.RefSemantics == nil && opts.ReferentialFeedback == interp.RefFeedbackSemantic {
		fo.RefSemantics = r.RefSemantics()
	}
	fb, err := RenderFeedback(r.Score, ops, fo)
	if err != nil {
		return "", nil, err
	}
	if len(r.Violations) > 0 && fb.Text != "" {
		return violationLines(r, fo) + fb.Text, ops, nil
	}
	return fb.Text, ops, nil
}

// violationLines renders the violations of a candidate scored under
// interp.ValidationReport, one feedback.validation_error line each (with
// the options' templates and overrides), for the top of its feedback.
func violationLines(r *interp.Result, fo FeedbackOptions) string {
	t := fo.Templates
	if t == nil {
		t = DefaultTemplates()
	}
	if len(fo.Overrides) > 0 {
		if o, err := t.layered(fo.Overrides); err == nil {
			t = o
		}
	}
	var b strings.Builder
	for _, v := range r.Violations {
		b.WriteString(RenderValidationError(v.DisplayPath(), v.Message, t, fo.Profile))
		b.WriteByte('\n')
	}
	return b.String()
}

// DescribeResult returns the prose description of a scored pair
// (docs/SCORING.md §9.1) with the default templates, in the text
// conventions of the scorer's profile. In the default profile a candidate
// whose root kind differs from the gold's is described as such
// (DescribeKindMismatch); the reference profile gives it the intro line
// alone.
func DescribeResult(r *interp.Result) string {
	opts := DescribeOptions{Profile: r.Options().Compat}
	switch {
	case r.Invalid != nil:
		return DescribeValidationError(r.Invalid.Pointer(), r.Invalid.Message, opts)
	case r.Match == nil && opts.Profile != ProfileReference:
		gold, cand := r.Scored()
		return DescribeKindMismatch(r.Score, gold, cand, opts)
	}
	return Describe(r.Score, r.Match, opts)
}
