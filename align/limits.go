package align

import "fmt"

// Limits bound the resources one scored pair may use. Exceeding a limit is an
// error naming the limit, its value and the JSON Pointer where it was hit; it is
// never a silent score. Zero fields take the defaults of DefaultLimits.
//
// The interpreter enforces them (interp.Limits is this type); the JSON entry
// points of generated scorers send a pair that might exceed one to the
// interpreter.
type Limits struct {
	// MaxDepth is the maximum nesting depth of the values being aligned
	// (arrays and objects; a top-level one has depth 1) and, through
	// Compile, of the schema (ir.Options.MaxDepth).
	MaxDepth int
	// MaxCollection is the maximum number of elements (or members) of one
	// aligned collection, max(n, m); the assignment is O(d³).
	MaxCollection int
	// MaxStringRunes is the maximum length, in code points, of a string that a
	// quadratic string comparator processes.
	MaxStringRunes int
	// MaxWork is the total work budget of one pair, counted in elementary
	// comparisons (matrix cells, DP cells and leaf comparisons, and the
	// assignments' relaxations beyond their matrices, AssignmentStride).
	MaxWork int64
}

// DefaultLimits returns the default limits: generous enough for every dataset
// of the paper and for knowledge graphs of 2,000 records with two links
// each (Org2Graph-2,000 spends 433 million units and aligns 4,000 links at
// once), while a hostile pair still stops within the times that
// docs/RELIABILITY.md measures.
func DefaultLimits() Limits {
	return Limits{
		MaxDepth:       256,
		MaxCollection:  4096,
		MaxStringRunes: 100_000,
		MaxWork:        500_000_000,
	}
}

// AssignmentStride is the number of entries the assignment solver
// (align/hungarian) relaxes per unit of Limits.MaxWork beyond the first
// AssignmentStride·n·m, which the n·m charged for its matrix covers: on a
// list of near-ties (the solver's O(d³) worst case) that many relaxations
// take about as long as one record-matrix cell (docs/RELIABILITY.md).
const AssignmentStride = 8

// AssignmentWork bounds the work charged for an n×m assignment beyond its
// matrix: the solver's shortest-path searches relax at most
// d(d+1)(2d+1)/6 entries, d = max(n, m). (The k-th search, k = 1 … d,
// meets k−1 assigned columns before a free one, so it scans at most k
// times, relaxing d, d−1, …, d−k+1 entries: at most k·d; the sum over k
// of the exact count is that of the squares 1² + … + d².)
func AssignmentWork(n, m int) float64 {
	d := float64(max(n, m))
	return max(0, d*(d+1)*(2*d+1)/6/AssignmentStride-float64(n)*float64(m))
}

// WithDefaults returns l with every field that is not positive replaced by
// its default (DefaultLimits).
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits()
	if l.MaxDepth <= 0 {
		l.MaxDepth = d.MaxDepth
	}
	if l.MaxCollection <= 0 {
		l.MaxCollection = d.MaxCollection
	}
	if l.MaxStringRunes <= 0 {
		l.MaxStringRunes = d.MaxStringRunes
	}
	if l.MaxWork <= 0 {
		l.MaxWork = d.MaxWork
	}
	return l
}

// GoldError is returned when the gold value is unusable: it fails validation,
// or its referential integrity is broken (duplicate ids, dangling references).
// The interpreter (interp.GoldError is this type) and generated scorers
// report it alike.
type GoldError struct {
	Pointer string // JSON Pointer inside the gold value
	Message string
}

// Error implements error: "invalid gold at <pointer>: <message>".
func (e *GoldError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return fmt.Sprintf("invalid gold at %s: %s", p, e.Message)
}
