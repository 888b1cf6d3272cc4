package interp

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
