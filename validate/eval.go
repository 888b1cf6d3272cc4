package validate

import (
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/objectaligner/oagen/jsonval"
)

// firstError returns the first error Python jsonschema's iter_errors would
// yield for inst under root, or nil if the evaluator finds none.
//
// The evaluator is hand-written rather than taken from santhosh because the
// reported error depends on evaluation order: Python walks each schema
// object's keywords in document order, properties in the schema's order,
// items by index, and stops at the first error; santhosh evaluates keywords in
// a fixed order of its own and words its messages differently.
//
// A valid value costs no allocation (but one for every object that
// "propertyNames" checks): the path of an error is built only once the error
// exists, as it travels back up (see descendKey), and a message only when it
// is reported. Instances are passed by pointer: a jsonval.Value is 104
// bytes, and every keyword of every schema object it meets would copy it.
//
// unique tells that no object of inst has a repeated key (Validate's scan
// found none), so that a property found at its position among the schema's
// properties is the object's only member of that name (objectKeyword).
func firstError(root *node, inst *jsonval.Value, jsonValues, unique bool) *Error {
	e := evaluator{jsonValues: jsonValues, unique: unique}
	// With probing off, eval returns only nil or an *Error.
	err, ok := e.eval(root, inst).(*Error)
	if !ok {
		return nil
	}
	slices.Reverse(err.Path) // the tokens were appended innermost first
	return err
}

// allErrors returns the errors Python jsonschema's iter_errors would yield
// for inst under root, in its order, at most max of them (the evaluation
// stops at the max-th): every keyword of every schema object is evaluated,
// not only up to the first that fails.
func allErrors(root *node, inst *jsonval.Value, jsonValues bool, max int) []*Error {
	e := evaluator{jsonValues: jsonValues, collect: &collector{max: max}}
	e.eval(root, inst)
	return e.collect.errs
}

// evaluator holds the state of one evaluation: whether only validity is
// wanted (inside anyOf, oneOf, not, if and contains, whose subschema errors
// are never reported), in which case errors carry no message and no path;
// and, for allErrors, where every error is collected.
type evaluator struct {
	probing    int
	jsonValues bool // render values in messages as JSON (WithJSONValues)
	unique     bool // no object of the instance has a repeated key (firstError)
	// collect is non-nil when every error is wanted (allErrors): fail
	// records the error, with the path of the value being evaluated, and
	// returns nil so that the evaluation goes on, until max errors.
	collect *collector
}

// collector gathers the errors of allErrors.
type collector struct {
	path []string // tokens of the value being evaluated, outermost first
	errs []*Error
	max  int
}

// errEnough stops an allErrors evaluation once it has max errors.
var errEnough = errors.New("enough errors")

// errProbe is the error returned while probing: only its presence matters.
var errProbe = errors.New("invalid")

// fail returns the error for the value being evaluated; msg builds its
// message (not called while probing: a message can repr a large value). The
// path is filled in by the descend functions the error passes on its way up.
func (e *evaluator) fail(msg func() string) error {
	if e.probing > 0 {
		return errProbe
	}
	if c := e.collect; c != nil {
		c.errs = append(c.errs, &Error{Path: slices.Clone(c.path), Message: msg()})
		if len(c.errs) >= c.max {
			return errEnough
		}
		return nil
	}
	return &Error{Message: msg()}
}

// isValid evaluates inst under n for validity only.
func (e *evaluator) isValid(n *node, inst *jsonval.Value) bool {
	e.probing++
	err := e.eval(n, inst)
	e.probing--
	return err == nil
}

// member returns the value of the first member of inst named key, nil when
// it has none (jsonval.Value.Get, by pointer).
func member(inst *jsonval.Value, key string) *jsonval.Value {
	for i := range inst.Obj {
		if inst.Obj[i].Key == key {
			return &inst.Obj[i].Value
		}
	}
	return nil
}

// descendKey evaluates the member value inst of the object member named key.
// An error coming back gets key appended to its path (paths are built
// innermost first and reversed by firstError), so that no path is built for a
// valid value.
//
// Like jsonschema's Validator.descend, it reports a false subschema's error
// at the parent's path: descend yields that error before it would prepend
// the token (so {"properties": {"a": false}} rejects {"a": 1} at "/").
func (e *evaluator) descendKey(n *node, inst *jsonval.Value, key string) error {
	if c := e.collect; c != nil && e.probing == 0 && n.raw.Kind != jsonval.Bool {
		c.path = append(c.path, key)
		err := e.eval(n, inst)
		c.path = c.path[:len(c.path)-1]
		return err
	}
	err := e.eval(n, inst)
	if err != nil && n.raw.Kind != jsonval.Bool {
		if pe, ok := err.(*Error); ok {
			pe.Path = append(pe.Path, key)
		}
	}
	return err
}

