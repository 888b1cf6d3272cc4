package eval

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"slices"
)

// StateVersion is the version of the State encoding; Merge refuses states
// of another version.
const StateVersion = 2

// Config fixes how cases are summarized. States merge only when their
// configs are equal.
type Config struct {
	// MatchThreshold is the similarity from which a paired value is a true
	// positive (default 0.5).
	MatchThreshold float64 `json:"match_threshold"`
	// Worst is the number of lowest-scoring cases kept (default 20).
	Worst int `json:"worst"`
	// Sample is the number of cases kept as a sample (default 30): those
	// with the smallest Case.Key.
	Sample int `json:"sample"`
}

// DefaultConfig is the configuration of "oagen eval".
func DefaultConfig() Config { return Config{MatchThreshold: 0.5, Worst: 20, Sample: 30} }

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.MatchThreshold == 0 {
		c.MatchThreshold = d.MatchThreshold
	}
	if c.Worst == 0 {
		c.Worst = d.Worst
	}
	if c.Sample == 0 {
		c.Sample = d.Sample
	}
	return c
}

// State is the mergeable summary state of a set of cases. Add cases to it,
// Merge other states into it, and Finish it into a Summary. Merging is
// exact: a state built from shards of a dataset and merged, in any grouping
// and order, gives the Summary that one state over the whole dataset gives
// (counts, quantiles, the confidence interval and the case lists exactly,
// sums of floating-point numbers to rounding, well within 1e-12).
//
// All fields are exported and JSON-encodable, so that a State can be
// written to disk (the state.json of an eval directory) and used as the
// accumulator of a pipeline's combiner. Its size does not depend on the
// number of cases except through the scores: see Scores.
type State struct {
	Version int    `json:"version"`
	Config  Config `json:"config"`
	// Cases counts every input line; Scored the scored ones; Invalid the
	// scored ones whose candidate failed validation.
	Cases   int64 `json:"cases"`
	Scored  int64 `json:"scored"`
	Invalid int64 `json:"invalid"`
	// Errors counts the lines that were not scored, by kind.
	Errors map[string]int64 `json:"errors"`
	// Scores is the multiset of the scores of scored lines.
	Scores Scores `json:"scores"`
	// Paths are the per-path totals, by path.
	Paths map[string]*PathState `json:"paths"`
	// Worst are the lowest-scoring cases, ascending by (Score, Key, ID,
	// Line), at most Config.Worst, without their Paths and NonMatches.
	Worst []Case `json:"worst"`
	// Sample are the cases of smallest Key, ascending by (Key, Score, ID,
	// Line), at most Config.Sample, without their Paths and NonMatches.
	Sample []Case `json:"sample"`
}

// PathState is the running total of one path entry.
type PathState struct {
	Kind  string `json:"kind"`
	Scope string `json:"scope,omitempty"`
	Outcomes
	// Deficit is the compensated sum of the path's contributions.
	Deficit Sum `json:"deficit"`
}

// NewState returns an empty state; zero fields of cfg take the defaults of
// DefaultConfig.
func NewState(cfg Config) *State {
	return &State{Version: StateVersion, Config: cfg.withDefaults(), Errors: map[string]int64{}, Paths: map[string]*PathState{}}
}

// Wants reports whether a scored case of this score and key would be kept
// in the Worst or Sample lists as things stand: only then is its Detail
// worth building.
func (s *State) Wants(score float64, key uint64) bool {
	c := Case{Score: score, Key: key}
	return len(s.Worst) < s.Config.Worst || worseThan(&c, &s.Worst[len(s.Worst)-1]) ||
		len(s.Sample) < s.Config.Sample || sampledBefore(&c, &s.Sample[len(s.Sample)-1])
}

// A Cutoff is what State.Wants compares a case with, as the state stands
// when the cutoff is taken: a copy that other goroutines may read while the
// state goes on adding cases (the workers of a parallel eval, deciding
// which lines to prepare a detail for). Adding cases only narrows what a
// state wants, so a case that the state wants at any later time is one
// that its earlier cutoffs want.
type Cutoff struct {
	// worst and sample are the last cases of the full Worst and Sample
	// lists (their order's fields only); nil for a list not full.
	worst, sample *Case
}

