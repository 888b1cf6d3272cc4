// Package unsupported has Go types that oagen gen cannot score in place.
package unsupported

// T has a map with integer keys and a float32 field.
type T struct {
	A map[int]string `json:"a"`
	B float32        `json:"b"`
}
