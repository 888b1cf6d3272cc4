package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
)

//go:embed report.html.tmpl
var pageTemplate string

//go:embed report.css
var pageCSS string

//go:embed report.js
var pageJS string

//go:embed caseview.js
var caseViewJS string

// CaseViewJS returns the script that renders a CaseView's aligned rows:
// it defines oagenCase.alignedTable(view), which returns a table element
// styled by CaseViewCSS. The playground of oagen serve uses it.
func CaseViewJS() string { return caseViewJS }

// CaseViewCSS returns the report's style sheet, which styles the case view.
func CaseViewCSS() string { return pageCSS }

var tmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"f3": func(x float64) string { return fixed(x, 3) },
	"f4": func(x float64) string { return fixed(x, 4) },
	"full": func(x float64) string {
		if math.IsNaN(x) {
			return "-1" // an undefined ratio sorts below every ratio
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	},
	"pct":      func(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" },
	"count":    groupDigits,
	"plural":   plural,
	"add":      func(a, b float64) float64 { return a + b },
	"sub":      func(a, b float64) float64 { return a - b },
	"ciWidth":  func(lo, hi float64) float64 { return math.Max(hi-lo, 0.004) },
	"badCount": func(p pathRow) int { return p.Partial + p.Wrong + p.Invented + p.Missing },
	"css":      func() template.CSS { return template.CSS(pageCSS) },
	"js":       func() template.JS { return template.JS(caseViewJS + "\n" + pageJS) },
}).Parse(pageTemplate))

// page is what the template renders: the summary's numbers laid out for the
// page, the histogram's geometry and the embedded cases.
type page struct {
	Title     string
	Shards    []string
	Cases     int
	Scored    int
	Invalid   int
	Errors    int
	ErrorKind []kindCount
	// HasMean is false when nothing was scored.
	HasMean   bool
	Mean      float64
	CILow     float64
	CIHigh    float64
	Median    float64
	Quantiles []quantile
	Histogram histogram
	Paths     []pathRow
	// DeficitSum is the sum of the paths' mean deficits (1 − mean).
	DeficitSum float64
	// MatchThreshold is the similarity from which a pair is a true
	// positive.
	MatchThreshold float64
	Worst          []worstRow
	Embedded       []embedded
	// EmbedNote says which cases are embedded, when not all are.
	EmbedNote string
}

type kindCount struct {
	Kind  string
	Count int
}

type quantile struct {
	Label string
	Value float64
}

// pathRow is one row of the per-path table. Bar is the mean deficit as a
// fraction of the largest one (the bar's length); Share is the fraction of
// the total deficit.
type pathRow struct {
	Path                  string
	Kind, Scope           string
	Gold                  int
	MeanDeficit           float64
	Bar                   float64
	Share                 float64
	Exact, Partial        int
	Wrong, WrongRef       int // WrongRef: the references among Wrong
	Invented, Missing     int
	BothAbsent            int
	Outcomes              []outcomeBar
	Precision, Recall, F1 float64
	RecallWithoutWrong    float64
}

// outcomeBar is one segment of a path's outcome bar.
type outcomeBar struct {
	Class  string
	Label  string
	Count  int
	Offset float64 // percent
	Width  float64 // percent
}

// worstRow is one row of the worst-cases table; Anchor links to the
// case's view ("" when it has none).
type worstRow struct {
	Rank    int
	Name    string
	Score   float64
	TopFix  string
	Invalid bool
	// InvalidText is the validation error of an invalid candidate, when
	// the case's view has it.
	InvalidText string
	Anchor      string
}

// histogram is the score histogram's SVG geometry.
type histogram struct {
	Width, Height float64
	Bars          []histBar
	Ticks         []histTick
	YTicks        []histTick
	HasMean       bool
	MeanX         float64
	// MeanLabelX is where the "mean" label is anchored: right of the line,
	// or left of it (MeanLabelEnd, anchored at its end) when the line is
	// too close to the right edge for the label to fit.
	MeanLabelX   float64
	MeanLabelEnd bool
	CIX, CIW     float64
	Baseline     float64
	PlotLeft     float64
	PlotRight    float64
}

type histBar struct {
	X, Y, W, H float64
	Label      string
	Count      int
}

type histTick struct {
	Pos   float64
	Label string
}

// histogramBin is one bin of the score histogram: [Low, High) (the last bin
// includes 1).
type histogramBin struct {
	Low, High float64
	Count     int
}

// meanLabelGap is the space between the mean line and its label, and
// meanLabelWidth a generous width of the label "mean" in the histogram's
// 11px bold type (Chromium draws it about 34 px wide).
const (
	meanLabelGap   = 4.0
	meanLabelWidth = 40.0
)

