package hungarian

import "math"

// literalLSAPMax is a deliberately plain, unoptimised transcription of docs/SCORING.md
// §5.8: pad M with zeros to d×d, set C = -M and run LSAP_min line by line,
// with the SR/SC flag arrays, the remaining array and the O(d) dual-update
// loops exactly as written there. It is the oracle the optimised solver is
// compared against.
func literalLSAPMax(m [][]float64, n, cols int) []int {
	d := n
	if cols > d {
		d = cols
	}
	C := make([][]float64, d)
	for i := range C {
		C[i] = make([]float64, d)
		for j := range C[i] {
			x := 0.0
			if i < n && j < cols {
				x = m[i][j]
			}
			C[i][j] = -x
		}
	}
	return literalLSAPMin(C, d)
}

func literalLSAPMin(C [][]float64, d int) []int {
	inf := math.Inf(1)
	u := make([]float64, d)
	v := make([]float64, d)
	col4row := make([]int, d)
	row4col := make([]int, d)
	path := make([]int, d)
	for k := 0; k < d; k++ {
		col4row[k] = -1
		row4col[k] = -1
		path[k] = -1
	}
	for cur := 0; cur < d; cur++ {
		shortest := make([]float64, d)
		SR := make([]bool, d)
		SC := make([]bool, d)
		for k := 0; k < d; k++ {
			shortest[k] = inf
		}
		remaining := make([]int, d)
		for it := 0; it < d; it++ {
			remaining[it] = d - 1 - it
		}
		numRemaining := d
		minVal := 0.0
		i := cur
		sink := -1
		for sink == -1 {
			SR[i] = true
			index := -1
			lowest := inf
			for it := 0; it < numRemaining; it++ {
				j := remaining[it]
				r := minVal + C[i][j] - u[i] - v[j]
				if r < shortest[j] {
					path[j] = i
					shortest[j] = r
				}
				if shortest[j] < lowest || (shortest[j] == lowest && row4col[j] == -1) {
					lowest = shortest[j]
					index = it
				}
			}
			minVal = lowest
			j := remaining[index]
			if row4col[j] == -1 {
				sink = j
			} else {
				i = row4col[j]
			}
			SC[j] = true
			numRemaining--
			remaining[index] = remaining[numRemaining]
		}
		u[cur] += minVal
		for k := 0; k < d; k++ {
			if SR[k] && k != cur {
				u[k] += minVal - shortest[col4row[k]]
			}
		}
		for k := 0; k < d; k++ {
			if SC[k] {
				v[k] -= minVal - shortest[k]
			}
		}
		j := sink
		for {
			r := path[j]
			row4col[j] = r
			col4row[r], j = j, col4row[r]
			if r == cur {
				break
			}
		}
	}
	return col4row
}
