package request

import (
	"strconv"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// AppendResult appends the response to a scored request as one JSON object
// (no newline):
//
//	{"id":…, "score":…, "feedback":"…", "ops":[…], "bijections":{…}, "attribution":{…},
//	 "objective_scores":{…}}
//
// "id" is present when the request has one (r may be nil); "feedback" and
// "ops" when s.WithFeedback (the operations as align.AppendOpsJSON writes
// them: a side an operation does not have is an absent member); "bijections" for a schema with referential
// scopes; "attribution" when s.Attribution; "objective_scores" when
// s.ObjectiveScores. Scores and deltas are written with full float64
// precision (AppendScore).
//
// "warnings" lists the request's warnings (Request.Warnings: how a
// "candidate_text" was read) and those raised while scoring
// (interp.Result.Warnings: gold keys the schema does not declare, and with
// the option warn_on_ambiguous_mapping records the bijection could pair in
// several ways), when there are any. A "candidate_text" with no JSON value
// puts the reason first in the feedback.
func AppendResult(dst []byte, r *Request, res *interp.Result, s Settings) ([]byte, error) {
	var text string
	var ops []align.Op
	if s.WithFeedback {
		var err error
		if text, ops, err = feedback.ForResult(res, s.Repair, s.Feedback); err != nil {
			return dst, err
		}
	}
	var at align.Attribution
	if s.Attribution {
		var err error
		if at, err = res.Attribution(align.AttributionOptions{Granularity: s.Repair.Granularity}); err != nil {
			return dst, err
		}
	}
	dst = appendID(dst, r)
	dst = append(dst, `"score":`...)
	dst = AppendScore(dst, res.Score)
	if r != nil && r.NoJSON != nil {
		// The reason comes first: the text given was not scored as JSON.
		text = "The output could not be scored: " + r.NoJSON.Error() + ". Write the answer as JSON that follows the schema.\n" + text
	}
	if s.WithFeedback {
		dst = append(dst, `,"feedback":`...)
		dst = jsonval.AppendJSON(dst, jsonval.NewString(text))
		dst = append(dst, `,"ops":`...)
		dst = align.AppendOpsJSON(dst, ops)
	}
	if len(res.Bijections) > 0 {
		dst = append(dst, `,"bijections":`...)
		dst = AppendBijections(dst, res.Bijections)
	}
	if s.Attribution {
		dst = append(dst, `,"attribution":`...)
		dst = AppendAttribution(dst, at)
	}
	if s.ObjectiveScores {
		dst = append(dst, `,"objective_scores":`...)
		dst = AppendObjectiveScores(dst, res.ObjectiveScores())
	}
	if warnings := append(r.Warnings(), res.Warnings...); len(warnings) > 0 {
		dst = append(dst, `,"warnings":[`...)
		for i, w := range warnings {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = jsonval.AppendJSON(dst, jsonval.NewString(w))
		}
		dst = append(dst, ']')
	}
	return append(dst, '}'), nil
}

// AppendObjectiveScores appends member scores as a JSON object
// {"key": score, …} in their order.
func AppendObjectiveScores(dst []byte, scores []interp.MemberScore) []byte {
	dst = append(dst, '{')
	for i, m := range scores {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonval.AppendJSON(dst, jsonval.NewString(m.Key))
		dst = append(dst, ':')
		dst = AppendScore(dst, m.Score)
	}
	return append(dst, '}')
}

// AppendError appends the response to a request that could not be scored,
// as one JSON object (no newline):
//
//	{"id":…, "score":null, "error":"msg", "error_kind":"…"}
//
// "id" is present when r (possibly nil) has one; msg is the message to
// show (the caller may prefix err's text with where the request came
// from) and the kind is KindOf(err).
func AppendError(dst []byte, r *Request, msg string, err error) []byte {
	dst = appendID(dst, r)
	dst = append(dst, `"score":null,"error":`...)
	dst = jsonval.AppendJSON(dst, jsonval.NewString(msg))
	dst = append(dst, `,"error_kind":`...)
	dst = jsonval.AppendJSON(dst, jsonval.NewString(string(KindOf(err))))
	return append(dst, '}')
}

// appendID opens the object and writes the "id" member when r has one.
func appendID(dst []byte, r *Request) []byte {
	dst = append(dst, '{')
	if r != nil && r.HasID {
		dst = append(dst, `"id":`...)
		dst = jsonval.AppendJSON(dst, r.ID)
		dst = append(dst, ',')
	}
	return dst
}

// AppendScore appends a score with full float64 precision, as Python
// prints it (0.0, 0.75, 0.7678571428571429).
func AppendScore(dst []byte, x float64) []byte { return jsonval.AppendPyRepr(dst, jsonval.NewFloat(x)) }

// AppendBijections appends the identifier bijections as a JSON object
// {"scope": {"gold id": candidate id or null, …}, …}; a gold id that is not
// a string is written as its JSON text.
func AppendBijections(dst []byte, bs []interp.Bijection) []byte {
	dst = append(dst, '{')
	for i, b := range bs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonval.AppendJSON(dst, jsonval.NewString(b.Scope))
		dst = append(dst, ":{"...)
		for j, p := range b.Pairs {
			if j > 0 {
				dst = append(dst, ',')
			}
			switch p.Gold.Kind {
			case jsonval.String:
				dst = jsonval.AppendJSON(dst, p.Gold)
			case jsonval.Array, jsonval.Object:
				dst = jsonval.AppendJSON(dst, jsonval.NewString(p.Gold.String()))
			default:
				// A number, boolean or null: its JSON text needs no escape
				// inside a string.
				dst = append(dst, '"')
				dst = jsonval.AppendJSON(dst, p.Gold)
				dst = append(dst, '"')
			}
			dst = append(dst, ':')
			if p.HasCandidate {
				dst = jsonval.AppendJSON(dst, p.Candidate)
			} else {
				dst = append(dst, "null"...)
			}
		}
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

// AppendAttribution appends an attribution as a JSON object
// {"total","residual","rows":[{"path","score","weight","contribution","gold",
// "candidate","kind","part","node"}]}; "gold" and "candidate" are left out
// for an absent side (a JSON null side is null).
func AppendAttribution(dst []byte, at align.Attribution) []byte {
	dst = append(dst, `{"total":`...)
	dst = AppendScore(dst, at.Total)
	dst = append(dst, `,"residual":`...)
	dst = AppendScore(dst, at.Residual)
	dst = append(dst, `,"rows":[`...)
	for i, r := range at.Rows {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"path":`...)
		dst = jsonval.AppendJSON(dst, jsonval.NewString(r.Path))
		dst = append(dst, `,"score":`...)
		dst = AppendScore(dst, r.Score)
		dst = append(dst, `,"weight":`...)
		dst = AppendScore(dst, r.Weight)
		dst = append(dst, `,"contribution":`...)
		dst = AppendScore(dst, r.Contribution)
		if r.HasGold {
			dst = append(dst, `,"gold":`...)
			dst = jsonval.AppendJSON(dst, r.Gold)
		}
		if r.HasPred {
			dst = append(dst, `,"candidate":`...)
			dst = jsonval.AppendJSON(dst, r.Pred)
		}
		dst = append(dst, `,"kind":`...)
		dst = jsonval.AppendJSON(dst, jsonval.NewString(r.Kind))
		dst = append(dst, `,"part":`...)
		dst = jsonval.AppendJSON(dst, jsonval.NewString(r.Part))
		dst = append(dst, `,"node":`...)
		dst = strconv.AppendBool(dst, r.Node)
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}
