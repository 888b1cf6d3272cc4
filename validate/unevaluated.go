package validate

import (
	"sort"

	"github.com/objectaligner/oagen/jsonval"
)

// This file mirrors Python jsonschema's unevaluatedItems and
// unevaluatedProperties, including the way it finds the evaluated items and
// properties (_utils.find_evaluated_*_by_schema for Draft 2020-12 and the
// _legacy_keywords versions for Draft 2019-09), which differs from the
// specification's annotation model in places; santhosh still decides
// validity.

// find returns n's first keyword of the given kind, or nil.
func (n *node) find(id kwID) *keyword {
	for i := range n.kws {
		if n.kws[i].id == id {
			return &n.kws[i]
		}
	}
	return nil
}

// has reports whether the schema object n has the member key.
func (n *node) has(key string) bool {
	_, ok := n.raw.Get(key)
	return ok
}

func (e *evaluator) unevaluatedItems(n *node, kw *keyword, inst *jsonval.Value) error {
	seen := make([]bool, len(inst.Arr))
	e.evaluatedItems(n, inst, seen, kw.id == kwUnevaluatedItems2019)
	var reprs []string
	for i, ok := range seen {
		if !ok {
			reprs = append(reprs, e.repr(inst.Arr[i]))
		}
	}
	if len(reprs) == 0 {
		return nil
	}
	return e.fail(func() string { return "Unevaluated items are not allowed (" + extrasMsg(reprs) + " unexpected)" })
}

// evaluatedItems marks in seen the indexes of inst that the schema n
// evaluates, as find_evaluated_item_indexes_by_schema does.
func (e *evaluator) evaluatedItems(n *node, inst *jsonval.Value, seen []bool, legacy bool) {
	if n.raw.Kind != jsonval.Object {
		return
	}
	all := func() {
		for i := range seen {
			seen[i] = true
		}
	}
	upTo := func(k int) {
		for i := 0; i < k && i < len(seen); i++ {
			seen[i] = true
		}
	}
	if !legacy && n.has("items") {
		all()
		return
	}
	for _, id := range []kwID{kwRef, kwDynamicRef, kwRecursiveRef} {
		if kw := n.find(id); kw != nil {
			e.evaluatedItems(kw.sub, inst, seen, legacy)
		}
	}
	if legacy {
		if items, ok := n.raw.Get("items"); ok {
			if n.has("additionalItems") || items.Kind != jsonval.Array {
				all()
				return
			}
			upTo(len(items.Arr))
		}
	} else if p, ok := n.raw.Get("prefixItems"); ok {
		upTo(len(p.Arr))
	}
	if kw := n.find(kwIf); kw != nil {
		e.evaluatedIf(n, kw, inst, func(sub *node) { e.evaluatedItems(sub, inst, seen, legacy) })
	}
	for _, id := range []kwID{kwContains, kwUnevaluatedItems, kwUnevaluatedItems2019} {
		if kw := n.find(id); kw != nil {
			for i := range inst.Arr {
				if e.isValid(kw.sub, &inst.Arr[i]) {
					seen[i] = true
				}
			}
		}
	}
	e.evaluatedCombinators(n, inst, func(sub *node) { e.evaluatedItems(sub, inst, seen, legacy) })
}

// evaluatedIf applies f to the "if" schema and "then" when inst is valid
// under "if", else to "else".
func (e *evaluator) evaluatedIf(n *node, kw *keyword, inst *jsonval.Value, f func(*node)) {
	if e.isValid(kw.sub, inst) {
		f(kw.sub)
		if n.then != nil {
			f(n.then)
		}
	} else if n.els != nil {
		f(n.els)
	}
}

