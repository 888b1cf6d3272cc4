package align

// HasContextual reports whether any registered comparator is context-aware,
// so that callers track parent values and paths only when one needs them.
func (r *Registry) HasContextual() bool {
	if r == nil {
		return false
	}
	for _, f := range r.str {
		if f.ctx != nil {
			return true
		}
	}
	for _, f := range r.number {
		if f.ctx != nil {
			return true
		}
	}
	for _, f := range r.integer {
		if f.ctx != nil {
			return true
		}
	}
	return false
}
