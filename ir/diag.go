package ir

import (
	"fmt"
	"sort"
	"strings"
)

// format renders "file:line:col: #pointer" ("line:col: #pointer" without a
// file, "file: #pointer" without a line, "#pointer" with neither).
func (p Position) format() string {
	var b strings.Builder
	switch {
	case p.File != "" && p.Line > 0:
		fmt.Fprintf(&b, "%s:%d:%d: ", p.File, p.Line, p.Col)
	case p.File != "":
		b.WriteString(p.File + ": ")
	case p.Line > 0:
		fmt.Fprintf(&b, "%d:%d: ", p.Line, p.Col)
	}
	b.WriteString("#" + p.Pointer)
	return b.String()
}

// ErrorList is every compile-time error found in one schema, in document order.
// Compile reports all errors at once rather than stopping at the first.
type ErrorList []Diagnostic

// Error renders one diagnostic per line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// diagSink collects diagnostics while a schema compiles. They are reported in
// document order (by line and column, stable for equal positions), and a
// diagnostic produced twice (a subschema reached along two paths) is kept once.
type diagSink struct {
	src   *source
	file  string
	errs  []Diagnostic
	warns []Diagnostic
	seen  map[string]bool
}

// pos builds the Position of byte offset off, reported under pointer ptr.
func (s *diagSink) pos(ptr string, off int) Position {
	p := Position{File: s.file, Pointer: ptr}
	if s.src != nil && off >= 0 {
		p.Line, p.Col = s.src.lineCol(off)
	}
	return p
}

func (s *diagSink) add(list *[]Diagnostic, kind string, pos Position, format string, args []any) {
	d := Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)}
	key := kind + d.String()
	if s.seen[key] {
		return
	}
	s.seen[key] = true
	*list = append(*list, d)
}

// errorf records an error at byte offset off of the node or keyword held by
// the schema object at pointer ptr.
func (s *diagSink) errorf(ptr string, off int, format string, args ...any) {
	s.add(&s.errs, "e", s.pos(ptr, off), format, args)
}

// errorAt records an error at a node's position.
func (s *diagSink) errorAt(pos Position, format string, args ...any) {
	s.add(&s.errs, "e", pos, format, args)
}

// warnf records a warning at byte offset off under pointer ptr.
func (s *diagSink) warnf(ptr string, off int, format string, args ...any) {
	s.add(&s.warns, "w", s.pos(ptr, off), format, args)
}

// warnAt records a warning at a node's position.
func (s *diagSink) warnAt(pos Position, format string, args ...any) {
	s.add(&s.warns, "w", pos, format, args)
}

// documentOrder sorts diagnostics by line and column, keeping the order in
// which diagnostics at the same position were found.
func documentOrder(l []Diagnostic) []Diagnostic {
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].Pos.Line != l[j].Pos.Line {
			return l[i].Pos.Line < l[j].Pos.Line
		}
		return l[i].Pos.Col < l[j].Pos.Col
	})
	return l
}
