package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// Absent members (docs/SCORING.md §6.10). Before it aligns two objects, the
// scorer of an object node with optional members that have a default, or
// that admit null, fills the side that lacks such a member, as the
// interpreter does: a copy of that side's struct holds the default (or
// null), and in build mode genrt.Object.Filled marks the entry so that the
// candidate-space walk writes the fix as the addition of the gold's value.

// absentRule is what an absent property of an object is taken to hold.
type absentRule uint8

const (
	ruleNone        absentRule = iota
	ruleDefault                // its non-null default, whenever the other side has it
	ruleNullDefault            // null (its default), whenever the other side has it
	ruleNull                   // null, when the other side holds null
)

// absentRuleOf is the rule of property pp of object node t.
func absentRuleOf(t *tnode, pp *tprop) absentRule {
	n := pp.node.n
	if !t.n.AbsentAsDefault || !n.AbsentAsDefault || t.n.IsRequired(pp.name) {
		return ruleNone
	}
	nullable := n.Types&ir.TNull != 0
	switch {
	case n.HasDefault && !n.Default.IsNull():
		return ruleDefault
	case n.HasDefault && nullable:
		return ruleNullDefault
	case !n.HasDefault && nullable:
		return ruleNull
	}
	return ruleNone
}

// absentProps returns the properties of t that have a rule, checking that
// the generated types can hold what the rule fills in.
func (m *model) checkAbsent(t *tnode) error {
	for _, pp := range t.props {
		r := absentRuleOf(t, pp)
		switch {
		case r == ruleNone:
		case pp.rep == repShape:
			if r != ruleNull {
				return fmt.Errorf("%s: a default of a member of an existing Go type is not supported by oagen gen (docs/SCORING.md §6.10; \"absentAsDefault\": false turns the rule off)", pp.node.n.Pos)
			}
		case r == ruleDefault:
			if _, err := m.defaultLiteral(pp.node, pp.node.n.Default); err != nil {
				return fmt.Errorf("%s: %v (docs/SCORING.md §6.10; \"absentAsDefault\": false turns the rule off)", pp.node.n.Pos, err)
			}
		}
	}
	return nil
}

// hasAbsentRules reports whether object node t fills absent members.
func hasAbsentRules(t *tnode) bool {
	if !t.objectPart() {
		return false
	}
	for _, pp := range t.props {
		if r := absentRuleOf(t, pp); r != ruleNone && pp.rep != repShape {
			return true
		}
	}
	return false
}

// defaultLiteral is the Go expression of the default of a primitive node,
// or of an array of primitives, in the node's base type.
func (m *model) defaultLiteral(t *tnode, def jsonval.Value) (string, error) {
	d := jsonval.NumberByValue(def)
	if t.jsonValued() {
		return "genrt.Canon(" + jsonLiteral(def) + ")", nil
	}
	if t.kind == kUnion {
		// The branch of the default is the interpreter's choice, made now.
		if m.unions == nil {
			sc, err := interp.New(m.schema, interp.Options{})
			if err != nil {
				return "", err
			}
			m.unions = sc
		}
		i := m.unions.UnionBranch(t.n.Pos.Pointer, def)
		if i < 0 {
			return "", fmt.Errorf("default %s belongs to no branch of the union", jsonval.Readable(d))
		}
		b := t.branches[i]
		lit, err := m.defaultLiteral(b.node, def)
		if err != nil {
			return "", err
		}
		if b.node.isStruct() {
			return "", fmt.Errorf("a default %s of a union member in an object or tuple branch is not supported by oagen gen", jsonval.Readable(d))
		}
		return fmt.Sprintf("%s{%s: new(%s(%s))}", t.base, b.field, b.node.base, lit), nil
	}
	if t.kind == kMap {
		if d.Kind != jsonval.Object {
			return "", fmt.Errorf("default %s does not fit the member's type", jsonval.Readable(d))
		}
		parts := make([]string, len(d.Obj))
		for i, m := range d.Obj {
			var lit string
			switch v := t.value; {
			case v == nil:
				lit = "genrt.Canon(" + jsonLiteral(m.Value) + ")"
			case v.kind > kString || v.nullable:
				return "", fmt.Errorf("a default map of %s values is not supported by oagen gen", describe(v))
			default:
				var err error
				if lit, err = primitiveLiteral(v.kind, jsonval.NumberByValue(m.Value)); err != nil {
					return "", err
				}
			}
			parts[i] = strconv.Quote(m.Key) + ": " + lit
		}
		return t.base + "{" + strings.Join(parts, ", ") + "}", nil
	}
	if d.Kind == jsonval.Array {
		if t.kind != kArray || t.tuple || t.items == nil {
			return "", fmt.Errorf("default %s does not fit the member's type", jsonval.Readable(d))
		}
		parts := make([]string, len(d.Arr))
		for i, x := range d.Arr {
			if t.items.kind > kString || t.items.nullable {
				return "", fmt.Errorf("a default array of %s elements is not supported by oagen gen", describe(t.items))
			}
			lit, err := primitiveLiteral(t.items.kind, jsonval.NumberByValue(x))
			if err != nil {
				return "", err
			}
			parts[i] = lit
		}
		return t.base + "{" + strings.Join(parts, ", ") + "}", nil
	}
	if t.kind > kString || t.tuple {
		return "", fmt.Errorf("a default %s of a %s member is not supported by oagen gen", jsonval.Readable(d), describe(t))
	}
	return primitiveLiteral(t.kind, d)
}

