package structtag

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/internal/suggest"
	"github.com/objectaligner/oagen/ir"
)

// valueKind is the kind of value an oa tag keyword takes.
type valueKind uint8

const (
	vNumber  valueKind = iota // a number, written as JSON would (0.8, 2, 1e-3)
	vName                     // a bare word: a comparator, order or scope name
	vBool                     // "flag", "flag=true" or "flag=false"
	vNumbers                  // a bracketed list of numbers: [2,1,1]
	vCount                    // a positive integer
	vValues                   // a bracketed list of values of the field's type: [a,b,c]
)

// target says which schema node a keyword belongs to.
type target uint8

const (
	tScalar target = iota // the primitive node: descends through array element levels
	tNode                 // the field's own node, whatever its type
	tArray                // the field's node, which must be an array
	tObject               // the field's node, which must be an object (struct or map)
	tMember               // the field as a member of its struct (valueWeight)
)

// tagKeyword describes one keyword accepted in an oa tag.
type tagKeyword struct {
	name   string
	kind   valueKind
	target target
}

// tagKeywords are the keywords an oa tag accepts: the Object Aligner keywords
// of docs/SCORING.md §2.1 that the Go type does not already say ("type", "properties"
// and "items" come from the field's type), plus "prefixItems=N", which turns
// the first N elements of a slice into tuple positions.
var tagKeywords = []tagKeyword{
	{"score", vName, tScalar},
	{"threshold", vNumber, tScalar},
	{"nullScore", vNumber, tNode},
	{"keyScore", vName, tObject},
	{"keyThreshold", vNumber, tObject},
	{"keyImportance", vNumber, tObject},
	{"valueImportance", vNumber, tObject},
	{"valueWeight", vNumber, tMember},
	{"prefixItems", vCount, tArray},
	{"prefixWeights", vNumbers, tArray},
	{"prefixImportance", vNumber, tArray},
	{"restImportance", vNumber, tArray},
	{"order", vName, tArray},
	{"ignoreExcess", vBool, tArray},
	{"ignoreMissing", vBool, tArray},
	{"idScope", vName, tScalar},
	{"ref", vName, tScalar},
	{"enum", vValues, tScalar},
}

// markerKeywords are the keywords a marker field (`_ struct{} `oa:"…"“)
// may set on its struct type.
var markerKeywords = []string{"keyScore", "keyThreshold", "keyImportance", "valueImportance", "nullScore"}

// goTypeKeywords are docs/SCORING.md §2.1 keywords that the Go type expresses.
var goTypeKeywords = map[string]string{
	"type":       "the field's Go type gives \"type\"",
	"properties": "the struct's fields give \"properties\"",
	"items":      "the slice's element type gives \"items\"",
}

func lookupKeyword(name string) (tagKeyword, bool) {
	for _, k := range tagKeywords {
		if k.name == name {
			return k, true
		}
	}
	return tagKeyword{}, false
}

// tagKeywordNames lists the accepted keywords for suggestions, in ir's order
// (so that ties break the same way in both sources).
func tagKeywordNames() []string {
	var out []string
	for _, k := range ir.Keywords() {
		if _, ok := lookupKeyword(k); ok {
			out = append(out, k)
		}
	}
	return append(out, "items.")
}

// tagEntry is one key[=value] item of an oa tag.
type tagEntry struct {
	key      string // without the "items." prefixes
	depth    int    // number of "items." prefixes
	value    string
	hasValue bool
	off      int // byte offset of the item in the tag value
	kw       tagKeyword
}

// tagError is a problem in an oa tag at byte offset off of the tag value.
type tagError struct {
	off int
	msg string
}

