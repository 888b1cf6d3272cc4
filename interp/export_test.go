package interp

// GenericCells returns a scorer like s whose matrix cells all take the
// generic path (no record kernel, kernel.go), for the tests that check the
// kernel against it.
func GenericCells(s *Scorer) *Scorer {
	g, err := New(s.schema, s.opts)
	if err != nil {
		panic(err)
	}
	g.genericCells = true
	return g
}
