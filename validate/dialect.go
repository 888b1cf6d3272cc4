package validate

import "strings"

// kwID identifies a keyword the ordered evaluator mirrors. Several IDs share a
// keyword name where Python jsonschema implements it differently per draft.
type kwID uint8

const (
	kwRef kwID = iota + 1
	kwDynamicRef
	kwRecursiveRef
	kwAdditionalItems
	kwAdditionalProperties
	kwAllOf
	kwAnyOf
	kwConst
	kwContains       // Draft 2019-09 and later: minContains / maxContains
	kwContainsLegacy // Drafts 6 and 7
	kwDependencies   // Drafts 4, 6 and 7
	kwDependentRequired
	kwDependentSchemas
	kwEnum
	kwExclusiveMaximum
	kwExclusiveMinimum
	kwIf
	kwItems       // Draft 2020-12: the tail after prefixItems
	kwItemsLegacy // Drafts 6, 7 and 2019-09: a schema for all items, or an array of schemas
	kwItemsDraft4 // Draft 4: as kwItemsLegacy, but only an object is "a schema for all items"
	kwMaxItems
	kwMaxLength
	kwMaxProperties
	kwMaximum
	kwMaximumDraft4 // Draft 4: boolean exclusiveMaximum beside it
	kwMinItems
	kwMinLength
	kwMinProperties
	kwMinimum
	kwMinimumDraft4 // Draft 4: boolean exclusiveMinimum beside it
	kwMultipleOf
	kwNot
	kwOneOf
	kwPattern
	kwPatternProperties
	kwPrefixItems
	kwProperties
	kwPropertyNames
	kwRequired
	kwType
	kwUniqueItems
	kwUnevaluatedItems // Draft 2020-12
	kwUnevaluatedItems2019
	kwUnevaluatedProperties // Draft 2020-12
	kwUnevaluatedProperties2019
)

// dialect is the keyword table of one JSON Schema draft as Python jsonschema
// 4.x defines its validator class. Keywords outside the table (the OA keywords,
// annotations, and "format", which asserts nothing by default) are skipped.
type dialect struct {
	name string
	// legacyRef: a "$ref" makes its sibling keywords ignored (Drafts 4–7).
	legacyRef bool
	// idKey names the identifier keyword ("id" in Draft 4).
	idKey string
	// idAnchors: a fragment in the identifier declares a plain-name anchor
	// (Drafts 4–7); later drafts use "$anchor" / "$dynamicAnchor".
	idAnchors bool
	kw        map[string]kwID
}

// common4 holds the keywords every supported draft shares with Draft 4.
func common4() map[string]kwID {
	return map[string]kwID{
		"$ref":                 kwRef,
		"additionalProperties": kwAdditionalProperties,
		"allOf":                kwAllOf,
		"anyOf":                kwAnyOf,
		"enum":                 kwEnum,
		"maxItems":             kwMaxItems,
		"maxLength":            kwMaxLength,
		"maxProperties":        kwMaxProperties,
		"minItems":             kwMinItems,
		"minLength":            kwMinLength,
		"minProperties":        kwMinProperties,
		"multipleOf":           kwMultipleOf,
		"not":                  kwNot,
		"oneOf":                kwOneOf,
		"pattern":              kwPattern,
		"patternProperties":    kwPatternProperties,
		"properties":           kwProperties,
		"required":             kwRequired,
		"type":                 kwType,
		"uniqueItems":          kwUniqueItems,
	}
}

func with(m map[string]kwID, kv map[string]kwID, drop ...string) map[string]kwID {
	for k, v := range kv {
		m[k] = v
	}
	for _, k := range drop {
		delete(m, k)
	}
	return m
}

func draft4() *dialect {
	return &dialect{name: "draft-04", legacyRef: true, idKey: "id", idAnchors: true,
		kw: with(common4(), map[string]kwID{
			"additionalItems": kwAdditionalItems,
			"dependencies":    kwDependencies,
			"items":           kwItemsDraft4,
			"maximum":         kwMaximumDraft4,
			"minimum":         kwMinimumDraft4,
		})}
}

func draft6Keywords() map[string]kwID {
	return with(common4(), map[string]kwID{
		"additionalItems":  kwAdditionalItems,
		"const":            kwConst,
		"contains":         kwContainsLegacy,
		"dependencies":     kwDependencies,
		"exclusiveMaximum": kwExclusiveMaximum,
		"exclusiveMinimum": kwExclusiveMinimum,
		"items":            kwItemsLegacy,
		"maximum":          kwMaximum,
		"minimum":          kwMinimum,
		"propertyNames":    kwPropertyNames,
	})
}

func draft6() *dialect {
	return &dialect{name: "draft-06", legacyRef: true, idKey: "$id", idAnchors: true, kw: draft6Keywords()}
}

func draft7() *dialect {
	return &dialect{name: "draft-07", legacyRef: true, idKey: "$id", idAnchors: true,
		kw: with(draft6Keywords(), map[string]kwID{"if": kwIf})}
}

func draft2019Keywords() map[string]kwID {
	return with(draft6Keywords(), map[string]kwID{
		"contains":          kwContains,
		"dependentRequired": kwDependentRequired,
		"dependentSchemas":  kwDependentSchemas,
		"if":                kwIf,
	}, "dependencies")
}

func draft2019() *dialect {
	return &dialect{name: "draft/2019-09", idKey: "$id",
		kw: with(draft2019Keywords(), map[string]kwID{
			"$recursiveRef":         kwRecursiveRef,
			"unevaluatedItems":      kwUnevaluatedItems2019,
			"unevaluatedProperties": kwUnevaluatedProperties2019,
		})}
}

func draft2020() *dialect {
	return &dialect{name: "draft/2020-12", idKey: "$id",
		kw: with(draft2019Keywords(), map[string]kwID{
			"$dynamicRef":           kwDynamicRef,
			"items":                 kwItems,
			"prefixItems":           kwPrefixItems,
			"unevaluatedItems":      kwUnevaluatedItems,
			"unevaluatedProperties": kwUnevaluatedProperties,
		}, "additionalItems")}
}

// dialects maps each supported "$schema" URI, without a trailing "#", to its
// dialect constructor.
var dialects = map[string]func() *dialect{
	"http://json-schema.org/draft-04/schema":       draft4,
	"http://json-schema.org/draft-06/schema":       draft6,
	"http://json-schema.org/draft-07/schema":       draft7,
	"https://json-schema.org/draft/2019-09/schema": draft2019,
	"https://json-schema.org/draft/2020-12/schema": draft2020,
}

// dialectSet holds one instance of every dialect for one compiled tree, so
// nodes can share them by pointer.
type dialectSet map[string]*dialect

// lookup returns the dialect a "$schema" value names, or nil when it names
// none oagen supports.
func (s dialectSet) lookup(uri string) *dialect {
	key := strings.TrimSuffix(uri, "#")
	if strings.HasPrefix(key, "https://json-schema.org/draft-0") {
		key = "http://" + strings.TrimPrefix(key, "https://")
	}
	if d, ok := s[key]; ok {
		return d
	}
	mk, ok := dialects[key]
	if !ok {
		return nil
	}
	d := mk()
	s[key] = d
	return d
}