// parseTag splits an oa tag value into its items and checks the keyword
// names and value syntax. Items are separated by commas outside brackets.
// Every problem is returned, not just the first.
func parseTag(tag string) ([]tagEntry, []tagError) {
	var (
		entries []tagEntry
		errs    []tagError
	)
	start, depth := 0, 0
	flush := func(end int) {
		item := tag[start:end]
		off := start
		// Skip surrounding spaces, keeping offsets exact.
		for len(item) > 0 && item[0] == ' ' {
			item, off = item[1:], off+1
		}
		item = strings.TrimRight(item, " ")
		if item == "" {
			if end < len(tag) || start > 0 {
				errs = append(errs, tagError{off, "empty item in oa tag (two commas in a row?)"})
			}
			return
		}
		e, err := parseItem(item, off)
		if err != nil {
			errs = append(errs, *err)
			return
		}
		entries = append(entries, e)
	}
	for i := 0; i < len(tag); i++ {
		switch tag[i] {
		case '[':
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	if depth > 0 {
		errs = append(errs, tagError{start, "unclosed \"[\" in oa tag"})
	} else {
		flush(len(tag))
	}
	seen := map[string]int{}
	for _, e := range entries {
		full := strings.Repeat("items.", e.depth) + e.key
		if _, dup := seen[full]; dup {
			errs = append(errs, tagError{e.off, fmt.Sprintf("%q is given twice in the oa tag", full)})
		}
		seen[full] = e.off
	}
	return entries, errs
}

// parseItem parses one key[=value] item at offset off.
func parseItem(item string, off int) (tagEntry, *tagError) {
	e := tagEntry{off: off}
	key := item
	if i := strings.IndexByte(item, '='); i >= 0 {
		key, e.value, e.hasValue = item[:i], item[i+1:], true
	}
	key = strings.TrimSpace(key)
	e.value = strings.TrimSpace(e.value)
	for strings.HasPrefix(key, "items.") {
		key = key[len("items."):]
		e.depth++
	}
	e.key = key
	kw, ok := lookupKeyword(key)
	if !ok {
		if why, typed := goTypeKeywords[key]; typed {
			return e, &tagError{off, fmt.Sprintf("%q cannot be set in an oa tag: %s", key, why)}
		}
		return e, &tagError{off, fmt.Sprintf("unknown keyword %q in oa tag%s", key, suggest.DidYouMean(key, tagKeywordNames()))}
	}
	e.kw = kw
	bad := func(want string) *tagError {
		return &tagError{off, fmt.Sprintf("%q wants %s, got %q", key, want, e.value)}
	}
	switch kw.kind {
	case vBool:
		if e.hasValue && e.value != "true" && e.value != "false" {
			return e, bad("true or false (or no value, meaning true)")
		}
		return e, nil
	}
	if !e.hasValue || e.value == "" {
		return e, &tagError{off, fmt.Sprintf("%q needs a value (%s=…)", key, key)}
	}
	switch kw.kind {
	case vNumber:
		if _, err := parseNumber(e.value); err != nil {
			return e, bad("a number")
		}
	case vCount:
		if n, err := strconv.Atoi(e.value); err != nil || n < 1 {
			return e, bad("a positive integer")
		}
	case vNumbers:
		items, ok := splitList(e.value)
		if !ok {
			return e, bad("a list of numbers in brackets, like [2,1,1]")
		}
		for _, it := range items {
			if _, err := parseNumber(it); err != nil {
				return e, bad("a list of numbers in brackets, like [2,1,1]")
			}
		}
	case vValues:
		if _, ok := splitList(e.value); !ok {
			return e, bad("a list of values in brackets, like [red,green]")
		}
	case vName:
		if strings.ContainsAny(e.value, " []") {
			return e, bad("a name")
		}
	}
	return e, nil
}

// parseNumber parses a finite number in JSON syntax or Go float syntax.
func parseNumber(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, err
	}
	if f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308 {
		return 0, fmt.Errorf("not finite")
	}
	return f, nil
}

// splitList splits "[a,b,c]" into its trimmed items ("[]" gives none).
func splitList(s string) ([]string, bool) {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	inner := strings.TrimSpace(s[1 : len(s)-1])
	if inner == "" {
		return nil, true
	}
	parts := strings.Split(inner, ",")
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
		if parts[i] == "" || strings.ContainsAny(parts[i], "[]") {
			return nil, false
		}
	}
	return parts, true
}

// lookupTag finds the value of key in a struct tag written as a Go literal
// (raw or interpreted) and returns it with the byte offset of its first
// character inside the literal text; exact reports whether offsets inside
// the value map one to one onto the literal (no escapes). It follows the
// syntax of reflect.StructTag.
func lookupTag(lit string, key string) (value string, off int, exact, found bool) {
	raw := lit
	base := 0
	quoted := false
	if len(raw) >= 2 && raw[0] == '`' {
		raw, base = raw[1:len(raw)-1], 1
	} else if len(raw) >= 2 && raw[0] == '"' {
		s, err := strconv.Unquote(raw)
		if err != nil {
			return "", 0, false, false
		}
		raw, base, quoted = s, 1, true
	}
	tag := raw
	pos := 0
	for tag != "" {
		i := 0
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		tag, pos = tag[i:], pos+i
		if tag == "" {
			break
		}
		i = 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			break
		}
		name := tag[:i]
		tag, pos = tag[i+1:], pos+i+1
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			break
		}
		qvalue := tag[:i+1]
		valStart := pos + 1
		tag, pos = tag[i+1:], pos+i+1
		if name == key {
			v, err := strconv.Unquote(qvalue)
			if err != nil {
				return "", 0, false, false
			}
			return v, base + valStart, !quoted && v == qvalue[1:len(qvalue)-1], true
		}
	}
	return "", 0, false, false
}
