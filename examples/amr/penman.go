// Package amr measures oagen against Smatch on AMR graphs: a PENMAN reader
// that writes a graph as JSON for a Smatch-like schema (schema.json), a
// Smatch-style scorer (triples, a hill-climber with restarts and an
// exhaustive optimum for small graphs), a set of AMR pairs (pairs.go) and
// the measurements of README.md "AMR against Smatch" (amr_test.go).
//
// The example pair (gold.json, candidate.json: Golds[4] and
// ExampleCandidate) reads "paper" as "letter"; score it from the
// repository's root:
//
//	go run ./cmd/oagen score -feedback -schema examples/amr/schema.json examples/amr/gold.json examples/amr/candidate.json
package amr

import (
	"fmt"
	"strings"
	"unicode"
)

// Graph is an AMR graph: instances (variable, concept), relations between
// variables and attributes (a variable's role with a constant value). Top
// is the root variable.
type Graph struct {
	Top       string
	Instances []Instance
	Relations []Relation
	Attrs     []Attribute
}

// Instance is a variable and its concept.
type Instance struct{ Var, Concept string }

// Relation is an edge between two variables.
type Relation struct{ Source, Role, Target string }

// Attribute is a role of a variable whose value is a constant.
type Attribute struct{ Var, Role, Value string }

// SyntaxError is a PENMAN text that does not parse, located by byte offset.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("penman: offset %d: %s", e.Offset, e.Msg) }

// maxDepth bounds the nesting of a PENMAN text.
const maxDepth = 500

// Parse reads one AMR graph in PENMAN notation:
//
//	graph    = node
//	node     = "(" var "/" concept { role target } ")"
//	target   = node | string | symbol
//	role     = ":" name
//
// A symbol target that names a variable of the graph is a reentrancy (a
// relation); any other symbol or a quoted string is a constant (an
// attribute). Inverse roles (":ARG0-of") are written the other way round,
// except ":consist-of", whose name ends in -of. Comments (";" to the end of
// the line) are skipped.
func Parse(text string) (*Graph, error) {
	p := &parser{s: text}
	p.skip()
	g := &Graph{}
	type pending struct {
		src, role, sym string
	}
	var syms []pending
	vars := map[string]bool{}
	var node func(depth int) (string, error)
	node = func(depth int) (string, error) {
		if depth > maxDepth {
			return "", p.errorf("nesting deeper than %d", maxDepth)
		}
		if !p.eat('(') {
			return "", p.errorf("want \"(\"")
		}
		v := p.symbol()
		if v == "" {
			return "", p.errorf("want a variable")
		}
		if vars[v] {
			return "", p.errorf("variable %q defined twice", v)
		}
		vars[v] = true
		if !p.eat('/') {
			return "", p.errorf("want \"/\" after the variable %q", v)
		}
		c := p.symbol()
		if c == "" {
			return "", p.errorf("want a concept")
		}
		g.Instances = append(g.Instances, Instance{v, c})
		for !p.eat(')') {
			if !p.eat(':') {
				return "", p.errorf("want a role or \")\"")
			}
			role := p.symbol()
			if role == "" {
				return "", p.errorf("want a role name")
			}
			switch {
			case p.peek() == '(':
				t, err := node(depth + 1)
				if err != nil {
					return "", err
				}
				g.addRelation(v, role, t)
			case p.peek() == '"':
				s, err := p.quoted()
				if err != nil {
					return "", err
				}
				g.Attrs = append(g.Attrs, Attribute{v, role, s})
			default:
				sym := p.symbol()
				if sym == "" {
					return "", p.errorf("want a value for :%s", role)
				}
				syms = append(syms, pending{v, role, sym})
			}
		}
		return v, nil
	}
	top, err := node(0)
	if err != nil {
		return nil, err
	}
	if p.skip(); p.i < len(p.s) {
		return nil, p.errorf("text after the graph")
	}
	g.Top = top
	for _, s := range syms {
		if vars[s.sym] {
			g.addRelation(s.src, s.role, s.sym)
		} else {
			g.Attrs = append(g.Attrs, Attribute{s.src, s.role, s.sym})
		}
	}
	return g, nil
}

// addRelation adds src :role tgt, inverting an inverse role.
func (g *Graph) addRelation(src, role, tgt string) {
	if base, ok := strings.CutSuffix(role, "-of"); ok && role != "consist-of" && base != "" {
		g.Relations = append(g.Relations, Relation{tgt, base, src})
		return
	}
	g.Relations = append(g.Relations, Relation{src, role, tgt})
}

type parser struct {
	s string
	i int
}

func (p *parser) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: p.i, Msg: fmt.Sprintf(format, args...)}
}

// skip skips blanks and comments.
func (p *parser) skip() {
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == ';':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) peek() byte {
	p.skip()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) eat(c byte) bool {
	if p.peek() == c {
		p.i++
		return true
	}
	return false
}

// symbol reads a run of characters other than blanks, parentheses, ":",
// "/" and quotes ("" when there is none).
func (p *parser) symbol() string {
	p.skip()
	start := p.i
	for p.i < len(p.s) {
		c := rune(p.s[p.i])
		if unicode.IsSpace(c) || strings.ContainsRune("()/:\";", c) {
			break
		}
		p.i++
	}
	return p.s[start:p.i]
}

// quoted reads a double-quoted string (backslash escapes the next byte).
func (p *parser) quoted() (string, error) {
	start := p.i
	p.i++ // the opening quote
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch c {
		case '\\':
			if p.i+1 < len(p.s) {
				b.WriteByte(p.s[p.i+1])
			}
			p.i += 2
		case '"':
			p.i++
			return b.String(), nil
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	p.i = start
	return "", p.errorf("unterminated string")
}
