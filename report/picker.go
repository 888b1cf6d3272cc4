package report

import (
	"cmp"
	"container/heap"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/objectaligner/oagen/interp"
)

// The tags of embedded cases.
const (
	TagWorst  = "worst"  // among the lowest scores
	TagSample = "sample" // in the deterministic sample of the others
)

// Picker chooses the cases a report embeds, so that a report over a big
// input stays small: the Worst lowest-scoring cases and a sample of Sample
// others. Ties in score are broken by the case's key (CaseKey), and the
// sample is made of the smallest keys, so the choice depends neither on the
// order of the input nor on how it is split into shards: merging the
// pickers of the shards (Merge) gives the picker of the whole.
//
// A Picker is not safe for concurrent use.
type Picker struct {
	worst, sample int
	seen          int
	w             worstHeap  // max-heap by (score, key): the root goes first
	s             sampleHeap // max-heap by key
}

// NewPicker returns a picker keeping the worst lowest-scoring cases and a
// sample of sample others.
func NewPicker(worst, sample int) *Picker {
	return &Picker{worst: max(worst, 0), sample: max(sample, 0)}
}

// CaseKey is the key of a case: a hash of its id (JSON text) and of the
// gold and candidate values of its result.
func CaseKey(id string, res *interp.Result) uint64 { return caseKey(id, res.Gold, res.Candidate) }

// Offer counts a scored case of this score and key (CaseKey) and keeps it
// when it is among the cases to embed; build makes the case's view
// (NewCase) and is called only then.
func (p *Picker) Offer(score float64, key uint64, build func() (Case, error)) error {
	p.seen++
	if !p.wants(score, key) {
		return nil
	}
	c, err := build()
	if err != nil {
		return err
	}
	c.Score, c.Key = score, key
	p.add(c)
	return nil
}

func (p *Picker) wants(score float64, key uint64) bool {
	if p.worst > 0 && (len(p.w) < p.worst || compareCases(score, key, p.w[0].Score, p.w[0].Key) < 0) {
		return true
	}
	return p.sampleWants(key)
}

func (p *Picker) sampleWants(key uint64) bool {
	return p.sample > 0 && (len(p.s) < p.sample || key < p.s[0].Key)
}

func (p *Picker) add(c Case) {
	if p.worst > 0 && (len(p.w) < p.worst || compareCases(c.Score, c.Key, p.w[0].Score, p.w[0].Key) < 0) {
		heap.Push(&p.w, c)
		if len(p.w) <= p.worst {
			return
		}
		// The case leaving the worst goes on to the sample.
		c = heap.Pop(&p.w).(Case)
	}
	if !p.sampleWants(c.Key) {
		return
	}
	heap.Push(&p.s, c)
	if len(p.s) > p.sample {
		heap.Pop(&p.s)
	}
}

// Merge adds the cases kept by q, a picker over another shard of the same
// input, to p. With the same bounds, the result is the picker of the two
// shards together.
func (p *Picker) Merge(q *Picker) {
	p.seen += q.seen
	for _, c := range q.w {
		p.add(c)
	}
	for _, c := range q.s {
		p.add(c)
	}
}

// pickerJSON is the JSON form of a Picker.
type pickerJSON struct {
	Worst  int    `json:"worst"`
	Sample int    `json:"sample"`
	Seen   int    `json:"seen"`
	Cases  []Case `json:"cases"`
}

// MarshalJSON writes the picker's bounds, count and kept cases, so that a
// run over one shard can be merged with others later.
func (p *Picker) MarshalJSON() ([]byte, error) {
	return json.Marshal(pickerJSON{Worst: p.worst, Sample: p.sample, Seen: p.seen, Cases: p.kept()})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (p *Picker) UnmarshalJSON(data []byte) error {
	var j pickerJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("embedded cases: %w", err)
	}
	if j.Worst < 0 || j.Sample < 0 || j.Seen < len(j.Cases) {
		return fmt.Errorf("embedded cases: bounds %d and %d for %d cases of %d seen", j.Worst, j.Sample, len(j.Cases), j.Seen)
	}
	*p = Picker{worst: j.Worst, sample: j.Sample, seen: j.Seen}
	for _, c := range j.Cases {
		p.add(c)
	}
	return nil
}

// kept returns the kept cases in no particular order.
func (p *Picker) kept() []Case {
	return append(slices.Clone([]Case(p.w)), p.s...)
}

// Seen is the number of cases offered (merged pickers included).
func (p *Picker) Seen() int { return p.seen }

// Cases returns the kept cases: the worst in ascending order of score, then
// the sample in ascending order of score, tagged TagWorst and TagSample.
// When every case offered is kept, they are all in one list in ascending
// order of score, untagged.
func (p *Picker) Cases() []Case {
	worst, sample := slices.Clone([]Case(p.w)), slices.Clone([]Case(p.s))
	byScore := func(a, b Case) int { return compareCases(a.Score, a.Key, b.Score, b.Key) }
	if len(worst)+len(sample) == p.seen {
		all := append(worst, sample...)
		slices.SortFunc(all, byScore)
		for i := range all {
			all[i].Tag = ""
		}
		return all
	}
	slices.SortFunc(worst, byScore)
	slices.SortFunc(sample, byScore)
	for i := range worst {
		worst[i].Tag = TagWorst
	}
	for i := range sample {
		sample[i].Tag = TagSample
	}
	return append(worst, sample...)
}

// compareCases orders cases by ascending score, then ascending key.
func compareCases(s1 float64, k1 uint64, s2 float64, k2 uint64) int {
	if c := cmp.Compare(s1, s2); c != 0 {
		return c
	}
	return cmp.Compare(k1, k2)
}

// worstHeap is a max-heap of cases by (score, key).
type worstHeap []Case

func (h worstHeap) Len() int { return len(h) }
func (h worstHeap) Less(i, j int) bool {
	return compareCases(h[i].Score, h[i].Key, h[j].Score, h[j].Key) > 0
}
func (h worstHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *worstHeap) Push(x any)   { *h = append(*h, x.(Case)) }
func (h *worstHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

// sampleHeap is a max-heap of cases by key.
type sampleHeap []Case

func (h sampleHeap) Len() int           { return len(h) }
func (h sampleHeap) Less(i, j int) bool { return h[i].Key > h[j].Key }
func (h sampleHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *sampleHeap) Push(x any)        { *h = append(*h, x.(Case)) }
func (h *sampleHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}
