// Package goshape describes the existing Go types that hold the values of
// a compiled schema's nodes: what the struct-tag front end (package
// structtag) finds in a package and the code generator (package gen)
// scores in place. It is the contract between the two, so that neither
// depends on the other.
package goshape

// Kind is the kind of an existing Go type that the generator can score
// (after at most one pointer).
type Kind uint8

// The kinds of existing Go types.
const (
	Struct Kind = iota + 1 // a named struct type of the package (a JSON object)
	Slice                  // a slice (a JSON array with items)
	String                 // string or a type whose underlying type is string
	Int                    // a signed integer type, or uint8–uint32 (integers)
	Float                  // float64 or a type whose underlying type is float64 (numbers)
	Bool                   // bool or a type whose underlying type is bool
	Map                    // map[string]V (a JSON object whose members are data, a map schema)
)

// Shape describes the existing Go type of the values of one schema node.
type Shape struct {
	// Type is the Go type as written in the package that declares it:
	// "Party", "*Party", "[]Line", "int", "Role", "*string".
	Type string
	// Kind is the kind of Type, or of its element type when Pointer.
	Kind Kind
	// Pointer is true when Type is *E; nil is JSON null (a nil pointer to a
	// slice, or a pointer to a nil slice, too).
	Pointer bool
	// Fields are the JSON members of a struct, one per schema property, in
	// the schema's order.
	Fields []Field
}

// Field is one JSON member of an existing struct type.
type Field struct {
	// JSONName is the member's key (the schema property name).
	JSONName string
	// Access is the selector path from the struct to the field: "Name", or
	// "Base.Name" for a field promoted from an embedded struct value.
	Access string
	// OmitEmpty and OmitZero are the json tag options: encoding/json leaves
	// the field out when it is empty (omitempty: "", 0, false, a nil
	// pointer, an empty slice) or zero (omitzero: "", 0, false, nil).
	// Without them the field is always present.
	OmitEmpty, OmitZero bool
}
