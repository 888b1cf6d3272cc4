package genrt

import (
	"math"
	"testing"
)

// TestCodedMatrix checks the codes of codedMatrix: equal bits share a
// code, zeros of both signs do not, the 257th distinct value clears ok,
// and uncoded writes the rows coded so far as their values.
func TestCodedMatrix(t *testing.T) {
	var c codedMatrix
	c.reset(6)
	negZero := math.Copysign(0, -1)
	xs := []float64{0.5, 1, 0.5, negZero, 0, 1}
	for k, x := range xs {
		c.codes[k] = c.code(x)
	}
	if !c.ok || c.nvals != 4 || c.codes[0] != c.codes[2] || c.codes[1] != c.codes[5] || c.codes[3] == c.codes[4] {
		t.Fatalf("codes %v, %d values, ok %v", c.codes, c.nvals, c.ok)
	}
	M := make([]float64, 6)
	if cm := uncoded(&c, M, 2, 3); cm != nil || c.ok {
		t.Fatal("uncoded: still coding")
	}
	for k, x := range M {
		if math.Float64bits(x) != math.Float64bits(xs[k]) {
			t.Fatalf("uncoded: M = %v, want %v", M, xs)
		}
	}
	c.reset(1)
	if c.nvals != 0 || c.vals != ([256]float64{}) {
		t.Fatalf("reset: %d values %v", c.nvals, c.vals[:4])
	}
	for k := range 256 {
		if got := c.code(float64(k)); int(got) != k || !c.ok {
			t.Fatalf("value %d: code %d, ok %v", k, got, c.ok)
		}
	}
	c.code(256)
	if c.ok {
		t.Fatal("257 distinct values: still ok")
	}
}
