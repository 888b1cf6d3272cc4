package eval

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestCutoff checks that a state's cutoff wants what the state wants as it
// stands, that its copy is not changed by the cases added after it, and
// that a case the state wants later is one every earlier cutoff wants:
// random scores (many ties) and keys over states of small lists.
func TestCutoff(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 26))
	for trial := range 50 {
		st := NewState(Config{Worst: 1 + r.IntN(5), Sample: 1 + r.IntN(5)})
		var cuts []Cutoff
		var wants [][]bool // by cutoff, its answers to the probes when taken
		probes := make([]Case, 40)
		for i := range probes {
			probes[i] = Case{Score: float64(r.IntN(5)) / 4, Key: r.Uint64N(64)}
		}
		for n := range 60 {
			c := Case{Line: n + 1, Score: float64(r.IntN(5)) / 4, Key: r.Uint64N(64)}
			if r.IntN(3) == 0 {
				c.ID = json.RawMessage(strconv.Itoa(r.IntN(10)))
			}
			st.Add(c)
			cut := st.Cutoff()
			if len(cuts) > 0 && cut.Equal(cuts[len(cuts)-1]) && !equalAnswers(cut, cuts[len(cuts)-1], probes) {
				t.Fatalf("trial %d, case %d: equal cutoffs answer differently", trial, n)
			}
			now := make([]bool, len(probes))
			for i, p := range probes {
				now[i] = st.Wants(p.Score, p.Key)
				if got := cut.Wants(p.Score, p.Key); got != now[i] {
					t.Fatalf("trial %d, case %d: Cutoff.Wants(%v, %d) = %v, State.Wants %v", trial, n, p.Score, p.Key, got, now[i])
				}
				for k, old := range cuts {
					if got := old.Wants(p.Score, p.Key); got != wants[k][i] {
						t.Fatalf("trial %d: cutoff %d changed its answer for (%v, %d) after %d more cases", trial, k, p.Score, p.Key, n-k)
					}
					if now[i] && !wants[k][i] {
						t.Fatalf("trial %d: the state wants (%v, %d) after %d cases, its cutoff after %d did not", trial, p.Score, p.Key, n+1, k+1)
					}
				}
			}
			cuts, wants = append(cuts, cut), append(wants, now)
		}
	}
}

// equalAnswers reports whether two cutoffs answer the probes alike.
func equalAnswers(a, b Cutoff, probes []Case) bool {
	for _, p := range probes {
		if a.Wants(p.Score, p.Key) != b.Wants(p.Score, p.Key) {
			return false
		}
	}
	return true
}
