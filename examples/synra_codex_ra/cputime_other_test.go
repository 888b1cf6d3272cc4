//go:build !unix

package org2graph_test

import "time"

// processCPU is not measured here (no cpu-ns/op metric).
func processCPU() time.Duration { return 0 }
