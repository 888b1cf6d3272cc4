package feedback

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// This file holds the template engine of docs/SCORING.md §8.10: the subset of Python's
// str.format that the feedback and description templates use. A template is
// parsed once into a compiledTemplate; rendering then only appends literal
// segments and formatted arguments, with no parsing and no map lookups.

// slot names one placeholder. Every placeholder name any template may use has
// a slot, so that the arguments of one rendering live in a fixed-size array
// (argSet) instead of a map.
type slot uint8

// The placeholder slots.
const (
	slotRank slot = iota
	slotScoreDelta
	slotScoreDeltaPct
	slotConfidence
	slotConfidencePct
	slotPath
	slotListPath
	slotGold
	slotPred
	slotValue
	slotKey
	slotGoldPath
	slotPredPath
	slotGoldKey
	slotPredKey
	slotScore
	slotScorePct
	slotDeficit
	slotDeficitPct
	slotNShown
	slotNTotal
	slotDominantKind
	slotDominantKindHuman
	slotDominantFraction
	slotDominantFractionPct
	slotTopKinds
	slotMessage
	slotRelation
	slotRelationLabel
	slotTarget
	slotUsed
	slotScope
	slotGoldProps
	slotPredProps
	slotIndent
	slotNGold
	slotNPred
	slotGoldBranch
	slotPredBranch
	numSlots
)

// slotNames are the placeholder names, indexed by slot.
var slotNames = [numSlots]string{
	slotRank:                "rank",
	slotScoreDelta:          "score_delta",
	slotScoreDeltaPct:       "score_delta_pct",
	slotConfidence:          "confidence",
	slotConfidencePct:       "confidence_pct",
	slotPath:                "path",
	slotListPath:            "list_path",
	slotGold:                "gold",
	slotPred:                "pred",
	slotValue:               "value",
	slotKey:                 "key",
	slotGoldPath:            "gold_path",
	slotPredPath:            "pred_path",
	slotGoldKey:             "gold_key",
	slotPredKey:             "pred_key",
	slotScore:               "score",
	slotScorePct:            "score_pct",
	slotDeficit:             "deficit",
	slotDeficitPct:          "deficit_pct",
	slotNShown:              "n_shown",
	slotNTotal:              "n_total",
	slotDominantKind:        "dominant_kind",
	slotDominantKindHuman:   "dominant_kind_human",
	slotDominantFraction:    "dominant_fraction",
	slotDominantFractionPct: "dominant_fraction_pct",
	slotTopKinds:            "top_kinds",
	slotMessage:             "message",
	slotRelation:            "relation",
	slotRelationLabel:       "relation_label",
	slotTarget:              "target",
	slotUsed:                "used",
	slotScope:               "scope",
	slotGoldProps:           "gold_props",
	slotPredProps:           "pred_props",
	slotIndent:              "indent",
	slotNGold:               "n_gold",
	slotNPred:               "n_pred",
	slotGoldBranch:          "gold_branch",
	slotPredBranch:          "pred_branch",
}

// slotByName returns the slot of a placeholder name.
func slotByName(name string) (slot, bool) {
	for s, n := range slotNames {
		if n == name {
			return slot(s), true
		}
	}
	return 0, false
}

// argType is the Python type a placeholder value has: it decides how the
// value renders without a format spec and whether a ".Nf" spec applies.
type argType uint8

// The argument types.
const (
	argUnset argType = iota
	argInt
	argFloat
	argString
	argValue // a JSON value displayed as fmt(v) of docs/SCORING.md §8.8.3; a string for validation
)

// arg is one placeholder value.
type arg struct {
	typ     argType
	i       int
	f       float64
	s       string
	v       *jsonval.Value
	profile Profile // how an argValue renders
}

// argSet holds the placeholder values of one rendering, indexed by slot.
type argSet [numSlots]arg

func (a *argSet) setInt(s slot, v int)       { a[s] = arg{typ: argInt, i: v} }
func (a *argSet) setFloat(s slot, v float64) { a[s] = arg{typ: argFloat, f: v} }
func (a *argSet) setString(s slot, v string) { a[s] = arg{typ: argString, s: v} }

