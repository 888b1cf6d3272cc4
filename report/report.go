// Package report renders the summary of an evaluation ("oagen eval") as one
// self-contained HTML file: inline CSS, script and SVG, no network access,
// readable from file://. The page shows the headline (mean with its
// confidence interval, cases, errors), the score histogram, the per-path
// table sorted by mean deficit (sortable and filterable), the worst cases,
// and for each embedded case gold and candidate aligned row by row, with
// missing, excess and replaced values highlighted, the identifier bijection
// of each referential scope and the ranked fixes.
//
// The cases embedded are those the eval.State keeps (its worst cases and its
// sample), with the view NewCaseView built for them when they were scored;
// their JSON is eval.Case.Detail.
package report

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// Options configure Write.
type Options struct {
	// Title names the evaluation (the input file, say) in the page's
	// title and header; "" for "Evaluation".
	Title string
	// Shards are the inputs a merged evaluation combines (shard
	// directories), listed under the title; nil for one run.
	Shards []string
}

// Detail builds the view of a scored case and returns its JSON, for
// eval.Case.Detail: ops are its ranked operations, settings those of its
// request (the fixes are rendered with its feedback options, and
// semantically when its scoring options ask for semantic reference
// feedback).
func Detail(res *interp.Result, ops []align.Op, settings request.Settings) (json.RawMessage, error) {
	fo := settings.Feedback
	if settings.Scoring.ReferentialFeedback == interp.RefFeedbackSemantic && fo.RefSemantics == nil {
		fo.RefSemantics = res.RefSemantics()
	}
	v, err := NewCaseView(res, ops, fo)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return data, nil
}

// Write renders the report of an evaluation: sum is st.Finish(); the cases
// embedded are st.Worst and st.Sample.
func Write(w io.Writer, sum *eval.Summary, st *eval.State, opts Options) error {
	p, err := newPage(sum, st, opts)
	if err != nil {
		return err
	}
	return p.render(w)
}

// embedded is one case as the page's script reads it.
type embedded struct {
	ID      json.RawMessage `json:"id,omitempty"`
	Line    int             `json:"line"`
	Score   float64         `json:"score"`
	Tag     string          `json:"tag,omitempty"`
	Invalid bool            `json:"invalid,omitempty"`
	// View is the CaseView (nil: none was kept).
	View json.RawMessage `json:"view,omitempty"`
}

// caseName is how the page names a case: its id (a string without its
// quotes), else its line (a pipeline's cases have none).
func caseName(id json.RawMessage, line int) string {
	switch {
	case len(id) == 0 && line > 0:
		return "line " + strconv.Itoa(line)
	case len(id) == 0:
		return "(no id)"
	}
	var s string
	if json.Unmarshal(id, &s) == nil {
		return s
	}
	return string(id)
}

