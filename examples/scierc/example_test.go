package scierc_test

import (
	"fmt"

	"github.com/objectaligner/oagen/examples/scierc"
)

// ExampleScoreDocumentJSON scores a SciERC extraction whose entity ids are
// renumbered (free, through the bijection) and whose one relation has its
// arguments swapped (both references are wrong).
func ExampleScoreDocumentJSON() {
	gold := `{"entities": [
		{"id": "E1", "type": "Task", "mentions": [{"text": "machine translation"}]},
		{"id": "E2", "type": "Method", "mentions": [{"text": "neural network"}, {"text": "NN"}]}],
	 "relations": [{"subject": "E2", "predicate": "USED-FOR", "object": "E1"}]}`
	cand := `{"entities": [
		{"id": "T7", "type": "Method", "mentions": [{"text": "neural network"}, {"text": "NN"}]},
		{"id": "T3", "type": "Task", "mentions": [{"text": "machine translation"}]}],
	 "relations": [{"subject": "T3", "predicate": "USED-FOR", "object": "T7"}]}`
	s, typed, err := scierc.ScoreDocumentJSONDetail([]byte(gold), []byte(cand))
	fmt.Println(s, typed, err)
	ops, err := scierc.RepairDocumentJSON([]byte(gold), []byte(cand))
	if err != nil {
		panic(err)
	}
	for _, op := range ops {
		fmt.Println(op.Kind, op.Path, op.Value, op.Delta)
	}
	// Output:
	// 0.6666666666666666 true <nil>
	// ref_fix /relations/0/object "T3" 0.16666666666666666
	// ref_fix /relations/0/subject "T7" 0.16666666666666666
}
