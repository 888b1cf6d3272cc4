package eval

import (
	"cmp"
	"encoding/json"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/objectaligner/oagen/request"
)

// Summary is the summary.json document of an evaluation.
type Summary struct {
	// Cases counts the input lines; Scored those scored; InvalidCandidates
	// the scored ones whose candidate failed validation (they score 0 and
	// count in the mean).
	Cases             int64 `json:"cases"`
	Scored            int64 `json:"scored"`
	InvalidCandidates int64 `json:"invalid_candidates"`
	// Errors are the lines that could not be scored.
	Errors Errors `json:"errors"`
	// Mean, Median, Min and Max of the scores (null when nothing was
	// scored); Quantiles at 1, 5, 10, 25, 50, 75, 90, 95 and 99 %
	// (linear interpolation between order statistics).
	Mean      *float64           `json:"mean"`
	Median    *float64           `json:"median"`
	Min       *float64           `json:"min"`
	Max       *float64           `json:"max"`
	Quantiles map[string]float64 `json:"quantiles"`
	// CI95 is the 95 % confidence interval of the mean.
	CI95 *Interval `json:"ci95"`
	// Histogram are the counts of scores in HistogramBins bins of equal
	// width over [0, 1] (the last bin includes 1).
	Histogram []Bin `json:"histogram"`
	// Worst are the lowest-scoring cases.
	Worst []Worst `json:"worst"`
	// Paths are the path entries, by descending MeanDeficit, then path.
	Paths []PathSummary `json:"paths"`
	// Config is the configuration the cases were summarized with.
	Config Config `json:"config"`
}

// Errors counts the lines that could not be scored.
type Errors struct {
	Count int64 `json:"count"`
	// ByKind has one count per request.Kind (zero included).
	ByKind map[string]int64 `json:"by_kind"`
}

// Interval is a confidence interval from a percentile bootstrap: Resamples
// resamples of the scored cases with replacement, drawn from the sorted
// scores with a PCG generator seeded with Seed, so the interval depends only
// on the multiset of scores.
type Interval struct {
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Resamples int     `json:"resamples"`
	Seed      uint64  `json:"seed"`
}

// Bin is one histogram bin [Low, High).
type Bin struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Count int64   `json:"count"`
}

// Worst is one of the lowest-scoring cases.
type Worst struct {
	// ID is the case's id; Line its line number, given only when the case
	// has no id (line numbers are those of the input file a case came
	// from, so they differ between shards and the whole).
	ID     json.RawMessage `json:"id,omitempty"`
	Line   int             `json:"line,omitempty"`
	Score  float64         `json:"score"`
	TopFix *Fix            `json:"top_fix"`
	// Invalid is true for a candidate that failed validation (no fixes).
	Invalid bool `json:"invalid,omitempty"`
}

// PathSummary is one path entry of the summary.
type PathSummary struct {
	Path  string `json:"path"`
	Kind  string `json:"kind"`
	Scope string `json:"scope,omitempty"`
	// MeanDeficit is the mean over the scored cases of the path's
	// attribution contribution: the share of 1 − mean the path accounts
	// for. The mean deficits of all entries add up to 1 − mean.
	MeanDeficit float64 `json:"mean_deficit"`
	Outcomes
	// Precision = TP/(TP+FP), Recall = TP/(TP+FN), F1 = 2TP/(2TP+FP+FN)
	// (their harmonic mean), with the counts of Outcomes: a wrong value
	// lowers both precision and recall. RecallWithoutWrong =
	// TP/(TP+Missing) leaves wrong values out of recall, and
	// F1WithoutWrong is the harmonic mean of Precision and it (Stickler's
	// default cm_recall and cm_f1; Recall is its recall_with_fd). Each is
	// null when its denominator is 0.
	Precision          *float64 `json:"precision"`
	Recall             *float64 `json:"recall"`
	F1                 *float64 `json:"f1"`
	RecallWithoutWrong *float64 `json:"recall_without_wrong"`
	F1WithoutWrong     *float64 `json:"f1_without_wrong"`
}

// The bootstrap and histogram parameters.
const (
	BootstrapSeed = 20240917
	// maxResamples and minResamples bound the bootstrap resamples: there
	// are maxResamples for up to bootstrapDraws/maxResamples scored cases,
	// then as many as bootstrapDraws draws allow, but at least
	// minResamples.
	maxResamples   = 1000
	minResamples   = 200
	bootstrapDraws = 100_000_000
	HistogramBins  = 20
)

