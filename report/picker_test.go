package report

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/proptest"
)

// pickedCase is a stream element: a score from a few tied levels and a key
// from a small range, so that ties in both happen.
type pickedCase struct {
	Score float64
	Key   uint64
}

func offerAll(t *testing.T, p *Picker, cs []pickedCase) {
	t.Helper()
	for i, c := range cs {
		line := i + 1
		if err := p.Offer(c.Score, c.Key, func() (Case, error) { return Case{Line: line}, nil }); err != nil {
			t.Fatal(err)
		}
	}
}

// identity lists what identifies the kept cases (score, key, tag).
func identity(cs []Case) []pickedCase {
	out := make([]pickedCase, len(cs))
	for i, c := range cs {
		out[i] = pickedCase{c.Score, c.Key ^ uint64(len(c.Tag))<<60}
	}
	return out
}

// bruteForce is the definition: the worst w by (score, key), then the
// sample smallest keys among the others, each in ascending (score, key).
func bruteForce(cs []pickedCase, w, s int) []pickedCase {
	all := slices.Clone(cs)
	slices.SortFunc(all, func(a, b pickedCase) int { return compareCases(a.Score, a.Key, b.Score, b.Key) })
	if len(all) <= w+s {
		return all
	}
	worst, rest := all[:w], slices.Clone(all[w:])
	slices.SortFunc(rest, func(a, b pickedCase) int { return compareCases(0, a.Key, 0, b.Key) })
	sample := rest[:s]
	slices.SortFunc(sample, func(a, b pickedCase) int { return compareCases(a.Score, a.Key, b.Score, b.Key) })
	out := make([]pickedCase, 0, w+s)
	for _, c := range worst {
		out = append(out, pickedCase{c.Score, c.Key ^ uint64(len(TagWorst))<<60})
	}
	for _, c := range sample {
		out = append(out, pickedCase{c.Score, c.Key ^ uint64(len(TagSample))<<60})
	}
	return out
}

func TestPickerProperties(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = 500
	props := gopter.NewProperties(params)
	elem := gopter.CombineGens(gen.IntRange(0, 8), gen.UInt64Range(0, 40)).Map(func(v []any) pickedCase {
		return pickedCase{float64(v[0].(int)) / 8, v[1].(uint64)}
	})
	// Keys are distinct in practice (64-bit hashes); the generator keeps
	// them distinct so that the definition is a total order.
	distinct := func(cs []pickedCase) []pickedCase {
		seen := map[uint64]bool{}
		out := cs[:0]
		for _, c := range cs {
			if !seen[c.Key] {
				seen[c.Key] = true
				out = append(out, c)
			}
		}
		return out
	}
	props.Property("streaming, sharded and reloaded pickers keep what the definition says", prop.ForAll(
		func(raw []pickedCase, w, s, cut1, cut2 int) bool {
			cs := distinct(raw)
			p := NewPicker(w, s)
			offerAll(t, p, cs)
			want := bruteForce(cs, w, s)
			if got := identity(p.Cases()); !slices.Equal(got, want) || p.Seen() != len(cs) {
				t.Logf("stream: got %v, want %v", got, want)
				return false
			}
			// Three shards, each through JSON, merged.
			a, b := min(cut1, len(cs)), min(max(cut1, cut2), len(cs))
			merged := NewPicker(w, s)
			for _, part := range [][]pickedCase{cs[:a], cs[a:b], cs[b:]} {
				q := NewPicker(w, s)
				offerAll(t, q, part)
				data, err := json.Marshal(q)
				if err != nil {
					t.Log(err)
					return false
				}
				var r Picker
				if err := json.Unmarshal(data, &r); err != nil {
					t.Log(err)
					return false
				}
				merged.Merge(&r)
			}
			if got := identity(merged.Cases()); !slices.Equal(got, want) || merged.Seen() != len(cs) {
				t.Logf("merged (cuts %d %d): got %v, want %v", a, b, got, want)
				return false
			}
			return true
		},
		gen.SliceOf(elem), gen.IntRange(0, 5), gen.IntRange(0, 5), gen.IntRange(0, 30), gen.IntRange(0, 30),
	))
	props.TestingRun(t)
}

func TestPickerBuildsOnlyKeptCases(t *testing.T) {
	p := NewPicker(1, 1)
	built := 0
	for i, c := range []pickedCase{{0.5, 9}, {0.4, 8}, {0.9, 7}, {0.8, 20}, {0.1, 30}} {
		err := p.Offer(c.Score, c.Key, func() (Case, error) { built++; return Case{Line: i + 1}, nil })
		if err != nil {
			t.Fatal(err)
		}
	}
	// Kept at each step: {0.5}, {0.4; 0.5 to the sample}, 7 < 9 enters the
	// sample, 20 > 7 is refused, 0.1 enters the worst (0.4 to the sample,
	// where key 8 > 7 drops it).
	if built != 4 {
		t.Errorf("built %d views, want 4", built)
	}
	got := p.Cases()
	if len(got) != 2 || got[0].Line != 5 || got[0].Tag != TagWorst || got[1].Line != 3 || got[1].Tag != TagSample {
		t.Errorf("cases = %+v", got)
	}
}

func TestPickerUnmarshalRejectsBadBounds(t *testing.T) {
	var p Picker
	if err := json.Unmarshal([]byte(`{"worst":1,"sample":0,"seen":0,"cases":[{"line":1,"score":0,"rows":[],"key":"1"}]}`), &p); err == nil {
		t.Fatal("no error for more cases than seen")
	}
}