// evaluatedCombinators applies f to every allOf, oneOf and anyOf subschema
// under which inst is valid.
func (e *evaluator) evaluatedCombinators(n *node, inst *jsonval.Value, f func(*node)) {
	for _, id := range []kwID{kwAllOf, kwOneOf, kwAnyOf} {
		if kw := n.find(id); kw != nil {
			for _, sub := range kw.subs {
				if e.isValid(sub, inst) {
					f(sub)
				}
			}
		}
	}
}

func (e *evaluator) unevaluatedProperties(n *node, kw *keyword, inst *jsonval.Value) error {
	seen := map[string]bool{}
	e.evaluatedKeys(n, inst, seen, kw.id == kwUnevaluatedProperties2019)
	// Python appends a key once per error its value has under the
	// subschema; the evaluator finds first errors only, so it appends each
	// failing key once (exact for false, and for values with one error).
	var keys []string
	for i := range inst.Obj {
		m := &inst.Obj[i]
		if !seen[m.Key] && !e.isValid(kw.sub, &m.Value) {
			keys = append(keys, m.Key)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	isFalse := kw.val.Kind == jsonval.Bool && !kw.val.B
	return e.fail(func() string {
		if isFalse {
			sort.Strings(keys)
		}
		reprs := make([]string, len(keys))
		for i, k := range keys {
			reprs[i] = e.reprString(k)
		}
		if isFalse {
			return "Unevaluated properties are not allowed (" + extrasMsg(reprs) + " unexpected)"
		}
		return "Unevaluated properties are not valid under the given schema (" + extrasMsg(reprs) + " unevaluated and invalid)"
	})
}

// evaluatedKeys marks in seen the members of inst that the schema n
// evaluates, as find_evaluated_property_keys_by_schema does.
func (e *evaluator) evaluatedKeys(n *node, inst *jsonval.Value, seen map[string]bool, legacy bool) {
	if n.raw.Kind != jsonval.Object {
		return
	}
	recurse := func(sub *node) { e.evaluatedKeys(sub, inst, seen, legacy) }
	for _, id := range []kwID{kwRef, kwDynamicRef, kwRecursiveRef} {
		if kw := n.find(id); kw != nil {
			recurse(kw.sub)
		}
	}
	if legacy {
		// Draft 2019-09: true marks every member; an object marks the
		// members named by its own keys (for additionalProperties and
		// unevaluatedProperties too, which Python treats alike).
		for _, key := range []string{"properties", "additionalProperties", "unevaluatedProperties"} {
			v, ok := n.raw.Get(key)
			switch {
			case !ok:
			case v.Kind == jsonval.Bool && v.B:
				for _, m := range inst.Obj {
					seen[m.Key] = true
				}
			case v.Kind == jsonval.Object:
				for _, p := range v.Obj {
					if _, in := inst.Get(p.Key); in {
						seen[p.Key] = true
					}
				}
			}
		}
	} else {
		if props, ok := n.raw.Get("properties"); ok && props.Kind == jsonval.Object {
			for _, p := range props.Obj {
				if _, in := inst.Get(p.Key); in {
					seen[p.Key] = true
				}
			}
		}
		for _, id := range []kwID{kwAdditionalProperties, kwUnevaluatedProperties} {
			if kw := n.find(id); kw != nil {
				for i := range inst.Obj {
					m := &inst.Obj[i]
					if e.isValid(kw.sub, &m.Value) {
						seen[m.Key] = true
					}
				}
			}
		}
	}
	if kw := n.find(kwPatternProperties); kw != nil {
		for _, m := range inst.Obj {
			for _, p := range kw.named {
				if p.re.MatchString(m.Key) {
					seen[m.Key] = true
				}
			}
		}
	}
	if kw := n.find(kwDependentSchemas); kw != nil {
		for _, dep := range kw.named {
			if _, in := inst.Get(dep.name); in {
				recurse(dep.n)
			}
		}
	}
	e.evaluatedCombinators(n, inst, recurse)
	if kw := n.find(kwIf); kw != nil {
		e.evaluatedIf(n, kw, inst, recurse)
	}
}
