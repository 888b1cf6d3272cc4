package sentenceorder_test

import (
	"fmt"

	"github.com/objectaligner/oagen/examples/sentence_ordering_fixed"
)

func ExampleScoreSentenceOrderJSON() {
	s, typed, err := sentenceorder.ScoreSentenceOrderJSONDetail([]byte(`{"indices":[3,1,2,0]}`), []byte(`{"indices":[3,2,1,0]}`))
	fmt.Println(s, typed, err)
	// Output:
	// 0.6 true <nil>
}
