package interp

import (
	"math"

	"github.com/objectaligner/oagen/align"
)

// pairConfidences computes the pairing confidence of every assignment row
// (docs/SCORING.md §9.3) on an n×m score matrix; rows paired with padding get 1.
func (c *call) pairConfidences(M []float64, n, m int, assign []int) []float64 {
	out := make([]float64, max(n, m))
	for r := range out {
		out[r] = 1
		col := assign[r]
		if r >= n || col >= m {
			continue
		}
		v := M[r*m+col]
		if c.s.opts.ConfidenceMethod == "entropy" {
			out[r] = entropyConfidence(M[r*m:(r+1)*m], c.s.opts.ConfidenceTemperature)
			continue
		}
		mRow := v
		if m > 1 {
			best := math.Inf(-1)
			for j := 0; j < m; j++ {
				if j != col && M[r*m+j] > best {
					best = M[r*m+j]
				}
			}
			mRow = v - best
		}
		mCol := v
		if n > 1 {
			best := math.Inf(-1)
			for i := 0; i < n; i++ {
				if i != r && M[i*m+col] > best {
					best = M[i*m+col]
				}
			}
			mCol = v - best
		}
		out[r] = (align.Clamp01(mRow) + align.Clamp01(mCol)) / 2
	}
	return out
}

func entropyConfidence(row []float64, beta float64) float64 {
	m := len(row)
	if m <= 1 {
		return 1
	}
	mx := math.Inf(-1)
	for _, x := range row {
		mx = max(mx, x)
	}
	ps := make([]float64, m)
	var z float64
	for j, x := range row {
		ps[j] = math.Exp(beta * (x - mx))
		z += ps[j]
	}
	var h float64
	for _, p := range ps {
		p /= z
		if p > 0 {
			h -= float64(p * math.Log(p))
		}
	}
	norm := math.Log(float64(m))
	if !(norm > 0) {
		return 1
	}
	return align.Clamp01(1 - h/norm)
}

// meanOrOne is the site confidence: the mean over real pairs, 1 if none.
func meanOrOne(conf []float64, n, m int, assign []int) float64 {
	var sum float64
	k := 0
	for r, col := range assign {
		if r < n && col < m {
			sum += conf[r]
			k++
		}
	}
	if k == 0 {
		return 1
	}
	return sum / float64(k)
}

func meanChildConfidence(entries []entry) float64 {
	if len(entries) == 0 {
		return 1
	}
	var sum float64
	for _, e := range entries {
		sum += e.m.Confidence
	}
	return sum / float64(len(entries))
}

func weightedConfidence(entries []entry, alphas []float64) float64 {
	var sum, tot float64
	for i, e := range entries {
		sum += float64(alphas[i] * e.m.Confidence)
		tot += alphas[i]
	}
	if tot <= 0 {
		return 1
	}
	return sum / tot
}

// combinedConfidence is the importance-averaged confidence of a combined
// list node (wp + wr = 1).
func combinedConfidence(wp, wr, head, tail float64) float64 {
	return align.Clamp01(float64(wp*head) + float64(wr*tail))
}

func objectConfidence(wK, wV, keyConf float64, entries []objEntry, W float64) float64 {
	var vs float64
	for _, e := range entries {
		cc := 1.0
		if e.m != nil {
			cc = e.m.Confidence
		}
		if W != 0 {
			vs += float64(e.weight / W * cc)
		}
	}
	return align.Clamp01((float64(wK*keyConf) + float64(wV*vs)) / (wK + wV))
}