// layoutHistogram computes the SVG geometry of the score histogram.
// Without a mean (nothing scored) the mean line and its interval are left
// out.
func layoutHistogram(bins []histogramBin, mean, ciLow, ciHigh float64, hasMean bool) histogram {
	const (
		width, height = 560.0, 220.0
		left, right   = 44.0, 12.0
		top, bottom   = 12.0, 30.0
	)
	h := histogram{Width: width, Height: height, PlotLeft: left, PlotRight: width - right, Baseline: height - bottom}
	plotW := width - left - right
	plotH := height - top - bottom
	maxCount := 0
	for _, b := range bins {
		maxCount = max(maxCount, b.Count)
	}
	yMax := niceCeil(maxCount)
	x := func(s float64) float64 { return left + plotW*math.Min(math.Max(s, 0), 1) }
	for _, b := range bins {
		bh := 0.0
		if yMax > 0 {
			bh = plotH * float64(b.Count) / float64(yMax)
		}
		x0, x1 := x(b.Low), x(b.High)
		h.Bars = append(h.Bars, histBar{
			X: x0 + 1, W: math.Max(x1-x0-2, 1), Y: h.Baseline - bh, H: bh,
			Label: fmt.Sprintf("%.2f–%.2f", b.Low, b.High), Count: b.Count,
		})
	}
	for i := 0; i <= 10; i += 2 {
		s := float64(i) / 10
		h.Ticks = append(h.Ticks, histTick{Pos: x(s), Label: strconv.FormatFloat(s, 'f', 1, 64)})
	}
	for i := 0; i <= 4; i++ {
		v := yMax * i / 4
		h.YTicks = append(h.YTicks, histTick{Pos: h.Baseline - plotH*float64(i)/4, Label: groupDigits(v)})
	}
	if hasMean {
		h.HasMean = true
		h.MeanX = x(mean)
		h.MeanLabelX = h.MeanX + meanLabelGap
		if h.MeanLabelX+meanLabelWidth > width {
			h.MeanLabelX, h.MeanLabelEnd = h.MeanX-meanLabelGap, true
		}
		h.CIX, h.CIW = x(ciLow), math.Max(x(ciHigh)-x(ciLow), 1)
	}
	return h
}

// niceCeil rounds n up to a multiple of 4 times 1, 2 or 5 times a power of
// ten, so that the four y grid lines fall on round counts.
func niceCeil(n int) int {
	if n <= 0 {
		return 4
	}
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if step := m * p; 4*step >= n {
				return 4 * step
			}
		}
	}
}

// fixed writes x with digits decimals, and an undefined ratio (NaN) as a
// dash.
func fixed(x float64, digits int) string {
	if math.IsNaN(x) {
		return "—"
	}
	return strconv.FormatFloat(x, 'f', digits, 64)
}

// groupDigits writes n with thin-space thousands separators: 10 000.
// plural is "n one", or "n many" unless n is 1, with n's digits grouped.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return groupDigits(n) + " " + many
}

func groupDigits(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString("\u202f")
		}
		b.WriteRune(r)
	}
	return b.String()
}

// The classes of the per-path table that are not row statuses (eval.Outcomes;
// exact, partial, missing and wrong reference share the statuses' names and
// colours).
const (
	ClassWrong      = "wrong"    // both sides, below the match threshold
	ClassInvented   = "invented" // a candidate value where the gold has none
	ClassBothAbsent = "absent"   // neither side has a value
)

// outcomeBars lays out a path's outcome counts as the segments of a bar.
func outcomeBars(p pathRow) []outcomeBar {
	segs := []outcomeBar{
		{Class: StatusExact, Label: "exact", Count: p.Exact},
		{Class: StatusPartial, Label: "partial", Count: p.Partial},
		{Class: ClassWrong, Label: "wrong", Count: p.Wrong - p.WrongRef},
		{Class: StatusWrongRef, Label: "wrong reference", Count: p.WrongRef},
		{Class: StatusMissing, Label: "missing", Count: p.Missing},
		{Class: ClassInvented, Label: "invented", Count: p.Invented},
		{Class: ClassBothAbsent, Label: "both absent", Count: p.BothAbsent},
	}
	total := 0
	for _, s := range segs {
		total += s.Count
	}
	out := segs[:0]
	off := 0.0
	for _, s := range segs {
		if s.Count == 0 {
			continue
		}
		s.Offset = off
		s.Width = 100 * float64(s.Count) / float64(total)
		off += s.Width
		out = append(out, s)
	}
	return out
}

func (p *page) render(w io.Writer) error {
	if err := tmpl.Execute(w, p); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}