// descendIndex evaluates the array element inst at index i, as descendKey
// does (the decimal token is formatted only for an error).
func (e *evaluator) descendIndex(n *node, inst *jsonval.Value, i int) error {
	if c := e.collect; c != nil && e.probing == 0 && n.raw.Kind != jsonval.Bool {
		c.path = append(c.path, strconv.Itoa(i))
		err := e.eval(n, inst)
		c.path = c.path[:len(c.path)-1]
		return err
	}
	err := e.eval(n, inst)
	if err != nil && n.raw.Kind != jsonval.Bool {
		if pe, ok := err.(*Error); ok {
			pe.Path = append(pe.Path, strconv.Itoa(i))
		}
	}
	return err
}

// repr renders a value inside a message: Python's repr, as jsonschema
// does, or JSON (jsonval.Readable) for a Validator compiled WithJSONValues.
func (e *evaluator) repr(v jsonval.Value) string {
	if e.jsonValues {
		return jsonval.Readable(v)
	}
	return jsonval.PyRepr(v)
}

// reprString is repr of a string.
func (e *evaluator) reprString(s string) string { return e.repr(jsonval.NewString(s)) }

// eval returns the first error of inst under n: Validator.iter_errors (or
// descend) of Python jsonschema, stopped at its first yield.
func (e *evaluator) eval(n *node, inst *jsonval.Value) error {
	if n.raw.Kind == jsonval.Bool {
		if n.raw.B {
			return nil
		}
		return e.fail(func() string { return "False schema does not allow " + e.repr(*inst) })
	}
	for i := range n.kws {
		if err := e.keyword(n, &n.kws[i], inst); err != nil {
			return err
		}
	}
	return nil
}

// keyword returns the first error one keyword yields (the functions of
// jsonschema/_keywords.py and _legacy_keywords.py).
func (e *evaluator) keyword(n *node, kw *keyword, inst *jsonval.Value) error {
	switch kw.id {
	case kwRef, kwDynamicRef, kwRecursiveRef:
		return e.eval(kw.sub, inst)
	case kwType:
		return e.typeKeyword(kw, inst)
	case kwEnum:
		if inst.Kind == jsonval.String {
			// jsonval.Equal of a string: another string with the same
			// text, without copying the values.
			for i := range kw.val.Arr {
				if a := &kw.val.Arr[i]; a.Kind == jsonval.String && a.S == inst.S {
					return nil
				}
			}
		} else {
			for i := range kw.val.Arr {
				if jsonval.Equal(kw.val.Arr[i], *inst) {
					return nil
				}
			}
		}
		return e.fail(func() string { return e.repr(*inst) + " is not one of " + e.repr(kw.val) })
	case kwConst:
		if jsonval.Equal(*inst, kw.val) {
			return nil
		}
		return e.fail(func() string { return e.repr(kw.val) + " was expected" })
	case kwAllOf:
		for _, sub := range kw.subs {
			if err := e.eval(sub, inst); err != nil {
				return err
			}
		}
		return nil
	case kwAnyOf:
		for _, sub := range kw.subs {
			if e.isValid(sub, inst) {
				return nil
			}
		}
		return e.fail(func() string { return e.repr(*inst) + " is not valid under any of the given schemas" })
	case kwOneOf:
		return e.oneOf(kw, inst)
	case kwNot:
		if !e.isValid(kw.sub, inst) {
			return nil
		}
		return e.fail(func() string { return e.repr(*inst) + " should not be valid under " + e.repr(kw.sub.raw) })
	case kwIf:
		if e.isValid(kw.sub, inst) {
			if n.then != nil {
				return e.eval(n.then, inst)
			}
		} else if n.els != nil {
			return e.eval(n.els, inst)
		}
		return nil
	}
	// The remaining keywords apply to one kind of instance each (each
	// function of jsonschema starts with an is_type check).
	switch inst.Kind {
	case jsonval.Object:
		return e.objectKeyword(n, kw, inst)
	case jsonval.Array:
		return e.arrayKeyword(n, kw, inst)
	case jsonval.String:
		return e.stringKeyword(kw, inst)
	case jsonval.Int, jsonval.Float:
		return e.numberKeyword(n, kw, inst)
	}
	return nil
}