// Cutoff returns the state's cutoff: its Wants is the state's as things
// stand.
func (s *State) Cutoff() Cutoff {
	var c Cutoff
	key := func(x *Case) *Case { return &Case{Score: x.Score, Key: x.Key, ID: x.ID, Line: x.Line} }
	if len(s.Worst) >= s.Config.Worst {
		c.worst = key(&s.Worst[len(s.Worst)-1])
	}
	if len(s.Sample) >= s.Config.Sample {
		c.sample = key(&s.Sample[len(s.Sample)-1])
	}
	return c
}

// Equal reports whether c and d want the same cases.
func (c Cutoff) Equal(d Cutoff) bool {
	same := func(x, y *Case) bool {
		return x == nil && y == nil || x != nil && y != nil && compareCases(x, y, true) == 0
	}
	return same(c.worst, d.worst) && same(c.sample, d.sample)
}

// Wants is State.Wants of the state the cutoff was taken from, as it stood
// then.
func (c Cutoff) Wants(score float64, key uint64) bool {
	x := Case{Score: score, Key: key}
	return c.worst == nil || worseThan(&x, c.worst) || c.sample == nil || sampledBefore(&x, c.sample)
}

// Add adds one case.
func (s *State) Add(c Case) {
	s.Cases++
	if c.Error != "" {
		s.Errors[c.Error]++
		return
	}
	s.Scored++
	if c.Invalid {
		s.Invalid++
	}
	s.Scores.add(c.Score)
	for _, p := range c.Paths {
		ps := s.path(p.Path, p.Kind, p.Scope)
		ps.Outcomes.add(p.Outcomes)
		ps.Deficit.Add(p.Deficit)
	}
	c.Paths, c.NonMatches = nil, nil
	s.Worst = insertBounded(s.Worst, c, s.Config.Worst, worseThan)
	s.Sample = insertBounded(s.Sample, c, s.Config.Sample, sampledBefore)
}

func (s *State) path(path, kind, scope string) *PathState {
	ps, ok := s.Paths[path]
	if !ok {
		ps = &PathState{Kind: kind, Scope: scope}
		s.Paths[path] = ps
	}
	return ps
}

// Merge adds the cases of o to s. It is associative and commutative (up to
// the rounding of float sums). States of different versions or configs do
// not merge, except that an empty state takes the config of the other.
func (s *State) Merge(o *State) error {
	if o.Version != StateVersion || s.Version != StateVersion {
		return fmt.Errorf("eval: cannot merge states of versions %d and %d (want %d)", s.Version, o.Version, StateVersion)
	}
	if s.Config != o.Config {
		switch {
		case o.Cases == 0:
			return nil
		case s.Cases == 0:
			s.Config = o.Config
		default:
			return fmt.Errorf("eval: cannot merge states of different configurations (%+v and %+v)", s.Config, o.Config)
		}
	}
	if s.Errors == nil {
		s.Errors = map[string]int64{}
	}
	if s.Paths == nil {
		s.Paths = map[string]*PathState{}
	}
	s.Cases += o.Cases
	s.Scored += o.Scored
	s.Invalid += o.Invalid
	for k, n := range o.Errors {
		s.Errors[k] += n
	}
	s.Scores.merge(&o.Scores)
	for path, op := range o.Paths {
		ps := s.path(path, op.Kind, op.Scope)
		ps.Outcomes.add(op.Outcomes)
		ps.Deficit.Merge(op.Deficit)
	}
	for _, c := range o.Worst {
		s.Worst = insertBounded(s.Worst, c, s.Config.Worst, worseThan)
	}
	for _, c := range o.Sample {
		s.Sample = insertBounded(s.Sample, c, s.Config.Sample, sampledBefore)
	}
	return nil
}

// worseThan orders cases by ascending score, then Key, ID and Line.
func worseThan(a, b *Case) bool { return compareCases(a, b, true) < 0 }

// sampledBefore orders cases by ascending Key, then score, ID and Line.
func sampledBefore(a, b *Case) bool { return compareCases(a, b, false) < 0 }

