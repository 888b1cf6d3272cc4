package synrasort_test

import (
	"fmt"

	synrasort "github.com/objectaligner/oagen/examples/synra_sort_fixed"
)

func ExampleScoreSortedFacts() {
	gold := &synrasort.SortedFacts{Indices: []int64{0, 1, 2, 3, 4}}
	cand := &synrasort.SortedFacts{Indices: []int64{0, 2, 1, 3, 4}}
	s, err := synrasort.ScoreSortedFacts(gold, cand)
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	// Output:
	// 0.6666666666666666
}
