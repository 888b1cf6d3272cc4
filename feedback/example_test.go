package feedback_test

import (
	"fmt"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/jsonval"
)

// exampleOps are the repair operations of a pair that scored 0.4: a wrong
// year, a missing page count and an extra step. Normally they come from
// interp.Result.Repair or a generated RepairT function.
func exampleOps() []align.Op {
	num := func(s string) jsonval.Value {
		v, err := jsonval.Decode([]byte(s), jsonval.DecodeOptions{})
		if err != nil {
			panic(err)
		}
		return v
	}
	ops := []align.Op{
		{Op: "replace", Kind: align.KindPrimitiveReplace, Path: "/year", Delta: 0.3,
			Value: num("1999"), Gold: num("1999"), Pred: num("2000"), Confidence: 1},
		{Op: "add", Kind: align.KindKeyAdd, Path: "/pages", Delta: 0.2,
			Value: num("400"), Gold: num("400"), Pred: num("null"), Confidence: 1},
		{Op: "remove", Kind: align.KindListItemRemove, Path: "/steps/3", Delta: 0.1,
			Value: num("null"), Gold: num("null"), Pred: num("7"), Confidence: 1},
	}
	ranked, err := align.RankOps(ops, align.RankOptions{}, nil)
	if err != nil {
		panic(err)
	}
	return ranked
}

// RenderFeedback turns ranked operations into the feedback text of
// docs/SCORING.md §8.8: an intro with the score, one line per fix with what
// it recovers, and a synthesis line.
func ExampleRenderFeedback() {
	fb, err := feedback.RenderFeedback(0.4, exampleOps(), feedback.DefaultFeedbackOptions())
	if err != nil {
		panic(err)
	}
	fmt.Println(fb.Text)
	// Output:
	// The prediction scored 0.40 (deficit 0.60). Top 3 of 3 fix locations:
	// 1. /year: expected 1999, got 2000. Fixing this recovers +0.300.
	// 2. /pages: missing key "pages" with value 400. Adding it recovers +0.200.
	// 3. /steps/3: extraneous array item 7. Removing it recovers +0.100.
	// The deficit is spread across multiple issue types (value, missing key, extraneous array item).
}

// The compact style, a cut to the top fix and no synthesis line
// (docs/SCORING.md §8.8.1, §8.8.6).
func ExampleRenderFeedback_compact() {
	opts := feedback.DefaultFeedbackOptions()
	opts.Style = feedback.StyleCompact
	opts.TopK = 1
	opts.IncludeSynthesisLine = false
	fb, err := feedback.RenderFeedback(0.4, exampleOps(), opts)
	if err != nil {
		panic(err)
	}
	fmt.Println(fb.Text)
	fmt.Println(fb.NShown, "of", fb.NTotal, "shown")
	// Output:
	// Score 0.40. Top 1/3 fixes:
	// 1. /year: 1999 (got 2000) [+0.300]
	// 1 of 3 shown
}

// Templates can be overridden (docs/SCORING.md §8.10.3); an override is
// checked when it is compiled, so a placeholder the template does not offer
// is an error, not a broken text.
func ExampleTemplates_WithOverrides() {
	t, err := feedback.DefaultTemplates().WithOverrides(map[string]string{
		"feedback.op.primitive_replace": "{rank}. Set {path} to {gold} (not {pred}): +{score_delta_pct:.0f} points.",
	})
	if err != nil {
		panic(err)
	}
	opts := feedback.DefaultFeedbackOptions()
	opts.Templates = t
	opts.TopK = 1
	fb, err := feedback.RenderFeedback(0.4, exampleOps(), opts)
	if err != nil {
		panic(err)
	}
	fmt.Println(fb.Text)

	_, err = feedback.DefaultTemplates().WithOverrides(map[string]string{
		"feedback.op.key_add": "{rank}. add {value}",
	})
	fmt.Println(err)
	// Output:
	// The prediction scored 0.40 (deficit 0.60). Top 1 of 3 fix locations:
	// 1. Set /year to 1999 (not 2000): +30 points.
	// Focus on value errors — they account for 100% of the deficit shown.
	// template "feedback.op.key_add": placeholder {value} is not available for this key (available: {rank}, {score_delta}, {score_delta_pct}, {confidence}, {confidence_pct}, {path}, {key}, {gold})
}
