"""Generates ../python_cases_gen_test.go: the first error Python's jsonschema
reports for each case, which the Go tests require Validate to reproduce.

Run from validate/testdata with a Python that has jsonschema installed:
    python3 python_cases.py > ../python_cases_gen_test.go && gofmt -w ../python_cases_gen_test.go
"""
import json, unicodedata, jsonschema
from jsonschema.validators import validator_for
cases = [
 # name, schema, instance
 ("type string", {"type":"integer"}, "x"),
 ("type null", {"type":"string"}, None),
 ("type zero", {"type":"string"}, 0),
 ("type list", {"type":"number"}, [-0.8]),
 ("type empty string", {"type":"object"}, ""),
 ("type union", {"type":["integer","null"]}, "x"),
 ("type bool not number", {"type":"number"}, True),
 ("type bool not integer", {"type":"integer"}, False),
 ("type float integral ok then enum", {"type":"integer","enum":[1]}, 5.0),
 ("type float not integer", {"type":"integer"}, 1.5),
 ("type big float", {"type":"string"}, 1e16),
 ("type object repr", {"type":"array"}, {"id": 6, "name": "Eve", "role": "Intern"}),
 ("enum", {"enum":["Manager","Engineer","Intern"]}, "Boss"),
 ("enum mixed", {"enum":[1, None, True, {"a": [1.5]}]}, 2),
 ("enum bool vs int", {"enum":[1]}, True),
 ("enum int vs float ok", {"enum":[1.0], "type":"string"}, 1),
 ("const", {"const":"a"}, "b"),
 ("const object", {"const":{"a":1}}, {"a":2}),
 ("const false vs 0", {"const":False}, 0),
 ("required", {"required":["name","age"]}, {"name":"x"}),
 ("required order", {"required":["b","a"]}, {}),
 ("required non-object ignored", {"required":["a"], "type":"string"}, 5),
 ("additionalProperties one", {"properties":{"a":{}},"additionalProperties":False}, {"a":1,"z":2}),
 ("additionalProperties many sorted", {"properties":{"a":{}},"additionalProperties":False}, {"b":1,"a":1,"B":2,"é":3}),
 ("additionalProperties patterns", {"patternProperties":{"^x":{}, "^a":{}},"additionalProperties":False}, {"xa":1,"q":2}),
 ("additionalProperties patterns many", {"patternProperties":{"^x":{}},"additionalProperties":False}, {"xa":1,"r":2,"q":3}),
 ("additionalProperties schema", {"properties":{"a":{}},"additionalProperties":{"type":"string"}}, {"a":1,"b":"x","c":3}),
 ("minItems", {"minItems":2}, [1]),
 ("minItems one", {"minItems":1}, []),
 ("maxItems", {"maxItems":2}, [1,2,3]),
 ("maxItems zero", {"maxItems":0}, [1]),
 ("minLength", {"minLength":2}, "a"),
 ("minLength one", {"minLength":1}, ""),
 ("minLength code points", {"minLength":3}, "né"),
 ("maxLength", {"maxLength":2}, "abc"),
 ("maxLength zero", {"maxLength":0}, "a"),
 ("minimum", {"minimum":5}, 3),
 ("minimum float", {"minimum":5.5}, 3),
 ("maximum", {"maximum":5}, 9),
 ("maximum float inst", {"maximum":5}, 9.25),
 ("exclusiveMinimum", {"exclusiveMinimum":5}, 5),
 ("exclusiveMaximum", {"exclusiveMaximum":5}, 5.0),
 ("minimum big int exact", {"minimum":9007199254740993}, 9007199254740992.0),
 ("multipleOf int", {"multipleOf":3}, 7),
 ("multipleOf float", {"multipleOf":0.5}, 0.75),
 ("multipleOf float inst int divisor", {"multipleOf":2}, 3.5),
 ("pattern", {"pattern":"^x"}, "abc"),
 ("pattern quote", {"pattern":"^'"}, "it's"),
 ("uniqueItems", {"uniqueItems":True}, [1,1]),
 ("uniqueItems int float", {"uniqueItems":True}, [1,1.0]),
 ("uniqueItems objects", {"uniqueItems":True}, [{"a":1,"b":2},{"b":2,"a":1}]),
 ("minProperties", {"minProperties":2}, {"a":1}),
 ("minProperties one", {"minProperties":1}, {}),
 ("maxProperties", {"maxProperties":1}, {"a":1,"b":2}),
 ("maxProperties zero", {"maxProperties":0}, {"a":1}),
 ("properties schema order", {"properties":{"b":{"type":"string"},"a":{"type":"string"}}}, {"a":1,"b":2}),
 ("properties nested path", {"properties":{"a/b":{"properties":{"c~d":{"type":"string"}}}}}, {"a/b":{"c~d":1}}),
 ("items", {"items":{"type":"string"}}, ["a",2,3]),
 ("prefixItems", {"prefixItems":[{"type":"string"},{"type":"integer"}]}, ["a","b"]),
 ("prefixItems then items", {"prefixItems":[{"type":"string"}],"items":{"type":"integer"}}, ["a",1,"x"]),
 ("items false one", {"prefixItems":[{}],"items":False}, [1,2]),
 ("items false many", {"prefixItems":[{},{}],"items":False}, [1,2,3,4]),
 ("items false no prefix", {"items":False}, [1]),
 ("ref", {"$defs":{"s":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/s"}}}, {"a":1}),
 ("ref order before type", {"$defs":{"s":{"minLength":3}},"$ref":"#/$defs/s","type":"integer"}, "x"),
 ("ref order after type", {"$defs":{"s":{"minLength":3}},"type":"integer","$ref":"#/$defs/s"}, "x"),
 ("ref recursive", {"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#"}},"name":{"type":"string"}}}, {"children":[{"name":"a"},{"children":[{"name":3}]}]}),
 ("ref anchor", {"$defs":{"s":{"$anchor":"str","type":"string"}},"items":{"$ref":"#str"}}, [1]),
 ("ref id", {"$id":"https://example.com/root.json","$defs":{"s":{"$id":"s.json","type":"string"}},"items":{"$ref":"s.json"}}, [1]),
 ("ref escaped pointer", {"$defs":{"a/b":{"type":"string"},"c~d":{"type":"integer"}},"prefixItems":[{"$ref":"#/$defs/a~1b"},{"$ref":"#/$defs/c~0d"}]}, ["x","y"]),
 ("ref definitions", {"definitions":{"s":{"type":"string"}},"$ref":"#/definitions/s"}, 1),
 ("anyOf", {"anyOf":[{"type":"string"},{"type":"integer"}]}, 1.5),
 ("anyOf valid", {"anyOf":[{"type":"string"},{"type":"integer"}],"minimum":3}, 1),
 ("oneOf none", {"oneOf":[{"type":"string"},{"type":"integer"}]}, None),
 ("oneOf many", {"oneOf":[{"type":"integer"},{"minimum":0},{"maximum":9}]}, 1),
 ("allOf", {"allOf":[{"type":"integer"},{"minimum":3}]}, 1),
 ("not", {"not":{"type":"integer"}}, 1),
 ("not bool", {"not":True}, 1),
 ("dependentRequired", {"dependentRequired":{"a":["b","c"]}}, {"a":1,"b":2}),
 ("dependentSchemas", {"dependentSchemas":{"a":{"required":["q"]}}}, {"a":1}),
 ("propertyNames", {"propertyNames":{"maxLength":2}}, {"ab":1,"abc":2}),
 ("propertyNames pattern", {"propertyNames":{"pattern":"^[a-z]+$"}}, {"ok":1,"Bad":2}),
 ("if then", {"if":{"type":"integer"},"then":{"minimum":3},"else":{"type":"string"}}, 1),
 ("if else", {"if":{"type":"integer"},"then":{"minimum":3},"else":{"type":"string"}}, None),
 ("contains none", {"contains":{"type":"string"}}, [1,2]),
 ("contains too few", {"contains":{"type":"string"},"minContains":2}, ["a",1]),
 ("contains too many", {"contains":{"type":"string"},"maxContains":1}, ["a","b"]),
 ("false schema", {"properties":{"a":False}}, {"a":1}),
 ("false root", False, {"a": "x"}),
 ("patternProperties", {"patternProperties":{"^a":{"type":"string"},"b$":{"type":"integer"}}}, {"ab":"x","cb":"y"}),
 ("unknown keywords ignored", {"type":"object","score":"jaro","keyScore":"exact","threshold":0.5,"nullScore":1,"keyThreshold":0.2,"keyImportance":0.5,"valueImportance":1,"valueWeight":2,"prefixWeights":[1],"prefixImportance":1,"restImportance":1,"order":"align","ignoreExcess":True,"ignoreMissing":False,"idScope":"person","ref":"person","required":["x"]}, {}),
 ("format annotation", {"format":"email","maxLength":1}, "not an email"),
 ("deep path", {"properties":{"a":{"items":{"properties":{"b":{"prefixItems":[{},{"enum":["x"]}]}}}}}}, {"a":[{}, {"b":[0,"y"]}]}),
 ("draft7 ref siblings ignored", {"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"s":{"type":"string"}},"$ref":"#/definitions/s","minimum":100}, 5),
 ("draft7 items array", {"$schema":"http://json-schema.org/draft-07/schema#","items":[{"type":"string"}],"additionalItems":False}, ["a",1,2]),
 ("draft7 additionalItems schema", {"$schema":"http://json-schema.org/draft-07/schema#","items":[{}],"additionalItems":{"type":"string"}}, [1,2]),
 ("draft7 dependencies", {"$schema":"http://json-schema.org/draft-07/schema#","dependencies":{"a":["b"]}}, {"a":1}),
 ("draft7 contains", {"$schema":"http://json-schema.org/draft-07/schema#","contains":{"type":"string"}}, [1]),
 ("draft4 exclusive bool", {"$schema":"http://json-schema.org/draft-04/schema#","minimum":5,"exclusiveMinimum":True}, 5),
 ("draft4 maximum", {"$schema":"http://json-schema.org/draft-04/schema#","maximum":5}, 6),
 ("draft2019 items array", {"$schema":"https://json-schema.org/draft/2019-09/schema","items":[{"type":"string"}]}, [1]),
 ("repr strings", {"type":"integer"}, "tab\there 'q' \"d\" \u00e9 \u200d"),
 ("unevaluatedProperties false", {"properties":{"a":{}},"unevaluatedProperties":False}, {"a":1,"z":2,"b":3}),
 ("unevaluatedProperties schema", {"properties":{"a":{}},"unevaluatedProperties":{"type":"string"}}, {"z":1,"a":1,"y":"ok","b":3}),
 ("unevaluatedProperties via allOf", {"allOf":[{"properties":{"a":{}}}],"unevaluatedProperties":False}, {"a":1,"b":2}),
 ("unevaluatedProperties via ref", {"$defs":{"d":{"properties":{"a":{}}}},"$ref":"#/$defs/d","unevaluatedProperties":False}, {"a":1,"c":2}),
 ("unevaluatedProperties if then", {"if":{"properties":{"t":{"const":1}}},"then":{"properties":{"x":{}}},"else":{"properties":{"y":{}}},"unevaluatedProperties":False}, {"t":1,"x":1,"y":2}),
 ("unevaluatedProperties patterns dependent", {"patternProperties":{"^p":{}},"dependentSchemas":{"d":{"properties":{"e":{}}}},"unevaluatedProperties":False}, {"p1":1,"d":1,"e":2,"f":3}),
 ("unevaluatedItems false", {"prefixItems":[{}],"unevaluatedItems":False}, [1,2,3]),
 ("unevaluatedItems contains", {"contains":{"type":"string"},"unevaluatedItems":False}, ["a",2,"b",4]),
 ("unevaluatedItems anyOf", {"anyOf":[{"prefixItems":[{},{}]},{"type":"string"}],"unevaluatedItems":{"type":"integer"}}, [1,2,3,"x"]),
 ("2019 unevaluatedProperties", {"$schema":"https://json-schema.org/draft/2019-09/schema","properties":{"a":{}},"unevaluatedProperties":False}, {"a":1,"b":2}),
 ("2019 unevaluatedItems", {"$schema":"https://json-schema.org/draft/2019-09/schema","items":[{}],"unevaluatedItems":False}, [1,2]),
 ("false item", {"prefixItems":[{},False]}, [1,2]),
 ("false nested", {"properties":{"a":{"properties":{"b":False}}}}, {"a":{"b":1}}),
 ("false in allOf", {"allOf":[True,False]}, 1),
 ("oneOf bool", {"oneOf":[True,{"type":"integer"}]}, 1),
 ("dynamicRef", {"$dynamicAnchor":"n","type":"object","properties":{"c":{"$dynamicRef":"#n"}}}, {"c":{"c":1}}),
 ("additionalProperties after properties error order", {"additionalProperties":False,"properties":{"a":{"type":"string"}}}, {"a":1,"b":2}),
 ("properties before required", {"properties":{"a":{"type":"string"}},"required":["b"]}, {"a":1}),
 ("required before properties", {"required":["b"],"properties":{"a":{"type":"string"}}}, {"a":1}),
 ("minimum neg float repr", {"minimum":0}, -0.0001),
 ("maximum big int", {"maximum":10}, 123456789012345678901234567890),
 ("enum nested", {"enum":[[1,{"a":None}]]}, [1,{"a":False}]),
 ("repr float", {"type":"string"}, 1e-05),
]

HEADER = """// Code generated by testdata/python_cases.py with Python jsonschema %s; DO NOT EDIT.

package validate

// pythonCases hold the first error Python's jsonschema yields for each schema
// and instance: next(validator_for(schema, default=Draft202012Validator)(schema)
// .iter_errors(inst)), with the path as [str(p) for p in error.absolute_path].
// Each instance is invalid under santhosh too, so Validate must report exactly
// this error.
var pythonCases = []struct {
	name, schema, inst string
	path               []string
	msg                string
}{
"""

def json_text(v):
    """JSON text of v with every Unicode format character (category Cf) as a
    JSON escape, so that the Go source shows it (staticcheck ST1018)."""
    return "".join(json.dumps(c)[1:-1] if unicodedata.category(c) == "Cf" else c
                   for c in json.dumps(v, ensure_ascii=False))


def main():
    from importlib.metadata import version
    lines = [HEADER % version("jsonschema")]
    for name, schema, inst in cases:
        cls = validator_for(schema, default=jsonschema.Draft202012Validator)
        e = next(cls(schema).iter_errors(inst), None)
        assert e is not None, name
        s = json_text(schema)
        i = json_text(inst)
        assert "`" not in s + i, name
        path = [str(p) for p in e.absolute_path]
        p = "nil" if not path else "[]string{" + ", ".join(json.dumps(x, ensure_ascii=False) for x in path) + "}"
        lines.append("\t{%s, `%s`, `%s`, %s, %s},\n" % (json.dumps(name), s, i, p, json.dumps(e.message, ensure_ascii=False)))
    lines.append("}\n")
    print("".join(lines), end="")


if __name__ == "__main__":
    main()
