// Package bad holds one struct type per annotation error that oagen check
// must report (structtag's TestBadInputs).
package bad

import "encoding/json"

type UnknownKeyword struct {
	Name string `json:"name" oa:"scroe=exact"`
}

type UnknownKeywordFar struct {
	Name string `json:"name" oa:"colour=red"`
}

type UnknownComparator struct {
	Name string `json:"name" oa:"score=jaro_winkle"`
}

type ComparatorForType struct {
	Count int `json:"count" oa:"score=levenshtein"`
}

type RefNoScope struct {
	People []Person `json:"people" oa:"order=align"`
	Boss   string   `json:"boss" oa:"ref=persn"`
}

type Person struct {
	ID   string `json:"id" oa:"idScope=person"`
	Name string `json:"name" oa:"score=jaro_winkler"`
}

type ScopeCycle struct {
	As []A `json:"as" oa:"order=align"`
	Bs []B `json:"bs" oa:"order=align"`
}

type A struct {
	ID string `json:"id" oa:"idScope=a"`
	B  string `json:"b" oa:"ref=b"`
}

type B struct {
	ID string `json:"id" oa:"idScope=b"`
	A  string `json:"a" oa:"ref=a"`
}

type NegativeWeight struct {
	Name string `json:"name" oa:"valueWeight=-1"`
}

type ZeroWeights struct {
	Name string `json:"name" oa:"valueWeight=0"`
	Age  int    `json:"age" oa:"valueWeight=0"`
}

type ZeroImportance struct {
	_    struct{} `oa:"keyImportance=0,valueImportance=0"`
	Name string   `json:"name"`
}

type BothIgnores struct {
	Tags []string `json:"tags" oa:"ignoreExcess,ignoreMissing"`
}

type PrefixWeightsLength struct {
	Point [3]float64 `json:"point" oa:"prefixWeights=[1,2]"`
}

type PrefixWeightsZero struct {
	Point [2]float64 `json:"point" oa:"prefixWeights=[0,0]"`
}

type NullScoreRange struct {
	Note *string `json:"note" oa:"nullScore=1.5"`
}

type IDNotUnderArray struct {
	ID string `json:"id" oa:"idScope=doc"`
}

type MissingImportance struct {
	Steps []string `json:"steps" oa:"prefixItems=2"`
}

type TypeLess struct {
	Extra any `json:"extra"`
}

type UnknownOrder struct {
	Steps []string `json:"steps" oa:"order=alling"`
}

type UnknownKeyScore struct {
	Attrs map[string]string `json:"attrs" oa:"keyScore=jaor"`
}

type OrderOnString struct {
	Name string `json:"name" oa:"order=align"`
}

type ScoreOnStruct struct {
	Who Person `json:"who" oa:"score=exact"`
}

type KeyScoreOnString struct {
	Name string `json:"name" oa:"keyScore=exact"`
}

type TypeInTag struct {
	Name string `json:"name" oa:"type=integer"`
}

type BadNumber struct {
	Name string `json:"name" oa:"threshold=high"`
}

type Duplicate struct {
	Name string `json:"name" oa:"score=exact,score=jaro"`
}

type ElementWeight struct {
	Tags []string `json:"tags" oa:"items.valueWeight=2"`
}

type MarkerOrder struct {
	_    struct{} `oa:"order=align"`
	Name string   `json:"name"`
}

type NullableID struct {
	Items []NullableIDItem `json:"items"`
}

type NullableIDItem struct {
	ID *string `json:"id" oa:"idScope=item"`
}

type ScopeTwice struct {
	Xs []Person `json:"xs"`
	Ys []Person `json:"ys"`
}

type Marshaler struct {
	Raw json.RawMessage `json:"raw"`
}

type PrefixOnArray struct {
	Point [2]int `json:"point" oa:"prefixItems=1"`
}

type Unclosed struct {
	Point [2]int `json:"point" oa:"prefixWeights=[1,2"`
}

type ItemsOnString struct {
	Name string `json:"name" oa:"items.score=exact"`
}

type NegativePrefixWeight struct {
	Point [2]float64 `json:"point" oa:"prefixWeights=[1,-1]"`
}

type Channel struct {
	C chan int `json:"c"`
}

type ManyErrors struct {
	A string   `json:"a" oa:"scor=exact,threshold=x"`
	B int      `json:"b" oa:"score=jaro"`
	C []string `json:"c" oa:"ignoreExcess,ignoreMissing,order=random"`
}

type ThresholdRange struct {
	Name string `json:"name" oa:"threshold=1.5"`
}

type KeyThresholdRange struct {
	_    struct{} `oa:"keyThreshold=-0.1"`
	Name string   `json:"name"`
}

type NegativeImportance struct {
	_    struct{} `oa:"keyImportance=-1"`
	Name string   `json:"name"`
}

type ScoreOnSlice struct {
	Tags []string `json:"tags" oa:"order=align,score=exact"`
}

type PrefixWeightsNoPrefix struct {
	Steps []string `json:"steps" oa:"prefixWeights=[2]"`
}
