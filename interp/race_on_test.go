//go:build race

package interp_test

// raceEnabled reports whether the test binary was built with -race. The
// property tests then run a tenth of their cases: the race run looks for
// data races, the ordinary run provides the case counts.
const raceEnabled = true
