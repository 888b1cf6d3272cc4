package interp

import "sync/atomic"

// GenericCells returns a scorer like s whose matrix cells all take the
// generic path (no record kernel, kernel.go) and whose bijection search
// computes every evaluation in full (no memo, memo.go), for the tests that
// check those fast paths against it.
func GenericCells(s *Scorer) *Scorer {
	g, err := New(s.schema, s.opts)
	if err != nil {
		panic(err)
	}
	g.genericCells = true
	return g
}

// WithoutSearch returns a scorer like s whose bijections are the derivation's
// alone, without the search of docs/SCORING.md §7.12: the tests that measure
// the derivation (structure, ties) or compare with the reference use it.
func WithoutSearch(s *Scorer) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err) // s was built from the same schema and options
	}
	out.noSearch = true
	return out
}

// WithoutCanon returns a scorer like s without the canonical tie rules of
// docs/SCORING.md §5.8 (ties broken by position, as before them) and,
// when search is false, without the bijection search.
func WithoutCanon(s *Scorer, search bool) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err) // s was built from the same schema and options
	}
	out.noCanon, out.noSearch = true, !search
	return out
}

// WithResidualProbe returns a scorer like s that adds 1 to *count whenever
// a scope's candidate records include two that the canonical order cannot
// separate (docs/SCORING.md §7.13).
func WithResidualProbe(s *Scorer, count *atomic.Int64) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err) // s was built from the same schema and options
	}
	out.residualTie = func() { count.Add(1) }
	return out
}

// WithIdentifierTieProbe returns a scorer like s that adds 1 to *count
// whenever two of a scope's candidate records are ordered by their
// identifiers' values alone (docs/SCORING.md §7.13, rule 3).
func WithIdentifierTieProbe(s *Scorer, count *atomic.Int64) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err) // s was built from the same schema and options
	}
	out.identifierTie = func() { count.Add(1) }
	return out
}

// FillMin returns a scorer like s whose matrices of at least cells cells
// are filled in parallel (kernel.go, parallelRows): 1 for every matrix,
// a large value for none.
func FillMin(s *Scorer, cells int) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err)
	}
	out.fillMin = cells
	return out
}

// PlainColumns returns a scorer like s whose column kernel compares every
// string cell and combines every link cell from its member scores (no
// string memo, no link rows: colmemo.go), for the tests that check those
// refinements against it.
func PlainColumns(s *Scorer) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err)
	}
	out.plainColumns = true
	return out
}

// KeptSolveMin returns a scorer like s whose derivations keep the solves
// of matrices of at least cells cells for the main pass (solvekeep.go):
// 1 for every matrix, a large value for none; hits, when not nil, counts
// the solves answered from a kept one, and stale, when not nil, the kept
// matrices found written after their solve (the scorer keeps a copy of
// each to check it).
func KeptSolveMin(s *Scorer, cells int, hits, stale *atomic.Int64) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err)
	}
	out.keptMin, out.keptHits, out.keptStale = cells, hits, stale
	return out
}

// CopiedRecords returns a scorer like s whose main pass copies a
// derivation's record matrix into the candidates' order instead of reading
// it where it is (solveRecords), or, with copied false, reads it where it
// can; inPlace, when not nil, counts the matrices read in place.
func CopiedRecords(s *Scorer, copied bool, inPlace *atomic.Int64) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err)
	}
	out.copiedRecords, out.inPlace = copied, inPlace
	return out
}

// CodedMin returns a scorer like s whose main pass holds the link tables
// of at least cells cells as codes (coded.go): 1 for every one, a large
// value for none.
func CodedMin(s *Scorer, cells int) *Scorer {
	out, err := New(s.schema, s.opts)
	if err != nil {
		panic(err)
	}
	out.codedMin = cells
	return out
}
