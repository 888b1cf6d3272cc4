// Package longtest is the project's one switch for long tests.
//
// By default `go test ./...` runs a quick loop: every unit test, every
// conformance vector, and property and fidelity tests at a size that catches
// regressions in seconds. The long set (property tests with many more cases,
// exhaustive fidelity sweeps, generated-code sweeps) runs when the
// environment sets OAGEN_LONG=1, as CI does:
//
//	OAGEN_LONG=1 go test ./...
//
// The -short flag always wins: under -short a test takes its short size even
// when OAGEN_LONG=1.
package longtest

import (
	"os"
	"testing"
)

// EnvVar is the environment variable that turns the long tests on.
const EnvVar = "OAGEN_LONG"

// Enabled reports whether the long tests are on: OAGEN_LONG=1 and not -short.
func Enabled() bool {
	return os.Getenv(EnvVar) == "1" && !testing.Short()
}

// Count picks the size of a test (cases, iterations, seeds): short under
// -short, long when Enabled, normal otherwise.
func Count(short, normal, long int) int {
	switch {
	case testing.Short():
		return short
	case Enabled():
		return long
	default:
		return normal
	}
}

// Skip skips t unless the long tests are on, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skipf("long test: run with %s=1 (and without -short)", EnvVar)
	}
}