// setValue stores a JSON value to be rendered as fmt(v) (docs/SCORING.md §8.8.3) in
// profile p straight into the output, without an intermediate string.
func (a *argSet) setValue(s slot, v *jsonval.Value, p Profile) {
	a[s] = arg{typ: argValue, v: v, profile: p}
}
func (t *compiledTemplate) isBlank() bool { return t == nil || t.blank }

// noSpec is the precision of a field without a ".Nf" format spec.
const noSpec = -1

// maxPrecision bounds N in a ".Nf" spec; larger precisions only print binary
// expansion digits and are almost certainly a typo.
const maxPrecision = 100

// segment is one piece of a compiled template: literal text followed by an
// optional replacement field.
type segment struct {
	lit   string
	field bool
	slot  slot
	prec  int // digits after the point for ".Nf", or noSpec
	name  string
}

// compiledTemplate is a parsed template.
type compiledTemplate struct {
	src   string
	segs  []segment
	blank bool // the source is empty or only whitespace (docs/SCORING.md §8.8.2)
}

// FormatError reports malformed template syntax.
type FormatError struct {
	Offset int // byte offset in the template text
	Msg    string
}

// Error returns "format error at byte N of the template: msg".
func (e *FormatError) Error() string {
	return fmt.Sprintf("format error at byte %d of the template: %s", e.Offset, e.Msg)
}

// parseTemplate compiles src. It accepts literal text, "{{" and "}}", and
// replacement fields "{name}" and "{name:spec}" where name is a Python
// identifier naming a known placeholder and spec is empty or ".Nf". Field
// names outside the slot table, conversions ("!r"), attribute or index access
// and nested fields are errors.
func parseTemplate(src string) (*compiledTemplate, error) {
	t := &compiledTemplate{src: src, blank: isPyBlank(src)}
	var lit strings.Builder
	flushLit := func() string {
		s := lit.String()
		lit.Reset()
		return s
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch c {
		case '{':
			if i+1 < len(src) && src[i+1] == '{' {
				lit.WriteByte('{')
				i += 2
				continue
			}
			end := strings.IndexByte(src[i+1:], '}')
			if end < 0 {
				return nil, &FormatError{Offset: i, Msg: "single '{' without a closing '}'"}
			}
			body := src[i+1 : i+1+end]
			seg, err := parseField(body, i)
			if err != nil {
				return nil, err
			}
			seg.lit = flushLit()
			t.segs = append(t.segs, seg)
			i += end + 2
		case '}':
			if i+1 < len(src) && src[i+1] == '}' {
				lit.WriteByte('}')
				i += 2
				continue
			}
			return nil, &FormatError{Offset: i, Msg: "single '}' encountered (write '}}' for a literal brace)"}
		default:
			lit.WriteByte(c)
			i++
		}
	}
	if lit.Len() > 0 {
		t.segs = append(t.segs, segment{lit: flushLit()})
	}
	return t, nil
}

// parseField parses the text between '{' and '}' of one replacement field
// that starts at byte off.
func parseField(body string, off int) (segment, error) {
	name, spec, hasSpec := strings.Cut(body, ":")
	if strings.ContainsAny(name, "{") || strings.ContainsAny(spec, "{") {
		return segment{}, &FormatError{Offset: off, Msg: "nested replacement fields are not supported"}
	}
	if strings.ContainsRune(name, '!') {
		return segment{}, &FormatError{Offset: off, Msg: fmt.Sprintf("conversion in {%s} is not supported", body)}
	}
	if name == "" {
		return segment{}, &FormatError{Offset: off, Msg: "positional field {} is not supported; name the placeholder"}
	}
	if !isIdentifier(name) {
		return segment{}, &FormatError{Offset: off, Msg: fmt.Sprintf("invalid placeholder name %q (attribute, index and numeric fields are not supported)", name)}
	}
	s, ok := slotByName(name)
	if !ok {
		return segment{}, &FormatError{Offset: off, Msg: fmt.Sprintf("unknown placeholder {%s}", name)}
	}
	seg := segment{field: true, slot: s, prec: noSpec, name: name}
	if hasSpec && spec != "" {
		p, ok := parseFixedSpec(spec)
		if !ok {
			return segment{}, &FormatError{Offset: off, Msg: fmt.Sprintf("unsupported format spec %q in {%s} (only \".Nf\" is supported)", spec, body)}
		}
		seg.prec = p
	}
	return seg, nil
}