// typeOf returns the type names inst is an instance of, as jsonschema's type
// checker for Draft 6 and later decides: booleans are not numbers, and an
// integer is any number with a zero fractional part.
//
// By pointer: a jsonval.Value is 104 bytes, and every "type" keyword of
// every schema object reads one.
func typeOf(inst *jsonval.Value) typeMask {
	switch inst.Kind {
	case jsonval.Null:
		return typeNull
	case jsonval.Bool:
		return typeBoolean
	case jsonval.Object:
		return typeObject
	case jsonval.Array:
		return typeArray
	case jsonval.String:
		return typeString
	case jsonval.Int:
		return typeNumber | typeInteger
	case jsonval.Float:
		if isIntegral(*inst) {
			return typeNumber | typeInteger
		}
		return typeNumber
	}
	return 0
}

// typeKeyword checks "type" against the mask built with the keyword.
func (e *evaluator) typeKeyword(kw *keyword, inst *jsonval.Value) error {
	if kw.types&typeOf(inst) != 0 {
		return nil
	}
	return e.fail(func() string {
		list := []jsonval.Value{kw.val}
		if kw.val.Kind == jsonval.Array {
			list = kw.val.Arr
		}
		reprs := make([]string, len(list))
		for i, t := range list {
			reprs[i] = e.repr(t)
		}
		return e.repr(*inst) + " is not of type " + strings.Join(reprs, ", ")
	})
}

func (e *evaluator) oneOf(kw *keyword, inst *jsonval.Value) error {
	first := -1
	for i, sub := range kw.subs {
		if e.isValid(sub, inst) {
			first = i
			break
		}
	}
	if first < 0 {
		return e.fail(func() string { return e.repr(*inst) + " is not valid under any of the given schemas" })
	}
	var more []*node
	for _, sub := range kw.subs[first+1:] {
		if e.isValid(sub, inst) {
			more = append(more, sub)
		}
	}
	if len(more) == 0 {
		return nil
	}
	more = append(more, kw.subs[first])
	return e.fail(func() string {
		reprs := make([]string, len(more))
		for i, sub := range more {
			reprs[i] = e.repr(sub.raw)
		}
		return e.repr(*inst) + " is valid under each of " + strings.Join(reprs, ", ")
	})
}

// sizeMessage words the minItems/minLength/minProperties family of errors,
// which Python phrases specially for a limit of 1 (or 0 for the max family).
func (e *evaluator) sizeMessage(inst jsonval.Value, limit jsonval.Value, special float64, specialText, text string) func() string {
	return func() string {
		if limit.IsNumber() && limit.Float64() == special {
			return e.repr(inst) + " " + specialText
		}
		return e.repr(inst) + " " + text
	}
}

// lessThan reports whether the count n is below the limit (a number).
func lessThan(n int, limit jsonval.Value) bool {
	c, ok := cmpNum(jsonval.NewInt(int64(n)), limit)
	return ok && c < 0
}

// greaterThan reports whether the count n is above the limit (a number).
func greaterThan(n int, limit jsonval.Value) bool {
	c, ok := cmpNum(jsonval.NewInt(int64(n)), limit)
	return ok && c > 0
}