func newPage(sum *eval.Summary, st *eval.State, opts Options) (*page, error) {
	p := &page{
		Title:          opts.Title,
		Shards:         opts.Shards,
		Cases:          int(sum.Cases),
		Scored:         int(sum.Scored),
		Invalid:        int(sum.InvalidCandidates),
		Errors:         int(sum.Errors.Count),
		MatchThreshold: sum.Config.MatchThreshold,
	}
	if p.Title == "" {
		p.Title = "Evaluation"
	}
	for _, k := range sortedKinds(sum.Errors.ByKind) {
		p.ErrorKind = append(p.ErrorKind, kindCount{Kind: k, Count: int(sum.Errors.ByKind[k])})
	}
	if sum.Mean != nil {
		p.HasMean = true
		p.Mean = *sum.Mean
		p.Median = *sum.Median
		p.CILow, p.CIHigh = *sum.Mean, *sum.Mean
		if sum.CI95 != nil {
			p.CILow, p.CIHigh = sum.CI95.Low, sum.CI95.High
		}
		for _, q := range []string{"p10", "p25", "p75", "p90"} {
			if v, ok := sum.Quantiles[q]; ok {
				p.Quantiles = append(p.Quantiles, quantile{Label: q, Value: v})
			}
		}
	}
	bins := make([]histogramBin, len(sum.Histogram))
	for i, b := range sum.Histogram {
		bins[i] = histogramBin{Low: b.Low, High: b.High, Count: int(b.Count)}
	}
	p.Histogram = layoutHistogram(bins, p.Mean, p.CILow, p.CIHigh, p.HasMean)

	maxDeficit, total := 0.0, 0.0
	for _, ps := range sum.Paths {
		maxDeficit = math.Max(maxDeficit, ps.MeanDeficit)
		total += ps.MeanDeficit
	}
	p.DeficitSum = total
	for _, ps := range sum.Paths {
		r := pathRow{
			Path: ps.Path, Kind: ps.Kind, Scope: ps.Scope, Gold: int(ps.Occurrences), MeanDeficit: ps.MeanDeficit,
			Exact: int(ps.Exact), Partial: int(ps.Partial), Wrong: int(ps.Wrong), WrongRef: int(ps.WrongReference),
			Invented: int(ps.Invented), Missing: int(ps.Missing), BothAbsent: int(ps.BothAbsent),
			Precision: ratioOf(ps.Precision), Recall: ratioOf(ps.Recall), F1: ratioOf(ps.F1),
			RecallWithoutWrong: ratioOf(ps.RecallWithoutWrong),
		}
		if maxDeficit > 0 {
			r.Bar = ps.MeanDeficit / maxDeficit
		}
		if total > 0 {
			r.Share = ps.MeanDeficit / total
		}
		r.Outcomes = outcomeBars(r)
		p.Paths = append(p.Paths, r)
	}

	// The embedded cases: the worst, then the sample cases not among them.
	type caseID struct {
		key  uint64
		line int
		id   string
	}
	seen := map[caseID]bool{}
	add := func(c eval.Case, tag string) int {
		k := caseID{c.Key, c.Line, string(c.ID)}
		if seen[k] {
			return -1
		}
		seen[k] = true
		p.Embedded = append(p.Embedded, embedded{ID: c.ID, Line: c.Line, Score: c.Score, Tag: tag, Invalid: c.Invalid, View: c.Detail})
		return len(p.Embedded) - 1
	}
	worstIndex := make([]int, len(st.Worst))
	for i, c := range st.Worst {
		worstIndex[i] = add(c, tagWorst)
	}
	sampled := 0
	for _, c := range st.Sample {
		if add(c, tagSample) >= 0 {
			sampled++
		}
	}
	if len(p.Embedded) == int(sum.Scored) {
		for i := range p.Embedded {
			p.Embedded[i].Tag = ""
		}
	} else if len(p.Embedded) > 0 {
		p.EmbedNote = fmt.Sprintf("This report embeds %s of the %s: the %s and a sample of %s, "+
			"chosen by a hash of each input line (so the same cases are chosen however the input is split into shards).",
			groupDigits(len(p.Embedded)), plural(int(sum.Scored), "scored case", "scored cases"),
			plural(len(st.Worst), "lowest score", "lowest scores"), plural(sampled, "other", "others"))
	}
	for i, w := range sum.Worst {
		r := worstRow{Rank: i + 1, Name: caseName(w.ID, w.Line), Score: w.Score, Invalid: w.Invalid}
		if i < len(worstIndex) && worstIndex[i] >= 0 && st.Worst[i].Detail != nil {
			r.Anchor = "case-" + strconv.Itoa(worstIndex[i])
			if w.Invalid {
				var v CaseView
				if err := json.Unmarshal(st.Worst[i].Detail, &v); err != nil {
					return nil, fmt.Errorf("report: the view of case %s: %w", r.Name, err)
				}
				r.InvalidText = v.Invalid
			}
		}
		if w.TopFix != nil {
			text, err := fixLine(w.Score, w.TopFix)
			if err != nil {
				return nil, err
			}
			r.TopFix = text
		}
		p.Worst = append(p.Worst, r)
	}
	if p.Embedded == nil {
		p.Embedded = []embedded{}
	}
	return p, nil
}

// The tags of embedded cases.
const (
	tagWorst  = "worst"  // among the lowest scores
	tagSample = "sample" // in the sample
)

// sortedKinds lists the error kinds with a non-zero count, most frequent
// first, then by name.
func sortedKinds(m map[string]int64) []string {
	var ks []string
	for k, n := range m {
		if n > 0 {
			ks = append(ks, k)
		}
	}
	slices.SortFunc(ks, func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), cmp.Compare(a, b)) })
	return ks
}

// ratioOf is a ratio of the summary, NaN when it is undefined (null).
func ratioOf(x *float64) float64 {
	if x == nil {
		return math.NaN()
	}
	return *x
}

// fixLine renders a case's top fix as its feedback line.
func fixLine(score float64, f *eval.Fix) (string, error) {
	op := align.Op{Op: f.Op, Kind: align.OpKind(f.Kind), Path: f.Path, Delta: f.Delta}
	for _, side := range []struct {
		raw json.RawMessage
		dst *jsonval.Value
	}{{f.Value, &op.Value}, {f.Gold, &op.Gold}, {f.Candidate, &op.Pred}} {
		if len(side.raw) == 0 {
			continue
		}
		v, err := jsonval.Decode(bytes.TrimSpace(side.raw), jsonval.DecodeOptions{})
		if err != nil {
			return "", fmt.Errorf("report: top fix at %s: %w", f.Path, err)
		}
		*side.dst = v
	}
	fo := feedback.DefaultFeedbackOptions()
	fo.TopK = 1
	fo.IncludeSynthesisLine = false
	fb, err := feedback.RenderFeedback(score, []align.Op{op}, fo)
	if err != nil {
		return "", fmt.Errorf("report: top fix at %s: %w", f.Path, err)
	}
	for _, e := range fb.Entries {
		if !e.Silent {
			return strings.TrimPrefix(e.Text, "1. "), nil
		}
	}
	return f.Kind + " at " + f.Path, nil
}
