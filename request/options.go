package request

import (
	"fmt"
	"slices"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/internal/suggest"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// Options are the "options" member of a request: each field is nil when the
// request does not set it. The JSON names and values are
//
//	scoring (they change the score; see interp.Options):
//	  id_disambiguation          "wl" | "none"
//	  wl_integration             "tie_break" | "blend"
//	  wl_blend_lambda            number in [0,1]
//	  wl_rounds                  integer ≥ 0 (0: no refinement), or null: unlimited
//	  compat                     "default" | "reference" (interp.ParseCompat)
//	  confidence                 "margin" | "entropy": compute pairing confidences
//	  confidence_temperature     number > 0 (entropy method)
//	  warn_on_ambiguous_mapping  boolean
//	  validation                 "gate" | "report": score a candidate that fails
//	                             validation 0 (gate), or as if valid, each
//	                             violation a warning and first in the feedback
//	feedback and operations (they change only the feedback and the ranking):
//	  referential_feedback       "literal" | "semantic"
//	  granularity                "leaf" | "subtree" | "all"
//	  rank_by                    "score_delta" | "expected_gain" | "confidence"
//	  include_pairing_ambiguous  boolean
//	  ambiguity_threshold        number ≥ 0
//	  min_score_delta            number ≥ 0
//	  style                      "gepa" | "compact" | "json"
//	  include_synthesis_line     boolean
//	  dominant_fraction_threshold number in [0,1]
//	outputs:
//	  attribution                boolean: add the per-location attribution
//
// The resource limits are not request options: they protect the process
// that scores and are set by its operator (interp.Limits). Nor are feedback
// templates (files) and custom comparators (code).
type Options struct {
	IDDisambiguation       *string
	WLIntegration          *string
	WLBlendLambda          *float64
	WLRounds               *Rounds
	Compat                 *interp.Compat
	Confidence             *string
	ConfidenceTemperature  *float64
	WarnOnAmbiguousMapping *bool
	Validation             *string

	ReferentialFeedback       *string
	Granularity               *align.Granularity
	RankBy                    *string
	IncludePairingAmbiguous   *bool
	AmbiguityThreshold        *float64
	MinScoreDelta             *float64
	Style                     *string
	IncludeSynthesisLine      *bool
	DominantFractionThreshold *float64

	Attribution *bool
}

// Rounds is a wl_rounds value: a cap (N) or, with Unlimited, no cap.
type Rounds struct {
	N         int
	Unlimited bool
}

// option is one entry of the option table: its JSON name and how to read it.
type option struct {
	name string
	set  func(o *Options, v jsonval.Value) error
}

// optionTable lists every option, in the order of the Options doc.
var optionTable = []option{
	{"id_disambiguation", func(o *Options, v jsonval.Value) error { return setEnum(&o.IDDisambiguation, v, "wl", "none") }},
	{"wl_integration", func(o *Options, v jsonval.Value) error { return setEnum(&o.WLIntegration, v, "tie_break", "blend") }},
	{"wl_blend_lambda", func(o *Options, v jsonval.Value) error { return setNumber(&o.WLBlendLambda, v, 0, 1, true) }},
	{"wl_rounds", func(o *Options, v jsonval.Value) error {
		if v.IsNull() {
			o.WLRounds = &Rounds{Unlimited: true}
			return nil
		}
		n, err := intValue(v, 0)
		if err != nil {
			return fmt.Errorf("%w (or null: unlimited)", err)
		}
		o.WLRounds = &Rounds{N: n}
		return nil
	}},
	{"compat", func(o *Options, v jsonval.Value) error {
		if v.Kind != jsonval.String {
			return fmt.Errorf("want a string, got %s", kindName(v.Kind))
		}
		c, err := interp.ParseCompat(v.S)
		if err != nil {
			return err
		}
		o.Compat = &c
		return nil
	}},
	{"confidence", func(o *Options, v jsonval.Value) error { return setEnum(&o.Confidence, v, "margin", "entropy") }},
	{"confidence_temperature", func(o *Options, v jsonval.Value) error {
		return setNumber(&o.ConfidenceTemperature, v, 0, 1e308, false)
	}},
	{"warn_on_ambiguous_mapping", func(o *Options, v jsonval.Value) error { return setBool(&o.WarnOnAmbiguousMapping, v) }},
	{"validation", func(o *Options, v jsonval.Value) error {
		return setEnum(&o.Validation, v, interp.ValidationGate, interp.ValidationReport)
	}},
	{"referential_feedback", func(o *Options, v jsonval.Value) error {
		return setEnum(&o.ReferentialFeedback, v, interp.RefFeedbackLiteral, interp.RefFeedbackSemantic)
	}},
	{"granularity", func(o *Options, v jsonval.Value) error {
		var s *string
		if err := setEnum(&s, v, string(align.GranularityLeaf), string(align.GranularitySubtree), string(align.GranularityAll)); err != nil {
			return err
		}
		g := align.Granularity(*s)
		o.Granularity = &g
		return nil
	}},
	{"rank_by", func(o *Options, v jsonval.Value) error {
		return setEnum(&o.RankBy, v, align.RankByScoreDelta, align.RankByExpectedGain, align.RankByConfidence)
	}},
	{"include_pairing_ambiguous", func(o *Options, v jsonval.Value) error { return setBool(&o.IncludePairingAmbiguous, v) }},
	{"ambiguity_threshold", func(o *Options, v jsonval.Value) error { return setNumber(&o.AmbiguityThreshold, v, 0, 1e308, true) }},
	{"min_score_delta", func(o *Options, v jsonval.Value) error { return setNumber(&o.MinScoreDelta, v, 0, 1e308, true) }},
	{"style", func(o *Options, v jsonval.Value) error {
		return setEnum(&o.Style, v, feedback.StyleGepa, feedback.StyleCompact, feedback.StyleJSON)
	}},
	{"include_synthesis_line", func(o *Options, v jsonval.Value) error { return setBool(&o.IncludeSynthesisLine, v) }},
	{"dominant_fraction_threshold", func(o *Options, v jsonval.Value) error {
		return setNumber(&o.DominantFractionThreshold, v, 0, 1, true)
	}},
	{"attribution", func(o *Options, v jsonval.Value) error { return setBool(&o.Attribution, v) }},
}

// OptionNames returns the JSON names of every request option, in the order
// of the Options doc.
func OptionNames() []string {
	names := make([]string, len(optionTable))
	for i, o := range optionTable {
		names[i] = o.name
	}
	return names
}

// parse reads the "options" member.
func (o *Options) parse(v jsonval.Value) error {
	if v.Kind != jsonval.Object {
		return badRequest("/options", "want an object, got %s", kindName(v.Kind))
	}
	for _, m := range v.Obj {
		ptr := "/options/" + align.EscapePointerToken(m.Key)
		i := slices.IndexFunc(optionTable, func(op option) bool { return op.name == m.Key })
		if i < 0 {
			return badRequest(ptr, "unknown option%s", suggest.DidYouMean(m.Key, OptionNames()))
		}
		if err := optionTable[i].set(o, m.Value); err != nil {
			return &Error{Kind: BadRequest, Pointer: ptr, Err: err}
		}
	}
	return nil
}

func setEnum(dst **string, v jsonval.Value, values ...string) error {
	if v.Kind == jsonval.String && slices.Contains(values, v.S) {
		*dst = &v.S
		return nil
	}
	return fmt.Errorf("want %s, got %s", quotedList(values), clipped(v))
}

func setBool(dst **bool, v jsonval.Value) error {
	if v.Kind != jsonval.Bool {
		return fmt.Errorf("want a boolean, got %s", clipped(v))
	}
	*dst = &v.B
	return nil
}

// setNumber reads a number in [lo, hi] (lo excluded unless loIncl).
func setNumber(dst **float64, v jsonval.Value, lo, hi float64, loIncl bool) error {
	if v.IsNumber() {
		f := v.Float64()
		if (f > lo || (loIncl && f == lo)) && f <= hi {
			*dst = &f
			return nil
		}
	}
	switch {
	case hi == 1:
		return fmt.Errorf("want a number in [0,1], got %s", clipped(v))
	case loIncl:
		return fmt.Errorf("want a number ≥ %v, got %s", lo, clipped(v))
	}
	return fmt.Errorf("want a finite number > %v, got %s", lo, clipped(v))
}

// quotedList renders "a", "b" or "c".
func quotedList(values []string) string {
	s := ""
	for i, v := range values {
		switch {
		case i == 0:
		case i == len(values)-1:
			s += " or "
		default:
			s += ", "
		}
		s += fmt.Sprintf("%q", v)
	}
	return s
}

// Settings are everything a request is scored with, in the library's types.
type Settings struct {
	// Scoring are the scorer options (they select the compiled scorer).
	Scoring interp.Options
	// Repair are the repair walk and ranking options.
	Repair interp.RepairOptions
	// Feedback are the feedback rendering options (TopK included).
	Feedback feedback.FeedbackOptions
	// WithFeedback adds the feedback text and the operations to a result.
	WithFeedback bool
	// Attribution adds the per-location attribution of the deficit to a
	// result.
	Attribution bool
	// ObjectiveScores adds "objective_scores", the similarity of each
	// top-level member of the gold root object (interp.Result.ObjectiveScores),
	// to a result.
	ObjectiveScores bool
}

// NeedsMatch reports whether a result under s needs the match tree of
// interp.Scorer.Align: for the feedback and its operations, or for the
// attribution. Without them the response is the same from the score-only
// path (Score), which builds no tree.
func (s Settings) NeedsMatch() bool { return s.WithFeedback || s.Attribution }

// DefaultSettings are the library's defaults: default scoring options, leaf
// operations ranked by score delta, the default feedback options, no
// feedback in results.
func DefaultSettings() Settings {
	return Settings{Feedback: feedback.DefaultFeedbackOptions()}
}

// Apply returns base with the request's "feedback", "top_k" and options laid
// over it, completed by Complete.
func (r *Request) Apply(base Settings) Settings {
	s := base
	if r.Feedback != nil {
		s.WithFeedback = *r.Feedback
	}
	if r.TopK != nil {
		s.Feedback.TopK = max(*r.TopK, 0)
		s.Feedback.Unlimited = *r.TopK < 0
	}
	o := &r.Options
	setIf(&s.Scoring.IDDisambiguation, o.IDDisambiguation)
	setIf(&s.Scoring.WLIntegration, o.WLIntegration)
	if o.WLBlendLambda != nil {
		s.Scoring.WLBlendLambda = new(*o.WLBlendLambda)
	}
	if o.WLRounds != nil {
		s.Scoring.WLRounds = nil
		if !o.WLRounds.Unlimited {
			s.Scoring.WLRounds = new(o.WLRounds.N)
		}
	}
	setIf(&s.Scoring.Compat, o.Compat)
	if o.Confidence != nil {
		s.Scoring.ComputeConfidence = true
		s.Scoring.ConfidenceMethod = *o.Confidence
	}
	setIf(&s.Scoring.ConfidenceTemperature, o.ConfidenceTemperature)
	setIf(&s.Scoring.WarnOnAmbiguousMapping, o.WarnOnAmbiguousMapping)
	setIf(&s.Scoring.Validation, o.Validation)
	setIf(&s.Scoring.ReferentialFeedback, o.ReferentialFeedback)
	setIf(&s.Repair.Granularity, o.Granularity)
	setIf(&s.Repair.RankBy, o.RankBy)
	setIf(&s.Repair.IncludePairingAmbiguous, o.IncludePairingAmbiguous)
	setIf(&s.Repair.AmbiguityThreshold, o.AmbiguityThreshold)
	setIf(&s.Feedback.MinScoreDelta, o.MinScoreDelta)
	setIf(&s.Feedback.Style, o.Style)
	setIf(&s.Feedback.IncludeSynthesisLine, o.IncludeSynthesisLine)
	setIf(&s.Feedback.DominantFractionThreshold, o.DominantFractionThreshold)
	setIf(&s.Attribution, o.Attribution)
	return s.Complete()
}

// Complete returns s with the options that others need turned on: ranking
// by expected_gain or confidence, and pairing-ambiguity diagnostics, need
// pairing confidences, so they turn on the margin method unless a method is
// set.
func (s Settings) Complete() Settings {
	needs := s.Repair.IncludePairingAmbiguous ||
		s.Repair.RankBy == align.RankByExpectedGain || s.Repair.RankBy == align.RankByConfidence
	if needs && !s.Scoring.ComputeConfidence {
		s.Scoring.ComputeConfidence = true
		s.Scoring.ConfidenceMethod = "margin"
	}
	return s
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