func (e *evaluator) objectKeyword(n *node, kw *keyword, inst *jsonval.Value) error {
	switch kw.id {
	case kwProperties:
		for i := range kw.named {
			p := &kw.named[i]
			var v *jsonval.Value
			if e.unique && i < len(inst.Obj) && inst.Obj[i].Key == p.name {
				// Where an instance lists the members in the schema's
				// order; its only member of that name.
				v = &inst.Obj[i].Value
			} else {
				v = member(inst, p.name)
			}
			if v != nil {
				if err := e.descendKey(p.n, v, p.name); err != nil {
					return err
				}
			}
		}
	case kwPatternProperties:
		for i := range kw.named {
			p := &kw.named[i]
			for j := range inst.Obj {
				m := &inst.Obj[j]
				if p.re.MatchString(m.Key) {
					if err := e.descendKey(p.n, &m.Value, m.Key); err != nil {
						return err
					}
				}
			}
		}
	case kwAdditionalProperties:
		return e.additionalProperties(n, kw, inst)
	case kwUnevaluatedProperties, kwUnevaluatedProperties2019:
		return e.unevaluatedProperties(n, kw, inst)
	case kwRequired:
		for i := range kw.val.Arr {
			r := &kw.val.Arr[i]
			if r.Kind != jsonval.String {
				continue
			}
			if _, ok := inst.Get(r.S); !ok {
				return e.fail(func() string { return e.repr(*r) + " is a required property" })
			}
		}
	case kwMinProperties:
		if lessThan(len(inst.Obj), kw.val) {
			return e.fail(e.sizeMessage(*inst, kw.val, 1, "should be non-empty", "does not have enough properties"))
		}
	case kwMaxProperties:
		if greaterThan(len(inst.Obj), kw.val) {
			return e.fail(e.sizeMessage(*inst, kw.val, 0, "is expected to be empty", "has too many properties"))
		}
	case kwPropertyNames:
		// The property name is the instance; the path does not change.
		// One value for every name: the evaluation keeps no instance.
		name := new(jsonval.Value)
		for i := range inst.Obj {
			*name = jsonval.NewString(inst.Obj[i].Key)
			if err := e.eval(kw.sub, name); err != nil {
				return err
			}
		}
	case kwDependentRequired, kwDependencies:
		for _, dep := range kw.named {
			if _, ok := inst.Get(dep.name); !ok {
				continue
			}
			if dep.n != nil {
				if err := e.eval(dep.n, inst); err != nil {
					return err
				}
				continue
			}
			for _, each := range dep.val.Arr {
				if each.Kind != jsonval.String {
					continue
				}
				if _, ok := inst.Get(each.S); !ok {
					return e.fail(func() string { return e.repr(each) + " is a dependency of " + e.reprString(dep.name) })
				}
			}
		}
	case kwDependentSchemas:
		for _, dep := range kw.named {
			if _, ok := inst.Get(dep.name); ok {
				if err := e.eval(dep.n, inst); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// additionalProperties mirrors jsonschema: the extras are the members neither
// named by "properties" nor matched by a "patternProperties" regex. A schema
// value is applied to each extra (Python iterates a set there, whose order
// varies between runs; the instance order is used); false rejects them in one
// message naming them sorted. The extras are listed only for that message.
func (e *evaluator) additionalProperties(n *node, kw *keyword, inst *jsonval.Value) error {
	isExtra := func(key string) bool {
		for i := range kw.props {
			if kw.props[i].Key == key {
				return false
			}
		}
		for _, re := range n.patterns {
			if re.MatchString(key) {
				return false
			}
		}
		return true
	}
	if kw.val.Kind == jsonval.Object {
		for i := range inst.Obj {
			m := &inst.Obj[i]
			if isExtra(m.Key) {
				if err := e.descendKey(kw.sub, &m.Value, m.Key); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if kw.val.Kind != jsonval.Bool || kw.val.B {
		return nil
	}
	found := false
	for i := range inst.Obj {
		if isExtra(inst.Obj[i].Key) {
			found = true
			break
		}
	}
	if !found {
		return nil
	}
	return e.fail(func() string {
		var names []string
		for i := range inst.Obj {
			if isExtra(inst.Obj[i].Key) {
				names = append(names, inst.Obj[i].Key)
			}
		}
		sort.Strings(names) // byte order of UTF-8 is code point order, as Python's
		reprs := make([]string, len(names))
		for i, s := range names {
			reprs[i] = e.reprString(s)
		}
		if pp, ok := n.raw.Get("patternProperties"); ok {
			verb := "does"
			if len(names) != 1 {
				verb = "do"
			}
			patterns := make([]string, len(pp.Obj))
			for i, m := range pp.Obj {
				patterns[i] = m.Key
			}
			sort.Strings(patterns)
			for i, p := range patterns {
				patterns[i] = e.reprString(p)
			}
			return strings.Join(reprs, ", ") + " " + verb + " not match any of the regexes: " + strings.Join(patterns, ", ")
		}
		return "Additional properties are not allowed (" + extrasMsg(reprs) + " unexpected)"
	})
}

// extrasMsg is jsonschema's extras_msg: the reprs joined, then "was" or "were".
func extrasMsg(reprs []string) string {
	verb := "was"
	if len(reprs) != 1 {
		verb = "were"
	}
	return strings.Join(reprs, ", ") + " " + verb
}

func (e *evaluator) arrayKeyword(n *node, kw *keyword, inst *jsonval.Value) error {
	switch kw.id {
	case kwPrefixItems:
		for i, sub := range kw.subs {
			if i >= len(inst.Arr) {
				break
			}
			if err := e.descendIndex(sub, &inst.Arr[i], i); err != nil {
				return err
			}
		}
	case kwItems:
		return e.items2020(n, kw, inst)
	case kwItemsLegacy, kwItemsDraft4:
		if kw.subs != nil || kw.val.Kind == jsonval.Array {
			for i, sub := range kw.subs {
				if i >= len(inst.Arr) {
					break
				}
				if err := e.descendIndex(sub, &inst.Arr[i], i); err != nil {
					return err
				}
			}
			return nil
		}
		if kw.id == kwItemsDraft4 && kw.val.Kind != jsonval.Object {
			return nil
		}
		for i := range inst.Arr {
			if err := e.descendIndex(kw.sub, &inst.Arr[i], i); err != nil {
				return err
			}
		}
	case kwAdditionalItems:
		return e.additionalItems(n, kw, inst)
	case kwUnevaluatedItems, kwUnevaluatedItems2019:
		return e.unevaluatedItems(n, kw, inst)
	case kwMinItems:
		if lessThan(len(inst.Arr), kw.val) {
			return e.fail(e.sizeMessage(*inst, kw.val, 1, "should be non-empty", "is too short"))
		}
	case kwMaxItems:
		if greaterThan(len(inst.Arr), kw.val) {
			return e.fail(e.sizeMessage(*inst, kw.val, 0, "is expected to be empty", "is too long"))
		}
	case kwUniqueItems:
		if kw.val.Kind == jsonval.Bool && kw.val.B && hasDuplicates(inst.Arr) {
			return e.fail(func() string { return e.repr(*inst) + " has non-unique elements" })
		}
	case kwContains:
		return e.contains(n, kw, inst)
	case kwContainsLegacy:
		for i := range inst.Arr {
			if e.isValid(kw.sub, &inst.Arr[i]) {
				return nil
			}
		}
		return e.fail(func() string { return "None of " + e.repr(*inst) + " are valid under the given schema" })
	}
	return nil
}

// items2020 is Draft 2020-12 "items": the schema for the elements after the
// "prefixItems" head; false words the excess in one message.
func (e *evaluator) items2020(n *node, kw *keyword, inst *jsonval.Value) error {
	prefix := kw.prefix
	extra := len(inst.Arr) - prefix
	if extra <= 0 {
		return nil
	}
	if kw.val.Kind == jsonval.Bool && !kw.val.B {
		return e.fail(func() string {
			rest := inst.Arr[prefix]
			if extra != 1 {
				rest = jsonval.NewArray(inst.Arr[prefix:])
			}
			item := "items"
			if prefix == 1 {
				item = "item"
			}
			return "Expected at most " + strconv.Itoa(prefix) + " " + item + " but found " +
				strconv.Itoa(extra) + " extra: " + e.repr(rest)
		})
	}
	for i := prefix; i < len(inst.Arr); i++ {
		if err := e.descendIndex(kw.sub, &inst.Arr[i], i); err != nil {
			return err
		}
	}
	return nil
}

// additionalItems is the pre-2020 keyword: it applies only beside an array
// "items" (when "items" is absent or a schema object it does nothing).
func (e *evaluator) additionalItems(n *node, kw *keyword, inst *jsonval.Value) error {
	items, ok := n.raw.Get("items")
	if !ok || items.Kind == jsonval.Object || items.Kind != jsonval.Array {
		return nil
	}
	head := len(items.Arr)
	if kw.val.Kind == jsonval.Object {
		for i := head; i < len(inst.Arr); i++ {
			if err := e.descendIndex(kw.sub, &inst.Arr[i], i); err != nil {
				return err
			}
		}
		return nil
	}
	if kw.val.Kind == jsonval.Bool && !kw.val.B && len(inst.Arr) > head {
		return e.fail(func() string {
			reprs := make([]string, len(inst.Arr)-head)
			for i := range reprs {
				reprs[i] = e.repr(inst.Arr[head+i])
			}
			return "Additional items are not allowed (" + extrasMsg(reprs) + " unexpected)"
		})
	}
	return nil
}

// contains is the Draft 2019-09 keyword with minContains / maxContains.
func (e *evaluator) contains(n *node, kw *keyword, inst *jsonval.Value) error {
	minC := jsonval.NewInt(1)
	if v, ok := n.raw.Get("minContains"); ok && v.IsNumber() {
		minC = v
	}
	maxC := jsonval.NewInt(int64(len(inst.Arr)))
	if v, ok := n.raw.Get("maxContains"); ok && v.IsNumber() {
		maxC = v
	}
	matches := 0
	for i := range inst.Arr {
		if !e.isValid(kw.sub, &inst.Arr[i]) {
			continue
		}
		matches++
		if greaterThan(matches, maxC) {
			return e.fail(func() string {
				return "Too many items match the given schema (expected at most " + e.repr(maxC) + ")"
			})
		}
	}
	if !lessThan(matches, minC) {
		return nil
	}
	if matches == 0 {
		return e.fail(func() string { return e.repr(*inst) + " does not contain items matching the given schema" })
	}
	return e.fail(func() string {
		return "Too few items match the given schema (expected at least " + e.repr(minC) +
			" but only " + strconv.Itoa(matches) + " matched)"
	})
}

func (e *evaluator) stringKeyword(kw *keyword, inst *jsonval.Value) error {
	switch kw.id {
	case kwMinLength:
		// Python's len counts code points.
		if lessThan(utf8.RuneCountInString(inst.S), kw.val) {
			return e.fail(e.sizeMessage(*inst, kw.val, 1, "should be non-empty", "is too short"))
		}
	case kwMaxLength:
		if greaterThan(utf8.RuneCountInString(inst.S), kw.val) {
			return e.fail(e.sizeMessage(*inst, kw.val, 0, "is expected to be empty", "is too long"))
		}
	case kwPattern:
		if !kw.re.MatchString(inst.S) {
			return e.fail(func() string { return e.repr(*inst) + " does not match " + e.repr(kw.val) })
		}
	}
	return nil
}

func (e *evaluator) numberKeyword(n *node, kw *keyword, inst *jsonval.Value) error {
	if !kw.val.IsNumber() {
		return nil
	}
	c, ok := cmpNum(*inst, kw.val)
	switch kw.id {
	case kwMinimum:
		if ok && c < 0 {
			return e.bound(inst, kw, "less than the minimum of")
		}
	case kwMaximum:
		if ok && c > 0 {
			return e.bound(inst, kw, "greater than the maximum of")
		}
	case kwExclusiveMinimum:
		if ok && c <= 0 {
			return e.bound(inst, kw, "less than or equal to the minimum of")
		}
	case kwExclusiveMaximum:
		if ok && c >= 0 {
			return e.bound(inst, kw, "greater than or equal to the maximum of")
		}
	case kwMinimumDraft4:
		if truthy(n.raw, "exclusiveMinimum") {
			if ok && c <= 0 {
				return e.bound(inst, kw, "less than or equal to the minimum of")
			}
		} else if ok && c < 0 {
			return e.bound(inst, kw, "less than the minimum of")
		}
	case kwMaximumDraft4:
		if truthy(n.raw, "exclusiveMaximum") {
			if ok && c >= 0 {
				return e.bound(inst, kw, "greater than or equal to the maximum of")
			}
		} else if ok && c > 0 {
			return e.bound(inst, kw, "greater than the maximum of")
		}
	case kwMultipleOf:
		if notMultipleOf(*inst, kw.val) {
			return e.fail(func() string { return e.repr(*inst) + " is not a multiple of " + e.repr(kw.val) })
		}
	}
	return nil
}

// bound returns the error of a violated numeric bound; cmp words the
// comparison. (A method rather than a closure over inst, so that a passing
// value costs nothing.)
func (e *evaluator) bound(inst *jsonval.Value, kw *keyword, cmp string) error {
	return e.fail(func() string { return e.repr(*inst) + " is " + cmp + " " + e.repr(kw.val) })
}

// truthy reports whether the schema member key is present and true.
func truthy(schema jsonval.Value, key string) bool {
	v, ok := schema.Get(key)
	return ok && v.Kind == jsonval.Bool && v.B
}