// parseFixedSpec parses ".Nf" and returns N.
func parseFixedSpec(spec string) (int, bool) {
	if len(spec) < 3 || spec[0] != '.' || spec[len(spec)-1] != 'f' {
		return 0, false
	}
	digits := spec[1 : len(spec)-1]
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n > maxPrecision {
		return 0, false
	}
	return n, true
}

// isIdentifier reports whether s is an ASCII Python identifier.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// isPyBlank reports whether s is empty or consists only of characters
// Python's str.isspace accepts (the reference tests templates with
// `not template.strip()`). That set is Unicode White_Space plus the
// separators U+001C–U+001F.
func isPyBlank(s string) bool {
	for _, r := range s {
		if !isPyWhitespace(r) {
			return false
		}
	}
	return true
}

// isPyWhitespace is the character set of Python's str.isspace and of
// str.strip() without arguments.
func isPyWhitespace(r rune) bool {
	return (r >= 0x1c && r <= 0x1f) || isUnicodeSpace(r)
}

// isUnicodeSpace reports Unicode White_Space (what Go's unicode.IsSpace tests).
func isUnicodeSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// render appends the template filled with a to dst. Fields whose slot is
// unset render as the empty string (validation keeps templates to the slots
// their key provides, so this does not happen with validated templates).
func (t *compiledTemplate) render(dst []byte, a *argSet) []byte {
	for i := range t.segs {
		sg := &t.segs[i]
		dst = append(dst, sg.lit...)
		if sg.field {
			dst = appendArg(dst, &a[sg.slot], sg.prec)
		}
	}
	return dst
}

// renderString renders the template into a new string.
func (t *compiledTemplate) renderString(a *argSet) string {
	if t == nil {
		return ""
	}
	return string(t.render(make([]byte, 0, len(t.src)+64), a))
}

// appendArg appends one formatted value: Python's format(value, spec) for
// the supported specs.
func appendArg(dst []byte, v *arg, prec int) []byte {
	switch v.typ {
	case argInt:
		if prec == noSpec {
			return strconv.AppendInt(dst, int64(v.i), 10)
		}
		return appendFixed(dst, float64(v.i), prec)
	case argFloat:
		if prec == noSpec {
			return append(dst, pyFloatRepr(v.f)...)
		}
		return appendFixed(dst, v.f, prec)
	case argString:
		return append(dst, v.s...)
	case argValue:
		return appendFmtValue(dst, v.v, v.profile)
	}
	return dst
}

// appendFixed appends format(x, ".Nf"): the exact binary value rounded to N
// decimals, ties to even (docs/SCORING.md §10.5), which is what strconv's 'f' format
// does; non-finite values use Python's spelling.
func appendFixed(dst []byte, x float64, prec int) []byte {
	switch {
	case math.IsNaN(x):
		return append(dst, "nan"...)
	case math.IsInf(x, 1):
		return append(dst, "inf"...)
	case math.IsInf(x, -1):
		return append(dst, "-inf"...)
	}
	return strconv.AppendFloat(dst, x, 'f', prec, 64)
}

// pyFloatRepr returns Python's repr of a float (docs/SCORING.md §10.4), nan and inf
// included.
func pyFloatRepr(x float64) string {
	return jsonval.PyRepr(jsonval.NewFloat(x))
}

// lastPointerToken returns the last reference token of an RFC 6901 JSON
// Pointer, decoded ("~1" → "/", then "~0" → "~"); "" for the root pointer.
func lastPointerToken(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return ""
	}
	tok := p[i+1:]
	if strings.IndexByte(tok, '~') < 0 {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}