func compareCases(a, b *Case, scoreFirst bool) int {
	byScore, byKey := cmp.Compare(a.Score, b.Score), cmp.Compare(a.Key, b.Key)
	if !scoreFirst {
		byScore, byKey = byKey, byScore
	}
	if c := cmp.Or(byScore, byKey, bytes.Compare(a.ID, b.ID)); c != 0 {
		return c
	}
	return cmp.Compare(a.Line, b.Line)
}

// insertBounded inserts c into the sorted list, keeping at most limit
// cases.
func insertBounded(list []Case, c Case, limit int, less func(a, b *Case) bool) []Case {
	if limit <= 0 || (len(list) >= limit && !less(&c, &list[len(list)-1])) {
		return list
	}
	i, _ := slices.BinarySearchFunc(list, c, func(x, y Case) int {
		if less(&x, &y) {
			return -1
		}
		return 1
	})
	list = slices.Insert(list, i, c)
	if len(list) > limit {
		list = list[:limit]
	}
	return list
}

// Scores is a multiset of scores: the distinct values in ascending order
// with their counts, plus values added since the last fold. It takes 16
// bytes per distinct score (and at most as much again for pending values):
// at most 320 MB for 10 million cases that all score differently, and much
// less in practice, since scores repeat (1, 0, small fractions).
type Scores struct {
	Values []float64 `json:"values"`
	Counts []int64   `json:"counts"`
	// Pending are scores not yet folded into Values and Counts.
	Pending []float64 `json:"pending,omitempty"`
}

// minFold is the number of pending scores below which Scores does not fold.
const minFold = 1024

func (s *Scores) add(x float64) {
	if x == 0 {
		x = 0 // one zero, not two (-0 and +0)
	}
	s.Pending = append(s.Pending, x)
	if len(s.Pending) >= max(minFold, len(s.Values)) {
		s.fold()
	}
}

// fold merges the pending scores into Values and Counts.
func (s *Scores) fold() {
	if len(s.Pending) == 0 {
		return
	}
	slices.Sort(s.Pending)
	var vs []float64
	var cs []int64
	for i := 0; i < len(s.Pending); {
		j := i + 1
		for j < len(s.Pending) && s.Pending[j] == s.Pending[i] {
			j++
		}
		vs, cs = append(vs, s.Pending[i]), append(cs, int64(j-i))
		i = j
	}
	s.Values, s.Counts = mergeCounts(s.Values, s.Counts, vs, cs)
	s.Pending = s.Pending[:0]
}

func (s *Scores) merge(o *Scores) {
	s.fold()
	s.Values, s.Counts = mergeCounts(s.Values, s.Counts, o.Values, o.Counts)
	for _, x := range o.Pending {
		s.add(x)
	}
	s.fold()
}

// mergeCounts merges two sorted distinct multisets.
func mergeCounts(av []float64, ac []int64, bv []float64, bc []int64) ([]float64, []int64) {
	if len(bv) == 0 {
		return av, ac
	}
	vs := make([]float64, 0, len(av)+len(bv))
	cs := make([]int64, 0, len(av)+len(bv))
	i, j := 0, 0
	for i < len(av) || j < len(bv) {
		switch {
		case j == len(bv) || (i < len(av) && av[i] < bv[j]):
			vs, cs = append(vs, av[i]), append(cs, ac[i])
			i++
		case i == len(av) || bv[j] < av[i]:
			vs, cs = append(vs, bv[j]), append(cs, bc[j])
			j++
		default:
			vs, cs = append(vs, av[i]), append(cs, ac[i]+bc[j])
			i++
			j++
		}
	}
	return vs, cs
}

// Sum is a compensated (Neumaier) sum that can be merged.
type Sum struct {
	S float64 `json:"s"`
	C float64 `json:"c"`
}

// Add adds x.
func (s *Sum) Add(x float64) {
	t := s.S + x
	if math.Abs(s.S) >= math.Abs(x) {
		s.C += (s.S - t) + x
	} else {
		s.C += (x - t) + s.S
	}
	s.S = t
}

// Merge adds another sum.
func (s *Sum) Merge(o Sum) {
	s.Add(o.S)
	s.Add(o.C)
}

// Value is the sum.
func (s Sum) Value() float64 { return s.S + s.C }
