//go:build !unix

package eval_test

import "time"

// processCPU is not available on this platform; the cpu-ns/op metric is
// then not reported.
func processCPU() time.Duration { return 0 }