// primitiveLiteral is the untyped Go constant of JSON scalar x as kind k.
func primitiveLiteral(k vkind, x jsonval.Value) (string, error) {
	switch {
	case k == kBool && x.Kind == jsonval.Bool:
		return strconv.FormatBool(x.B), nil
	case k == kString && x.Kind == jsonval.String:
		return strconv.Quote(x.S), nil
	case k == kInt && x.Kind == jsonval.Int && x.Big == nil:
		return strconv.FormatInt(x.I, 10), nil
	case k == kFloat && x.IsNumber():
		return num(x.Float64()), nil
	}
	return "", fmt.Errorf("default %s does not fit the member's type", jsonval.Readable(x))
}

// absentName is the name of the filling function of object node t.
func (e *emitter) absentName(t *tnode) string { return e.decl("Absent "+t.path, "Absent"+t.path) }

// defaultName is the name of the variable holding property i's default.
func (e *emitter) defaultName(t *tnode, i int) string {
	return e.decl("Default "+t.path+" "+t.props[i].name, "Default"+t.path+t.props[i].field)
}

// emitAbsent writes the defaults of object node t's properties and its
// filling function.
func (e *emitter) emitAbsent(t *tnode) {
	type def struct{ Name, Where, Type, Value string }
	type fill struct {
		Absent, Cond, Copy, X, Set string
		Index                      int
		Tag                        string
	}
	var defs []def
	for i, pp := range t.props {
		if pp.rep == repShape || absentRuleOf(t, pp) != ruleDefault {
			continue
		}
		lit, _ := e.m.defaultLiteral(pp.node, pp.node.n.Default) // checked by checkAbsent
		defs = append(defs, def{e.defaultName(t, i), pointer(pp.node), pp.node.base, lit})
	}
	name := e.absentName(t)
	var fills []fill
	for i, pp := range t.props {
		r := absentRuleOf(t, pp)
		if r == ruleNone || pp.rep == repShape {
			continue
		}
		for _, side := range []struct{ x, other, copy, tag string }{{"g", "p", "gf", "1"}, {"p", "g", "pf", "2"}} {
			absent := side.x + "." + pp.field + " == nil"
			if pp.rep == repOptNull {
				absent += " && !" + side.x + "." + pp.nullField
			}
			// A JSON-valued member holds null as a value.
			setNull := side.copy + "." + pp.nullField + " = true"
			otherNull := side.other + "." + pp.nullField
			if pp.node.jsonValued() {
				setNull = side.copy + "." + pp.field + " = new(jsonval.Value)"
				otherNull = side.other + "." + pp.field + " != nil && " + side.other + "." + pp.field + ".IsNull()"
			}
			var cond, set string
			switch r {
			case ruleDefault:
				cond = present(pp, side.other)
				if strings.Contains(cond, "||") {
					cond = "(" + cond + ")"
				}
				def := e.defaultName(t, i)
				if field(pp, side.x).ptr {
					def = "&" + def
				}
				set = side.copy + "." + pp.field + " = " + def
			case ruleNullDefault:
				cond = present(pp, side.other)
				if strings.Contains(cond, "||") {
					cond = "(" + cond + ")"
				}
				set = setNull
			case ruleNull:
				cond = otherNull
				set = setNull
			}
			fills = append(fills, fill{absent, cond, side.copy, side.x, set, i, side.tag})
		}
	}
	execute(&e.w, "absent", struct {
		Name, Type string
		N          int
		Defaults   []def
		Fills      []fill
	}{name, t.base, len(t.props), defs, fills})
}