// quantileLevels are the levels of Summary.Quantiles.
var quantileLevels = []struct {
	name string
	p    float64
}{{"p01", 0.01}, {"p05", 0.05}, {"p10", 0.10}, {"p25", 0.25}, {"p50", 0.50}, {"p75", 0.75}, {"p90", 0.90}, {"p95", 0.95}, {"p99", 0.99}}

// Finish computes the summary. It does not change the cases of s (it may
// fold its pending scores).
func (s *State) Finish() *Summary {
	s.Scores.fold()
	sum := &Summary{
		Cases: s.Cases, Scored: s.Scored, InvalidCandidates: s.Invalid, Config: s.Config,
		Errors:    Errors{ByKind: map[string]int64{}},
		Quantiles: map[string]float64{},
		Histogram: histogram(&s.Scores),
		Worst:     []Worst{},
		Paths:     []PathSummary{},
	}
	for _, k := range request.Kinds {
		sum.Errors.ByKind[string(k)] = 0
	}
	for k, n := range s.Errors {
		sum.Errors.ByKind[k] += n
		sum.Errors.Count += n
	}
	sc := &s.Scores
	if s.Scored > 0 {
		var total Sum
		for i, v := range sc.Values {
			total.Add(v * float64(sc.Counts[i]))
		}
		mean := total.Value() / float64(s.Scored)
		sum.Mean = &mean
		sum.Min, sum.Max = &sc.Values[0], &sc.Values[len(sc.Values)-1]
		for _, q := range quantileLevels {
			sum.Quantiles[q.name] = quantile(sc, s.Scored, q.p)
		}
		med := sum.Quantiles["p50"]
		sum.Median = &med
		sum.CI95 = bootstrap(sc, s.Scored)
	}
	for _, c := range s.Worst {
		w := Worst{ID: c.ID, Score: c.Score, TopFix: c.TopFix, Invalid: c.Invalid}
		if c.ID == nil {
			w.Line = c.Line
		}
		sum.Worst = append(sum.Worst, w)
	}
	for _, path := range sortedPaths(s.Paths) {
		ps := s.Paths[path]
		p := PathSummary{Path: path, Kind: ps.Kind, Scope: ps.Scope, Outcomes: ps.Outcomes}
		if s.Scored > 0 {
			p.MeanDeficit = ps.Deficit.Value() / float64(s.Scored)
		}
		p.Precision = ratio(ps.TP, ps.TP+ps.FP)
		p.Recall = ratio(ps.TP, ps.TP+ps.FN)
		p.F1 = ratio(2*ps.TP, 2*ps.TP+ps.FP+ps.FN)
		p.RecallWithoutWrong = ratio(ps.TP, ps.TP+ps.Missing)
		p.F1WithoutWrong = ratio(2*ps.TP, 2*ps.TP+ps.FP+ps.Missing)
		sum.Paths = append(sum.Paths, p)
	}
	slices.SortStableFunc(sum.Paths, func(a, b PathSummary) int {
		return cmp.Or(cmp.Compare(b.MeanDeficit, a.MeanDeficit), cmp.Compare(a.Path, b.Path))
	})
	return sum
}

func ratio(a, b int64) *float64 {
	if b == 0 {
		return nil
	}
	r := float64(a) / float64(b)
	return &r
}

// orderStat returns the k-th smallest score (0-based) of the multiset.
func orderStat(sc *Scores, k int64) float64 {
	for i, c := range sc.Counts {
		if k < c {
			return sc.Values[i]
		}
		k -= c
	}
	return sc.Values[len(sc.Values)-1]
}

// quantile is the p-quantile of n scores, interpolating linearly between
// the order statistics at (n−1)p (numpy's default).
func quantile(sc *Scores, n int64, p float64) float64 {
	h := float64(n-1) * p
	lo := int64(math.Floor(h))
	x := orderStat(sc, lo)
	if frac := h - float64(lo); frac > 0 && lo+1 < n {
		x += frac * (orderStat(sc, lo+1) - x)
	}
	return x
}

