//go:build unix

package eval_test

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) the process has used, all
// threads included (the garbage collector's too): the benchmarks report it
// per operation as cpu-ns/op, since on a shared machine wall-clock ns/op
// measures the load as much as the code.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
