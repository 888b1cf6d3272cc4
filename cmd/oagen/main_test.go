package main

import (
	"os"
	"testing"
)

// TestMain lets a test run the test binary as the oagen command (for the
// fault tests that need a process to kill): with OAGEN_TEST_AS_CLI=1 in its
// environment, the binary runs oagen with its arguments instead of the
// tests.
func TestMain(m *testing.M) {
	if os.Getenv("OAGEN_TEST_AS_CLI") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
