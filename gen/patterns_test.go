package gen

import (
	"math"
	"testing"
)

// TestIssuePatterns: every schema pattern of the user-schema work (unions
// with and without type, nested, through $ref, with const or enum tags or
// a discriminator; maps by additionalProperties, patternProperties and
// schema-less objects; allOf wrappers and merges, enum/const without type,
// {}, a root without type, $anchor, $dynamicRef, draft-07 definitions,
// dependencies and array-form items, OpenAPI nullable; defaults and
// absentAsDefault; uniqueItems; "type" lists with containers) is accepted
// by the compiler, gold scores exactly 1 against itself, oagen gen builds
// it, and the generated code scores as the interpreter.
func TestIssuePatterns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code")
	}
	nan := math.NaN()
	agreeOnCases(t, []schemaCase{
		// anyof_objects
		{`{"type":"object","properties":{"v":{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false},{"type":"object","properties":{"b":{"type":"integer"}},"required":["b"],"additionalProperties":false}]}}}`, []pairCase{{`{"v":{"b":2}}`, `{"v":{"b":2}}`, 1}, {`{"v":{"b":2}}`, `{"v":{"a":"x"}}`, nan}}},
		// oneof_disc
		{`{"type":"object","properties":{"pet":{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"discriminator":{"propertyName":"t"}}},"$defs":{"Cat":{"type":"object","properties":{"t":{"const":"cat"},"m":{"type":"integer"}}},"Dog":{"type":"object","properties":{"t":{"const":"dog"},"b":{"type":"number"}}}}}`, []pairCase{{`{"pet":{"t":"dog","b":1.5}}`, `{"pet":{"t":"dog","b":1.5}}`, 1}, {`{"pet":{"t":"dog","b":1.5}}`, `{"pet":{"t":"dog","b":2}}`, nan}}},
		// enum_tags
		{`{"type":"object","properties":{"s":{"anyOf":[{"type":"object","properties":{"k":{"enum":["a","b"]},"x":{"type":"string"}},"required":["k"]},{"type":"object","properties":{"k":{"enum":["c"]},"y":{"type":"integer"}},"required":["k"]}]}}}`, []pairCase{{`{"s":{"k":"c","y":1}}`, `{"s":{"k":"c","y":1}}`, 1}, {`{"s":{"k":"c","y":1}}`, `{"s":{"k":"a","x":"q"}}`, nan}}},
		// nested_union
		{`{"anyOf":[{"anyOf":[{"type":"string"},{"type":"integer"}]},{"type":"array","items":{"type":"string"}},{"type":"null"}]}`, []pairCase{{`["a","b"]`, `["a","b"]`, 1}, {`["a","b"]`, `["a"]`, nan}}},
		// union_ref
		{`{"$defs":{"U":{"anyOf":[{"type":"string"},{"type":"object","properties":{"q":{"type":"number"}}}]}},"type":"array","items":{"$ref":"#/$defs/U"}}`, []pairCase{{`["x",{"q":1}]`, `["x",{"q":1}]`, 1}, {`["x",{"q":1}]`, `[{"q":2},"x"]`, nan}}},
		// typed_union
		{`{"type":"object","anyOf":[{"properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"b":{"type":"string"}},"required":["b"]}]}`, []pairCase{{`{"a":"x"}`, `{"a":"x"}`, 1}, {`{"a":"x"}`, `{"a":"y"}`, nan}}},
		// map_ap
		{`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"integer"}}}}`, []pairCase{{`{"m":{"a":1,"b":2}}`, `{"m":{"a":1,"b":2}}`, 1}, {`{"m":{"a":1,"b":2}}`, `{"m":{"a":1,"c":2}}`, nan}}},
		// map_pp
		{`{"type":"object","patternProperties":{"^x":{"type":"string"}},"additionalProperties":false}`, []pairCase{{`{"x1":"a","x2":"b"}`, `{"x1":"a","x2":"b"}`, 1}, {`{"x1":"a","x2":"b"}`, `{"x1":"a","x3":"b"}`, nan}}},
		// map_schemaless
		{`{"type":"object","properties":{"meta":{"type":"object"},"extra":{"type":"object","additionalProperties":true}}}`, []pairCase{{`{"meta":{"a":[1,{"b":2}]},"extra":{"z":null}}`, `{"meta":{"a":[1,{"b":2}]},"extra":{"z":null}}`, 1}, {`{"meta":{"a":[1,{"b":2}]},"extra":{"z":null}}`, `{"meta":{"a":[1,{"b":3}]},"extra":{}}`, nan}}},
		// allof_one
		{`{"type":"object","properties":{"a":{"allOf":[{"$ref":"#/$defs/A"}],"description":"wrapped"}},"$defs":{"A":{"type":"object","properties":{"x":{"type":"string"}}}}}`, []pairCase{{`{"a":{"x":"s"}}`, `{"a":{"x":"s"}}`, 1}, {`{"a":{"x":"s"}}`, `{"a":{"x":"t"}}`, nan}}},
		// allof_merge
		{`{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"integer"}}}]}`, []pairCase{{`{"a":"s","b":2}`, `{"a":"s","b":2}`, 1}, {`{"a":"s","b":2}`, `{"a":"s","b":3}`, nan}}},
		// enum_notype
		{`{"type":"object","properties":{"e":{"enum":["x","y"]},"c":{"const":3},"m":{"enum":[1,"a",null]}}}`, []pairCase{{`{"e":"x","c":3,"m":"a"}`, `{"e":"x","c":3,"m":"a"}`, 1}, {`{"e":"x","c":3,"m":"a"}`, `{"e":"y","c":3,"m":1}`, nan}}},
		// any
		{`{"type":"object","properties":{"v":{},"w":true}}`, []pairCase{{`{"v":{"a":[1]},"w":"s"}`, `{"v":{"a":[1]},"w":"s"}`, 1}, {`{"v":{"a":[1]},"w":"s"}`, `{"v":{"a":[2]},"w":"t"}`, nan}}},
		// root_notype
		{`{"properties":{"a":{"type":"string"}},"required":["a"]}`, []pairCase{{`{"a":"s"}`, `{"a":"s"}`, 1}, {`{"a":"s"}`, `{"a":"t"}`, nan}}},
		// anchor
		{`{"type":"object","properties":{"a":{"$ref":"#item"}},"$defs":{"I":{"$anchor":"item","type":"string"}}}`, []pairCase{{`{"a":"s"}`, `{"a":"s"}`, 1}, {`{"a":"s"}`, `{"a":"t"}`, nan}}},
		// dynref
		{`{"$schema":"https://json-schema.org/draft/2020-12/schema","$dynamicAnchor":"node","type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$dynamicRef":"#node"}}}}`, []pairCase{{`{"v":1,"kids":[{"v":2,"kids":[]}]}`, `{"v":1,"kids":[{"v":2,"kids":[]}]}`, 1}, {`{"v":1,"kids":[{"v":2,"kids":[]}]}`, `{"v":1,"kids":[{"v":3,"kids":[{"v":4,"kids":[]}]}]}`, nan}}},
		// draft07
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"P":{"type":"string"}},"properties":{"p":{"$ref":"#/definitions/P"},"t":{"type":"array","items":[{"type":"string"},{"type":"integer"}]},"q":{"type":"string"}},"dependencies":{"q":["p"]}}`, []pairCase{{`{"p":"a","t":["x",1],"q":"z"}`, `{"p":"a","t":["x",1],"q":"z"}`, 1}, {`{"p":"a","t":["x",1],"q":"z"}`, `{"p":"b","t":["x",2],"q":"z"}`, nan}}},
		// nullable
		{`{"type":"object","properties":{"n":{"type":"string","nullable":true}}}`, []pairCase{{`{"n":null}`, `{"n":null}`, 1}, {`{"n":null}`, `{"n":"x"}`, nan}}},
		// defaults
		{`{"type":"object","properties":{"snap":{"type":"integer","default":42},"size":{"anyOf":[{"type":"integer"},{"type":"null"}],"default":null}}}`, []pairCase{{`{"snap":42}`, `{"snap":42}`, 1}, {`{"snap":42}`, `{"size":null}`, nan}}},
		// absent_off
		{`{"type":"object","absentAsDefault":false,"properties":{"snap":{"type":"integer","default":42}}}`, []pairCase{{`{"snap":42}`, `{"snap":42}`, 1}, {`{"snap":42}`, `{}`, nan}}},
		// set
		{`{"type":"object","properties":{"s":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}`, []pairCase{{`{"s":["a","b","c"]}`, `{"s":["a","b","c"]}`, 1}, {`{"s":["a","b","c"]}`, `{"s":["c","b","a"]}`, nan}}},
		// typelist_containers
		{`{"type":"object","properties":{"r":{"type":["string","array"],"items":{"type":"string"}}}}`, []pairCase{{`{"r":["a"]}`, `{"r":["a"]}`, 1}, {`{"r":["a"]}`, `{"r":"a"}`, nan}}},
	})
}
