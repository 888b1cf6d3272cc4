package genrt

// Endpoint is one endpoint of a carrier of a WL graph (docs/SCORING.md §7.6): the index
// of its role among the carrier's sorted roles and its vertex.
type Endpoint struct {
	Role, Vertex int
}

// AppendLabelItem appends one WL label item (docs/SCORING.md §7.6) to the label key b:
// the number of parts, then every part prefixed with its length (4 bytes,
// big-endian). Generated code builds the key of a record's label with it
// and looks the label up by key before building it, so that a label seen
// before costs no allocation.
func AppendLabelItem(b []byte, parts ...string) []byte {
	b = append(b, byte(len(parts)))
	for _, p := range parts {
		n := len(p)
		b = append(b, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
		b = append(b, p...)
	}
	return b
}

// AppendLabelItemInt is AppendLabelItem for an item whose last part is the
// integer v (8 bytes, big-endian); the count byte has its high bit set so
// that such an item never has the key of a string-only item.
func AppendLabelItemInt(b []byte, v int64, parts ...string) []byte {
	b = append(b, 0x80|byte(len(parts)))
	for _, p := range parts {
		n := len(p)
		b = append(b, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
		b = append(b, p...)
	}
	u := uint64(v)
	return append(b, byte(u>>56), byte(u>>48), byte(u>>40), byte(u>>32), byte(u>>24), byte(u>>16), byte(u>>8), byte(u))
}
