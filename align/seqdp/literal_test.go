package seqdp

// literalAlign is a deliberately plain transcription of docs/SCORING.md §5.3: the full
// (n+1)×(m+1) dp table with Python's max, the cell preferences tested with
// "==" exactly as written, and the traceback with its two leftover loops,
// collecting steps in reverse and reversing at the end. It is the oracle for
// the tie rule. It assumes n > 0 and m > 0.
func literalAlign(s [][]float64, n, m int) (float64, []Step) {
	const (
		DIAG = 1
		UP   = 2
		LEFT = 3
	)
	dp := make([][]float64, n+1)
	cell := make([][]int, n+1)
	for i := range dp {
		dp[i] = make([]float64, m+1)
		cell[i] = make([]int, m+1)
	}
	pyMax := func(args ...float64) float64 {
		v := args[0]
		for _, x := range args[1:] {
			if x > v {
				v = x
			}
		}
		return v
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			diag := dp[i-1][j-1] + s[i-1][j-1]
			up := dp[i-1][j]
			left := dp[i][j-1]
			dp[i][j] = pyMax(diag, up, left)
			if dp[i][j] == diag {
				cell[i][j] = DIAG
			} else if dp[i][j] == up {
				cell[i][j] = UP
			} else {
				cell[i][j] = LEFT
			}
		}
	}
	var rev []Step
	i, j := n, m
	for i > 0 && j > 0 {
		switch cell[i][j] {
		case DIAG:
			rev = append(rev, Step{Move: Diag, I: i - 1, J: j - 1, CellDiag: true})
			i--
			j--
		case UP:
			rev = append(rev, Step{Move: Up, I: i - 1, J: j - 1, CellDiag: false})
			i--
		case LEFT:
			rev = append(rev, Step{Move: Left, I: i - 1, J: j - 1, CellDiag: false})
			j--
		}
	}
	for i > 0 {
		rev = append(rev, Step{Move: Up, I: i - 1, J: 0, CellDiag: cell[i][1] == DIAG})
		i--
	}
	for j > 0 {
		rev = append(rev, Step{Move: Left, I: 0, J: j - 1, CellDiag: cell[1][j] == DIAG})
		j--
	}
	steps := make([]Step, len(rev))
	for k := range rev {
		steps[k] = rev[len(rev)-1-k]
	}
	return dp[n][m], steps
}
