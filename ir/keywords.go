package ir

import (
	"slices"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/internal/suggest"
)

// oaKeywords are the Object Aligner keywords of docs/SCORING.md §2.1, in the order used
// to break ties between "did you mean" suggestions.
var oaKeywords = []string{
	"type", "score", "threshold", "nullScore", "properties",
	"keyScore", "keyThreshold", "keyImportance", "valueImportance", "valueWeight",
	"items", "prefixItems", "prefixWeights", "prefixImportance", "restImportance",
	"order", "ignoreExcess", "ignoreMissing", "idScope", "ref", "enum",
	"absentAsDefault",
}

// standardKeywords are JSON Schema keywords of every published draft plus the
// common OpenAPI additions. They are validation or annotation keywords for
// oagen (docs/SCORING.md §1.7, §9.5) and never trigger the misspelling check.
var standardKeywords = map[string]bool{
	"$schema": true, "$id": true, "id": true, "$ref": true, "$defs": true, "definitions": true,
	"$anchor": true, "$dynamicRef": true, "$dynamicAnchor": true, "$recursiveRef": true,
	"$recursiveAnchor": true, "$vocabulary": true, "$comment": true,
	"title": true, "description": true, "default": true, "examples": true, "example": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
	"const": true, "enum": true, "type": true,
	"multipleOf": true, "maximum": true, "exclusiveMaximum": true, "minimum": true, "exclusiveMinimum": true,
	"maxLength": true, "minLength": true, "pattern": true, "format": true,
	"contentEncoding": true, "contentMediaType": true, "contentSchema": true,
	"items": true, "prefixItems": true, "additionalItems": true, "unevaluatedItems": true,
	"contains": true, "minContains": true, "maxContains": true,
	"maxItems": true, "minItems": true, "uniqueItems": true,
	"properties": true, "patternProperties": true, "additionalProperties": true,
	"unevaluatedProperties": true, "propertyNames": true, "required": true,
	"maxProperties": true, "minProperties": true,
	"dependentRequired": true, "dependentSchemas": true, "dependencies": true,
	"allOf": true, "anyOf": true, "oneOf": true, "not": true, "if": true, "then": true, "else": true,
	"nullable": true, "discriminator": true, "xml": true, "externalDocs": true,
}

// isOAKeyword reports whether k is an Object Aligner keyword.
func isOAKeyword(k string) bool {
	for _, w := range oaKeywords {
		if w == k {
			return true
		}
	}
	return false
}

// misspelledKeyword returns the OA keyword that an unknown keyword k is most
// likely a misspelling of (internal/suggest: "idscope" and "valueWieght" are
// one edit away; short keywords such as "ref" accept one edit only, so "key"
// is not a misspelling), or "" when k looks like an intentional extension.
func misspelledKeyword(k string) string {
	if standardKeywords[k] || isOAKeyword(k) || strings.HasPrefix(k, "x-") {
		return ""
	}
	return suggest.Closest(k, oaKeywords)
}

// builtinComparators are the built-in comparator names per registry
// (docs/SCORING.md §3.2, §3.3), from align's table.
var builtinComparators = func() map[string][]string {
	out := map[string][]string{align.RegistryString: nil, align.RegistryNumber: nil, align.RegistryInteger: nil}
	for _, c := range align.BuiltinComparators() {
		out[c.Registry] = append(out[c.Registry], c.Name)
		if c.Registry == align.RegistryNumber {
			out[align.RegistryInteger] = append(out[align.RegistryInteger], c.Name)
		}
	}
	return out
}()

// typeNames are the JSON Schema type names with their TypeSet bits.
var typeNames = []struct {
	name string
	bit  TypeSet
}{
	{"null", TNull}, {"boolean", TBoolean}, {"integer", TInteger}, {"number", TNumber},
	{"string", TString}, {"array", TArray}, {"object", TObject},
}

// Keywords returns the Object Aligner keywords of docs/SCORING.md §2.1 in their
// suggestion tie-break order (package structtag reads the same keywords from
// Go struct tags and must reject and correct them the same way). The slice
// is a fresh copy.
func Keywords() []string { return slices.Clone(oaKeywords) }
