// Package cputime reads the CPU time a process has used, for benchmarks that
// report cpu-ns/op beside ns/op: on a shared machine wall-clock time measures
// the load as much as the code (docs/PERFORMANCE.md).
package cputime

import "time"

// Process returns the CPU time (user + system) the process has used so far,
// all threads included (the garbage collector's too), or 0 where the
// platform does not report it; callers then report no cpu-ns/op.
func Process() time.Duration { return process() }
