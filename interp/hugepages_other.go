//go:build !linux

package interp

// adviseHuge is the Linux advice of hugepages_linux.go; elsewhere the
// storage is left to the platform.
func adviseHuge([]float64) {}
