package amr_test

import (
	"fmt"

	amr "github.com/objectaligner/oagen/examples/amr_ra"
)

// ExampleScoreGraphJSON scores an AMR graph for "the boy wants to go" whose
// variables are renamed; the candidate picks the wrong root node, which the
// top-level reference "root" (a reference outside every record) detects.
func ExampleScoreGraphJSON() {
	gold := `{"root": "w", "nodes": [
		{"id": "w", "concept": "want-01", "attributes": []},
		{"id": "b", "concept": "boy", "attributes": []},
		{"id": "g", "concept": "go-02", "attributes": []}],
	 "relations": [
		{"source": "w", "role": ":ARG0", "target": "b"},
		{"source": "w", "role": ":ARG1", "target": "g"},
		{"source": "g", "role": ":ARG0", "target": "b"}]}`
	renamed := `{"root": "x1", "nodes": [
		{"id": "x3", "concept": "go-02", "attributes": []},
		{"id": "x1", "concept": "want-01", "attributes": []},
		{"id": "x2", "concept": "boy", "attributes": []}],
	 "relations": [
		{"source": "x1", "role": ":ARG0", "target": "x2"},
		{"source": "x1", "role": ":ARG1", "target": "x3"},
		{"source": "x3", "role": ":ARG0", "target": "x2"}]}`
	wrongRoot := `{"root": "x3", "nodes": [
		{"id": "x3", "concept": "go-02", "attributes": []},
		{"id": "x1", "concept": "want-01", "attributes": []},
		{"id": "x2", "concept": "boy", "attributes": []}],
	 "relations": [
		{"source": "x1", "role": ":ARG0", "target": "x2"},
		{"source": "x1", "role": ":ARG1", "target": "x3"},
		{"source": "x3", "role": ":ARG0", "target": "x2"}]}`
	for _, cand := range []string{renamed, wrongRoot} {
		s, err := amr.ScoreGraphJSON([]byte(gold), []byte(cand))
		fmt.Println(s, err)
	}
	ops, err := amr.RepairGraphJSON([]byte(gold), []byte(wrongRoot))
	if err != nil {
		panic(err)
	}
	for _, op := range ops {
		fmt.Println(op.Kind, op.Path, op.Value, op.Delta)
	}
	// Output:
	// 1 <nil>
	// 0.6666666666666666 <nil>
	// ref_fix /root "x1" 0.3333333333333333
}
