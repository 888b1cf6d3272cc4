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
	// comparisons (matrix cells, DP cells and leaf comparisons).
	MaxWork int64
}

// DefaultLimits returns the default limits: generous enough for every dataset
// of the paper and for knowledge graphs of 2,000 records with two links
// each (Org2Graph-2,000 spends 410 million units and aligns 4,000 links at
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
