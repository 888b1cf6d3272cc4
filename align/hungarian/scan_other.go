//go:build !amd64 || purego

package hungarian

// useSIMD reports whether relaxBlocks runs a vectorised kernel: never on
// this platform or with the purego build tag.
const useSIMD = false

// relaxBlocks is never called where useSIMD is false.
func relaxBlocks(cols []uint32, vs, shs []float64, paths []int32, row []float64, minVal, ui float64, i int32, thr [2]float64) (stop, tie int) {
	panic("hungarian: relaxBlocks without a vectorised kernel")
}

// prefetchRowOf does nothing on this platform.
func prefetchRowOf(row []float64) {}
