package interp_test

import (
	"math"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
)

// TestAttributionIdentity: over the conformance vectors, the leaf
// attribution adds up to 1 − score (docs/SCORING.md §9.2 with the docs/SCORING.md §8.5 weights) and its
// rows are sorted by contribution. Every vector of the small, varied
// families is checked, and one in eight of the large generated ones
// (Org2Graph, Facts2Order), to keep the package's tests fast.
func TestAttributionIdentity(t *testing.T) {
	cache := scorerCache{}
	n := 0
	for i, v := range loadVectors(t) {
		if v.Error != "" {
			continue
		}
		if (v.Family == "o2g_damage" || v.Family == "o2g_relabel" || v.Family == "f2o") && i%8 != 0 {
			continue
		}
		s, err := cache.get(v)
		if err != nil {
			continue
		}
		res, err := s.Align(v.Gold, v.Cand)
		if err != nil {
			continue
		}
		at, err := res.Attribution(align.AttributionOptions{})
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		if res.Match == nil {
			if len(at.Rows) != 0 || at.Residual != -1 {
				t.Errorf("%s: invalid candidate: %d rows, residual %v", v.ID, len(at.Rows), at.Residual)
			}
			continue
		}
		n++
		if math.Abs(at.Residual) > 1e-9 {
			t.Errorf("%s: residual %g (total %v, score %v)", v.ID, at.Residual, at.Total, res.Score)
		}
		for i := 1; i < len(at.Rows); i++ {
			if at.Rows[i].Contribution > at.Rows[i-1].Contribution {
				t.Fatalf("%s: rows not sorted by contribution at %d", v.ID, i)
			}
		}
	}
	if n < 800 {
		t.Errorf("only %d vectors checked", n)
	}
}

// TestAttributionMovie pins the attribution of the movie record of docs/SCORING.md
// §11.6: the three deficits at their paths, every list entry by position.
func TestAttributionMovie(t *testing.T) {
	const movie = `{"type": "object", "keyScore": "exact", "keyImportance": 0, "valueImportance": 1,
 "properties": {
   "title":  {"type": "string",  "score": "jaro",  "valueWeight": 2.0},
   "year":   {"type": "integer", "score": "exact", "valueWeight": 1.0},
   "genres": {"type": "array", "items": {"type": "string", "score": "jaro"}, "order": "align", "valueWeight": 1.0}}}`
	s := mustScorer(t, movie, interp.Options{})
	res, err := s.Align(mustDecode(t, `{"title": "The Matrix", "year": 1999, "genres": ["Sci-Fi", "Action"]}`),
		mustDecode(t, `{"title": "The Matrx", "year": 2000, "genres": ["Sci-Fi", "Adventure"]}`))
	if err != nil {
		t.Fatal(err)
	}
	at, err := res.Attribution(align.AttributionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths := []string{"/year", "/genres/1", "/title", "/genres/0"}
	if len(at.Rows) != len(wantPaths) {
		t.Fatalf("rows %+v", at.Rows)
	}
	for i, p := range wantPaths {
		if at.Rows[i].Path != p {
			t.Errorf("row %d at %q, want %q", i, at.Rows[i].Path, p)
		}
	}
	if at.Rows[0].Weight != 0.25 || at.Rows[0].Contribution != 0.25 || at.Rows[2].Weight != 0.5 {
		t.Errorf("weights: %+v", at.Rows)
	}
	if math.Abs(at.Residual) > 1e-15 {
		t.Errorf("residual %v", at.Residual)
	}
	if _, err := res.Attribution(align.AttributionOptions{Granularity: "branch"}); err == nil {
		t.Error("unknown granularity accepted")
	}
}
