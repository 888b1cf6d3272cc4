package ir

import (
	"fmt"
	"strings"
)

func (p Position) format() string {
	var b strings.Builder
	switch {
	case p.File != "" && p.Line > 0:
		fmt.Fprintf(&b, "%s:%d:%d", p.File, p.Line, p.Col)
	case p.File != "":
		b.WriteString(p.File)
	case p.Line > 0:
		fmt.Fprintf(&b, "%d:%d", p.Line, p.Col)
	}
	ptr := p.Pointer
	if ptr == "" {
		ptr = "#"
	} else {
		ptr = "#" + ptr
	}
	if b.Len() > 0 {
		b.WriteString(" ")
	}
	fmt.Fprintf(&b, "(schema %s)", ptr)
	return b.String()
}

// ErrorList is every compile-time error found in one schema, in document order.
// Compile reports all errors at once rather than stopping at the first.
type ErrorList []Diagnostic

func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}
