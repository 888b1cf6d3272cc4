//go:build !unix

package interp_test

import "time"

// processCPU is not available on this platform; the cpu-ns/op metric is
// then not reported.
func processCPU() time.Duration { return 0 }
