package annotate

import "github.com/objectaligner/oagen/jsonval"

// Infer returns a plain JSON Schema that every one of the values satisfies:
// the kinds seen at each place ("integer" when every number there is in
// integer form), object members in order of first appearance, array
// elements merged into one "items" schema. It adds no "required" and no
// Object Aligner keyword. An array that is empty in every value gets
// string elements.
func Infer(values []jsonval.Value) jsonval.Value {
	s := infer(values, 0)
	return jsonval.NewObject(append([]jsonval.Member{{Key: "$schema", Value: jsonval.NewString("https://json-schema.org/draft/2020-12/schema")}}, s.Obj...))
}

func infer(values []jsonval.Value, depth int) jsonval.Value {
	var kinds [7]bool
	var objs, elems []jsonval.Value
	for _, v := range values {
		if int(v.Kind) < len(kinds) {
			kinds[v.Kind] = true
		}
		switch v.Kind {
		case jsonval.Object:
			objs = append(objs, v)
		case jsonval.Array:
			elems = append(elems, v.Arr...)
		}
	}
	var types []string
	if kinds[jsonval.Object] {
		types = append(types, "object")
	}
	if kinds[jsonval.Array] {
		types = append(types, "array")
	}
	if kinds[jsonval.String] {
		types = append(types, "string")
	}
	switch {
	case kinds[jsonval.Float]:
		types = append(types, "number")
	case kinds[jsonval.Int]:
		types = append(types, "integer")
	}
	if kinds[jsonval.Bool] {
		types = append(types, "boolean")
	}
	if kinds[jsonval.Null] || len(types) == 0 {
		types = append(types, "null")
	}
	var members []jsonval.Member
	if len(types) == 1 {
		members = append(members, jsonval.Member{Key: "type", Value: jsonval.NewString(types[0])})
	} else {
		arr := make([]jsonval.Value, len(types))
		for i, t := range types {
			arr[i] = jsonval.NewString(t)
		}
		members = append(members, jsonval.Member{Key: "type", Value: jsonval.NewArray(arr)})
	}
	if depth > 200 {
		return jsonval.NewObject(members)
	}
	if len(objs) > 0 {
		var names []string
		byName := map[string][]jsonval.Value{}
		for _, o := range objs {
			for _, m := range o.Obj {
				if _, ok := byName[m.Key]; !ok {
					names = append(names, m.Key)
				}
				byName[m.Key] = append(byName[m.Key], m.Value)
			}
		}
		props := make([]jsonval.Member, len(names))
		for i, n := range names {
			props[i] = jsonval.Member{Key: n, Value: infer(byName[n], depth+1)}
		}
		members = append(members, jsonval.Member{Key: "properties", Value: jsonval.NewObject(props)})
	}
	if kinds[jsonval.Array] {
		items := jsonval.NewObject([]jsonval.Member{{Key: "type", Value: jsonval.NewString("string")}})
		if len(elems) > 0 {
			items = infer(elems, depth+1)
		}
		members = append(members, jsonval.Member{Key: "items", Value: items})
	}
	return jsonval.NewObject(members)
}
