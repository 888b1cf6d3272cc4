package amr

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/objectaligner/oagen/internal/cputime"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

func TestParse(t *testing.T) {
	g, err := Parse(`(w / want-01 :ARG0 (b / boy) ; the wanter
		:ARG1 (g / go-02 :ARG0 b :polarity - :name "New \"York\"") :ARG1-of (s / say-01))`)
	if err != nil {
		t.Fatal(err)
	}
	want := &Graph{
		Top:       "w",
		Instances: []Instance{{"w", "want-01"}, {"b", "boy"}, {"g", "go-02"}, {"s", "say-01"}},
		Relations: []Relation{{"w", "ARG0", "b"}, {"w", "ARG1", "g"}, {"s", "ARG1", "w"}, {"g", "ARG0", "b"}},
		Attrs:     []Attribute{{"g", "name", `New "York"`}, {"g", "polarity", "-"}},
	}
	if got, exp := jsonText(g.JSON()), jsonText(want.JSON()); got != exp {
		t.Errorf("parsed\n%s\nwant\n%s", got, exp)
	}
	for _, bad := range []string{``, `(w)`, `(w / )`, `(w / a :ARG0 (w / b))`, `(w / a :ARG0`, `(w / a) x`, `(w / a :name "x)`, strings.Repeat("(a / b :c ", 600)} {
		var se *SyntaxError
		if _, err := Parse(bad); !errors.As(err, &se) {
			t.Errorf("Parse(%.40q): %v, want a SyntaxError", bad, err)
		}
	}
	for _, text := range Golds {
		if _, err := Parse(text); err != nil {
			t.Errorf("%s: %v", text, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, g := range Golds {
		f.Add(g)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(text)
		if err != nil {
			return
		}
		vars := map[string]bool{}
		for _, x := range g.Instances {
			vars[x.Var] = true
		}
		for _, r := range g.Relations {
			if !vars[r.Source] || !vars[r.Target] {
				t.Fatalf("relation %v names an unknown variable", r)
			}
		}
		if !vars[g.Top] {
			t.Fatalf("top %q is not a variable", g.Top)
		}
	})
}

func jsonText(v jsonval.Value) string { return string(jsonval.AppendJSON(nil, v)) }

func scorer(t testing.TB) *interp.Scorer { return compile(t, interp.Options{}) }

func compile(t testing.TB, opts interp.Options) *interp.Scorer {
	text, err := os.ReadFile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := interp.Compile(text, "schema.json", opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// oagenMapping reads the Smatch mapping off oagen's bijection.
func oagenMapping(res *interp.Result, p Pair) Mapping {
	ci := map[string]int{}
	for j, x := range p.Cand.Instances {
		ci[x.Var] = j
	}
	f := make(Mapping, len(p.Gold.Instances))
	gi := map[string]int{}
	for i, x := range p.Gold.Instances {
		gi[x.Var] = i
		f[i] = -1
	}
	for _, pair := range res.Bijections[0].Pairs {
		if pair.HasCandidate {
			f[gi[pair.Gold.S]] = ci[pair.Candidate.S]
		}
	}
	return f
}

// TestHillClimbBounds checks that the hill-climber never exceeds the
// exhaustive optimum and that a renamed, shuffled copy scores 1 under both
// scorers.
func TestHillClimbBounds(t *testing.T) {
	pairs, err := Pairs(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := scorer(t)
	r := rand.New(rand.NewPCG(5, 5))
	for _, p := range pairs {
		_, hc := HillClimb(p.Gold, p.Cand, 5, r)
		if _, opt, ok := Optimal(p.Gold, p.Cand, 9); ok && hc > opt {
			t.Errorf("%s: hill-climb %v above the optimum %v", p.Name, hc, opt)
		}
		if strings.HasSuffix(p.Name, "/0") { // no edit: a renamed copy
			if sc, err := s.Score(p.Gold.JSON(), p.Cand.JSON()); err != nil || sc != 1 || hc != 1 {
				t.Errorf("%s: renamed copy scores %v (%v), Smatch %v", p.Name, sc, err, hc)
			}
		}
	}
}

// TestAgainstSmatch measures oagen against Smatch on the pairs (logged;
// README.md "AMR against Smatch" quotes it): the correlation of the scores,
// how often oagen's bijection reaches Smatch's optimum (with the search of
// docs/SCORING.md §7.12, and without it: the reference profile, whose
// bijection on these plain-string graphs is the derivation's alone), how
// often the hill-climber does. It fails when oagen's bijection reaches the optimum
// on fewer than 80% of the pairs.
func TestAgainstSmatch(t *testing.T) {
	pairs, err := Pairs(40, 2026)
	if err != nil {
		t.Fatal(err)
	}
	s := scorer(t)
	ref := compile(t, interp.Options{Compat: interp.CompatReference})
	r := rand.New(rand.NewPCG(7, 7))
	var n, withOpt, oaOpt, refOpt, hcOpt int
	var sx, sy, sxx, syy, sxy, absDiff float64
	for _, p := range pairs {
		_, opt, ok := Optimal(p.Gold, p.Cand, 9)
		if !ok {
			continue
		}
		withOpt++
		res, err := s.Align(p.Gold.JSON(), p.Cand.JSON())
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if Score(p.Gold, p.Cand, oagenMapping(res, p)) == opt {
			oaOpt++
		}
		rr, err := ref.Align(p.Gold.JSON(), p.Cand.JSON())
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if Score(p.Gold, p.Cand, oagenMapping(rr, p)) == opt {
			refOpt++
		}
		if _, hc := HillClimb(p.Gold, p.Cand, 5, r); hc == opt {
			hcOpt++
		}
		n++
		x, y := res.Score, opt
		sx, sy, sxx, syy, sxy = sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y
		absDiff += math.Abs(x - y)
	}
	fn := float64(n)
	pearson := (fn*sxy - sx*sy) / math.Sqrt((fn*sxx-sx*sx)*(fn*syy-sy*sy))
	t.Logf("%d pairs (%d with an exhaustive optimum): Pearson r(oagen, Smatch F1) = %.3f, mean |oagen − Smatch| = %.3f; "+
		"oagen's bijection reaches Smatch's optimum on %d (%.1f%%; without the search %d, %.1f%%), the hill-climber (5 starts) on %d (%.1f%%)",
		len(pairs), withOpt, pearson, absDiff/fn, oaOpt, 100*float64(oaOpt)/fn, refOpt, 100*float64(refOpt)/fn, hcOpt, 100*float64(hcOpt)/fn)
	if float64(oaOpt) < 0.8*fn {
		t.Errorf("oagen's bijection reaches the optimum on %d of %d pairs", oaOpt, n)
	}
}

var benchPairs []Pair

func loadBench(b *testing.B) []Pair {
	if benchPairs == nil {
		var err error
		if benchPairs, err = Pairs(10, 99); err != nil {
			b.Fatal(err)
		}
	}
	return benchPairs
}

// BenchmarkOagen scores every pair with the interpreter (one op = all
// pairs; cpu-ns/pair is the process CPU time per pair).
func BenchmarkOagen(b *testing.B) {
	s := scorer(b)
	pairs := loadBench(b)
	js := make([][2]jsonval.Value, len(pairs))
	for i, p := range pairs {
		js[i] = [2]jsonval.Value{p.Gold.JSON(), p.Cand.JSON()}
	}
	start := cputime.Process()
	for b.Loop() {
		for _, p := range js {
			if _, err := s.Score(p[0], p[1]); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportPerPair(b, start, len(pairs))
}

// reportPerPair reports the process CPU time per pair since start.
func reportPerPair(b *testing.B, start time.Duration, pairs int) {
	if start > 0 && b.N > 0 {
		b.ReportMetric(float64(cputime.Process()-start)/float64(b.N*pairs), "cpu-ns/pair")
	}
}

// BenchmarkSmatchHillClimb runs the hill-climber (5 starts) on every pair.
func BenchmarkSmatchHillClimb(b *testing.B) {
	pairs := loadBench(b)
	r := rand.New(rand.NewPCG(1, 1))
	start := cputime.Process()
	for b.Loop() {
		for _, p := range pairs {
			HillClimb(p.Gold, p.Cand, 5, r)
		}
	}
	reportPerPair(b, start, len(pairs))
}

// BenchmarkOagenReference scores every pair in the reference profile: the
// derivation's bijection without the search (docs/SCORING.md §7.12).
func BenchmarkOagenReference(b *testing.B) {
	s := compile(b, interp.Options{Compat: interp.CompatReference})
	pairs := loadBench(b)
	js := make([][2]jsonval.Value, len(pairs))
	for i, p := range pairs {
		js[i] = [2]jsonval.Value{p.Gold.JSON(), p.Cand.JSON()}
	}
	start := cputime.Process()
	for b.Loop() {
		for _, p := range js {
			if _, err := s.Score(p[0], p[1]); err != nil {
				b.Fatal(err)
			}
		}
	}
	reportPerPair(b, start, len(pairs))
}

// TestExampleFiles checks that gold.json and candidate.json are Golds[4]
// and ExampleCandidate as the reader writes them.
func TestExampleFiles(t *testing.T) {
	for file, text := range map[string]string{"gold.json": Golds[4], "candidate.json": ExampleCandidate} {
		g, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := strings.TrimSpace(string(data)), jsonText(g.JSON()); got != want {
			t.Errorf("%s:\n%s\nwant\n%s", file, got, want)
		}
	}
}
