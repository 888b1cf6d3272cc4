//go:build !unix

package amr

import "time"

// processCPU is 0 where the process CPU time is not read: the benchmarks
// then report no cpu-ns/op.
func processCPU() time.Duration { return 0 }
