package wl

import (
	"bytes"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// Label is a canonical multiset of strings: a seed label of a vertex or the
// label of an incidence (docs/SCORING.md §7.6). Two labels are equal (==) exactly when
// they hold the same items with the same multiplicities, whatever the order
// in which the items were added. The zero Label is the empty multiset, and
// Label is comparable, so it can be used as a map key.
//
// Items are opaque strings. Structured items, such as the exact-scalar
// triples (valueClass, key, value) or the cross-scope items
// ("xref", scope, role, value) of docs/SCORING.md §7.6, should be encoded with [Tuple]
// (or added with [LabelBuilder.AddTuple]), which is injective.
type Label struct {
	// enc holds the items sorted in byte order, each preceded by its length
	// as a uvarint; the length prefixes make the encoding injective.
	enc string
}

// NewLabel returns the label holding items (a multiset: duplicates count).
// It does not modify items.
func NewLabel(items ...string) Label {
	var b LabelBuilder
	for _, it := range items {
		b.Add(it)
	}
	return b.Label()
}

// Len returns the number of items of l, counted with multiplicity.
func (l Label) Len() int {
	n := 0
	for rest := l.enc; rest != ""; n++ {
		_, rest = nextItem(rest)
	}
	return n
}

// Items returns the items of l in their canonical order (byte order of the
// item strings), with duplicates repeated.
func (l Label) Items() []string {
	var items []string
	for rest := l.enc; rest != ""; {
		var it string
		it, rest = nextItem(rest)
		items = append(items, it)
	}
	return items
}

// String formats l for debugging as a brace-enclosed list of quoted items in
// canonical order, such as {"a", "b"}. Distinct labels format differently.
func (l Label) String() string {
	var sb strings.Builder
	sb.WriteByte('{')
	for i, it := range l.Items() {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(strconv.Quote(it))
	}
	sb.WriteByte('}')
	return sb.String()
}

// nextItem splits the first item off a label encoding produced by
// LabelBuilder.Label. Encodings are only ever built by this package, so they
// are well formed.
func nextItem(enc string) (item, rest string) {
	var n uint64
	k := 0
	for shift := uint(0); ; shift += 7 {
		c := enc[k]
		k++
		n |= uint64(c&0x7f) << shift
		if c < 0x80 {
			break
		}
	}
	end := k + int(n)
	return enc[k:end], enc[end:]
}

// Tuple encodes a sequence of strings as one string, injectively: two calls
// return the same string exactly when their arguments are equal sequences
// (so Tuple("a", "bc") != Tuple("ab", "c") and Tuple("") != Tuple()). Each
// part is written as its byte length in uvarint form followed by its bytes.
//
// Use Tuple for relation strings built from several parts (for example
// Tuple("edge", role1, role2), where roles are arbitrary JSON keys that may
// contain any byte) and for structured label items. Tuple strings are not
// meant to be mixed with free-form strings in the same position, since a
// free-form string may happen to equal some tuple encoding.
func Tuple(parts ...string) string {
	return string(appendTuple(nil, parts))
}

func appendTuple(dst []byte, parts []string) []byte {
	for _, p := range parts {
		dst = binary.AppendUvarint(dst, uint64(len(p)))
		dst = append(dst, p...)
	}
	return dst
}

// LabelBuilder accumulates the items of a label and produces its canonical
// form. The zero value is an empty builder ready to use; a builder can be
// reused after Reset, which keeps its buffers (building a label then
// allocates only the label itself).
type LabelBuilder struct {
	buf   []byte   // item bytes, concatenated in insertion order
	spans [][2]int // [start, end) of each item in buf
	out   []byte   // scratch for the encoding
}

// Add adds one item to the multiset.
func (b *LabelBuilder) Add(item string) {
	lo := len(b.buf)
	b.buf = append(b.buf, item...)
	b.spans = append(b.spans, [2]int{lo, len(b.buf)})
}

// AddTuple adds the single item Tuple(parts...) without building the
// intermediate string.
func (b *LabelBuilder) AddTuple(parts ...string) {
	lo := len(b.buf)
	b.buf = appendTuple(b.buf, parts)
	b.spans = append(b.spans, [2]int{lo, len(b.buf)})
}

// AddTupleConcat adds the single item Tuple(append(parts, last)...) where
// last is the concatenation of pieces, without building last or the
// tuple.
func (b *LabelBuilder) AddTupleConcat(parts []string, pieces ...string) {
	lo := len(b.buf)
	b.buf = appendTuple(b.buf, parts)
	n := 0
	for _, p := range pieces {
		n += len(p)
	}
	b.buf = binary.AppendUvarint(b.buf, uint64(n))
	for _, p := range pieces {
		b.buf = append(b.buf, p...)
	}
	b.spans = append(b.spans, [2]int{lo, len(b.buf)})
}

// Len returns the number of items added since the last Reset.
func (b *LabelBuilder) Len() int { return len(b.spans) }

// Reset empties the builder, keeping its buffers for reuse.
func (b *LabelBuilder) Reset() {
	b.buf = b.buf[:0]
	b.spans = b.spans[:0]
}

// Label returns the canonical label of the items added since the last Reset.
// It does not empty the builder.
func (b *LabelBuilder) Label() Label {
	if len(b.spans) == 0 {
		return Label{}
	}
	buf := b.buf
	slices.SortFunc(b.spans, func(x, y [2]int) int {
		return bytes.Compare(buf[x[0]:x[1]], buf[y[0]:y[1]])
	})
	out := b.out[:0]
	for _, s := range b.spans {
		out = binary.AppendUvarint(out, uint64(s[1]-s[0]))
		out = append(out, buf[s[0]:s[1]]...)
	}
	b.out = out
	return Label{enc: string(out)}
}
