package interp

// idMap is a map keyed by identifiers under JSON equality (idKey). It keeps
// one Go map per kind of key, so that string identifiers — nearly all of
// them — are looked up by the runtime's string maps: a map of a few
// entries compares short keys without hashing them, and a larger one hashes
// the string alone, where a map keyed by the idKey struct hashes all of its
// fields on every access. The zero value is an empty map.
type idMap[V any] struct {
	str map[string]V // kind 's': the string itself
	num map[int64]V  // kind 'n': integers in the int64 range
	txt map[string]V // kind 'x': align.IDKey's text
}

// get returns the value of k and whether k is present.
func (m *idMap[V]) get(k idKey) (V, bool) {
	var v V
	var ok bool
	switch k.kind {
	case 's':
		v, ok = m.str[k.s]
	case 'n':
		v, ok = m.num[k.i]
	default:
		v, ok = m.txt[k.s]
	}
	return v, ok
}

// set sets the value of k, making the map of its kind on first use.
func (m *idMap[V]) set(k idKey, v V) {
	switch k.kind {
	case 's':
		if m.str == nil {
			m.str = map[string]V{}
		}
		m.str[k.s] = v
	case 'n':
		if m.num == nil {
			m.num = map[int64]V{}
		}
		m.num[k.i] = v
	default:
		if m.txt == nil {
			m.txt = map[string]V{}
		}
		m.txt[k.s] = v
	}
}

// reset empties the map, keeping its storage.
func (m *idMap[V]) reset() {
	clear(m.str)
	clear(m.num)
	clear(m.txt)
}

// idSet is a set of identifiers under JSON equality.
type idSet struct{ m idMap[struct{}] }

// has reports whether k is in the set.
func (s *idSet) has(k idKey) bool {
	_, ok := s.m.get(k)
	return ok
}

// add adds k to the set.
func (s *idSet) add(k idKey) { s.m.set(k, struct{}{}) }

// reset empties the set, keeping its storage.
func (s *idSet) reset() { s.m.reset() }