// bootstrap computes the percentile bootstrap interval of the mean of n
// scores.
func bootstrap(sc *Scores, n int64) *Interval {
	b := int(min(maxResamples, max(minResamples, bootstrapDraws/n)))
	src := rand.NewPCG(BootstrapSeed, uint64(n))
	means := make([]float64, b)
	if all := expanded(sc, n); all != nil && !is32bit {
		// The loop below, with the draws and the scores inline.
		d := newIndexDrawer(src, n)
		for i := range means {
			means[i] = d.sum(all) / float64(n)
		}
	} else {
		rng := rand.New(src)
		draw := drawer(sc, n)
		for i := range means {
			var t float64
			for range n {
				t += draw(rng.Int64N(n))
			}
			means[i] = t / float64(n)
		}
	}
	slices.Sort(means)
	ms := &Scores{Values: means, Counts: make([]int64, b)}
	for i := range ms.Counts {
		ms.Counts[i] = 1
	}
	return &Interval{Low: quantile(ms, int64(b), 0.025), High: quantile(ms, int64(b), 0.975), Resamples: b, Seed: BootstrapSeed}
}

// is32bit is set on the platforms where rand.Rand.Int64N draws a size
// below 2³² another way than newIndexDrawer.
const is32bit = ^uint(0)>>32 == 0

// indexDrawer draws positions in [0, n) from a PCG as rand.Rand.Int64N
// does on a 64-bit platform (Lemire's multiply and reject), the same
// numbers from the same source, without the Rand's call through its
// Source interface.
type indexDrawer struct {
	src *rand.PCG
	n   uint64
	// mask is n-1 for a power of two n (then a draw is masked); thresh
	// is 2⁶⁴ mod n, below which a product's low half is rejected.
	mask, thresh uint64
	pow2         bool
}

func newIndexDrawer(src *rand.PCG, n int64) *indexDrawer {
	u := uint64(n)
	return &indexDrawer{src: src, n: u, mask: u - 1, thresh: -u % u, pow2: u&(u-1) == 0}
}

func (d *indexDrawer) next() int64 {
	if d.pow2 {
		return int64(d.src.Uint64() & d.mask)
	}
	hi, lo := bits.Mul64(d.src.Uint64(), d.n)
	for lo < d.thresh { // Int64N tests lo < n first; thresh < n
		hi, lo = bits.Mul64(d.src.Uint64(), d.n)
	}
	return int64(hi)
}

// sum adds up the scores at n positions drawn as next draws them, in
// order (the draws written out, so that the PCG's step is inlined).
func (d *indexDrawer) sum(all []float64) float64 {
	var t float64
	src, n, thresh := d.src, d.n, d.thresh
	if d.pow2 {
		for range n {
			t += all[src.Uint64()&d.mask]
		}
		return t
	}
	for range n {
		hi, lo := bits.Mul64(src.Uint64(), n)
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
		t += all[hi]
	}
	return t
}

// expanded returns the n scores in order, each repeated by its count, for
// up to 4 million scores (nil beyond).
func expanded(sc *Scores, n int64) []float64 {
	if n > 1<<22 {
		return nil
	}
	all := make([]float64, 0, n)
	for i, v := range sc.Values {
		for range sc.Counts[i] {
			all = append(all, v)
		}
	}
	return all
}

// drawer returns the k-th smallest score: from an expanded array for up to
// 4 million scores, else by binary search over the cumulative counts.
func drawer(sc *Scores, n int64) func(k int64) float64 {
	if all := expanded(sc, n); all != nil {
		return func(k int64) float64 { return all[k] }
	}
	cum := make([]int64, len(sc.Counts))
	var t int64
	for i, c := range sc.Counts {
		t += c
		cum[i] = t
	}
	return func(k int64) float64 {
		return sc.Values[sort.Search(len(cum), func(i int) bool { return cum[i] > k })]
	}
}

// histogram counts the scores in HistogramBins bins.
func histogram(sc *Scores) []Bin {
	bins := make([]Bin, HistogramBins)
	for i := range bins {
		bins[i].Low = float64(i) / HistogramBins
		bins[i].High = float64(i+1) / HistogramBins
	}
	for i, v := range sc.Values {
		k := min(max(int(v*HistogramBins), 0), HistogramBins-1)
		bins[k].Count += sc.Counts[i]
	}
	return bins
}
