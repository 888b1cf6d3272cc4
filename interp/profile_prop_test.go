package interp_test

// Property tests of the default profile (docs/PROFILES.md):
//
//   (a) writing any number in another form (12, 12.0, 1.2e1, 120e-1) on
//       either side never changes the score, the operations or the feedback
//       text;
//   (b) permuting the members of any object on either side never changes
//       the score or the set of operations (nor, since both sides are scored
//       in their canonical form, the feedback text).
//
// Both run over random schemas (schemagen_test.go, referential ones half
// the time), the referential families of propgen_test.go and the
// conformance vectors, from fixed seeds. The counts are small enough for
// "go test ./..."; the long set (OAGEN_LONG=1, internal/longtest)
// multiplies them and rewrites every vector.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// profileCases is the number of cases of one profile property: n, a tenth
// under -short, ten times n in the long set (internal/longtest).
func profileCases(n int) int { return longtest.Count(max(1, n/10), n, 10*n) }

// outcome is everything a scored pair shows: the score's bits, the ranked
// operations with their values as JSON, the feedback text (all operations,
// synthesis line included) and the description; or the error.
type outcome struct {
	score string
	ops   []string
	text  string
}

func scoreOutcome(s *interp.Scorer, gold, cand jsonval.Value) outcome {
	res, err := s.Align(gold, cand)
	if err != nil {
		return outcome{score: "error: " + err.Error()}
	}
	fo := feedback.DefaultFeedbackOptions()
	fo.Unlimited = true
	text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, fo)
	if err != nil {
		return outcome{score: "feedback error: " + err.Error()}
	}
	o := outcome{score: strconv.FormatUint(math.Float64bits(res.Score), 16), text: text + "\n" + feedback.DescribeResult(res)}
	for _, op := range ops {
		o.ops = append(o.ops, fmt.Sprintf("%s %s %q Δ=%x value=%s gold=%s pred=%s pair=%q conf=%x",
			op.Op, op.Kind, op.Path, math.Float64bits(op.Delta), op.Value, op.Gold, op.Pred, op.PairID, math.Float64bits(op.Confidence)))
	}
	return o
}

// diff compares two outcomes: the score and the operations in rank order
// (or, with asSet, as multisets) and, with text, the texts.
func (o outcome) diff(p outcome, asSet, text bool) string {
	if o.score != p.score {
		return fmt.Sprintf("score %s, was %s", p.score, o.score)
	}
	a, b := o.ops, p.ops
	if asSet {
		a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	}
	if !slices.Equal(a, b) {
		return fmt.Sprintf("operations\n    %s\n  were\n    %s", strings.Join(p.ops, "\n    "), strings.Join(o.ops, "\n    "))
	}
	if text && o.text != p.text {
		return fmt.Sprintf("text\n%s\nwas\n%s", p.text, o.text)
	}
	return ""
}

// respell writes v as JSON text in which every number is spelled in a form
// chosen at random among the spellings of its value (respellNumber).
func respell(dst []byte, v jsonval.Value, r *rand.Rand) []byte {
	switch v.Kind {
	case jsonval.Int, jsonval.Float:
		return append(dst, respellNumber(v, r)...)
	case jsonval.Array:
		dst = append(dst, '[')
		for i, e := range v.Arr {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = respell(dst, e, r)
		}
		return append(dst, ']')
	case jsonval.Object:
		dst = append(dst, '{')
		for i, m := range v.Obj {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = jsonval.AppendJSON(dst, jsonval.NewString(m.Key))
			dst = append(dst, ':')
			dst = respell(dst, m.Value, r)
		}
		return append(dst, '}')
	}
	return jsonval.AppendJSON(dst, v)
}

// respellNumber returns a JSON spelling of the value of the number v: the
// digits of its exact decimal value (for an integer-form number beyond 2^53
// only its integer form, which is the only spelling that keeps the value
// once a float-form literal is read as binary64) with the decimal point
// moved by an exponent, trailing zeros, an upper-case E or an explicit +.
func respellNumber(v jsonval.Value, r *rand.Rand) string {
	if v.Kind == jsonval.Int && (v.Big != nil || v.I > 1<<53 || v.I < -(1<<53)) {
		return v.String()
	}
	neg, digits, exp := decimalOf(v) // value = ±0.digits × 10^exp
	if digits == "0" {
		return pick(r, []string{"0", "-0", "0.0", "-0.0", "0e5", "0.000E-2"})
	}
	sign := ""
	if neg {
		sign = "-"
	}
	// Place the point after k digits of digits+zeros; the exponent makes up
	// the difference: value = int.frac × 10^(exp-k).
	padded := digits + strings.Repeat("0", r.IntN(3))
	k := r.IntN(len(padded) + 2)
	for len(padded) < k {
		padded += "0"
	}
	intPart, frac := padded[:k], padded[k:]
	if intPart == "" {
		intPart = "0"
	}
	e := exp - k
	text := sign + intPart
	if frac != "" || r.IntN(3) == 0 {
		if frac == "" {
			frac = "0"
		}
		text += "." + frac
	}
	if e != 0 || r.IntN(3) == 0 {
		text += pick(r, []string{"e", "E"}) + pick(r, []string{"", "+"})
		if e < 0 {
			text = strings.TrimSuffix(text, "+")
		}
		text += strconv.Itoa(e)
	}
	return text
}

// decimalOf returns the exact decimal value of a number as a sign, its
// significant digits d1…dn (no leading zero; "0" for zero) and the exponent
// e with value = 0.d1…dn × 10^e.
func decimalOf(v jsonval.Value) (neg bool, digits string, exp int) {
	var s string
	if n := jsonval.NumberByValue(v); n.Kind == jsonval.Int {
		s = n.String()
		if strings.HasPrefix(s, "-") {
			neg, s = true, s[1:]
		}
		t := strings.TrimRight(s, "0")
		if t == "" {
			return false, "0", 1
		}
		return neg, t, len(s)
	}
	s = strconv.FormatFloat(v.F, 'e', -1, 64) // shortest round trip: d.ddde±x
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	}
	mant, e, _ := strings.Cut(s, "e")
	x, _ := strconv.Atoi(e)
	return neg, strings.Replace(mant, ".", "", 1), x + 1
}

// permuteMembers returns v with the members of every object shuffled.
func permuteMembers(v jsonval.Value, r *rand.Rand) jsonval.Value {
	switch v.Kind {
	case jsonval.Array:
		out := make([]jsonval.Value, len(v.Arr))
		for i, e := range v.Arr {
			out[i] = permuteMembers(e, r)
		}
		return jsonval.NewArray(out)
	case jsonval.Object:
		out := make([]jsonval.Member, len(v.Obj))
		for i, m := range v.Obj {
			out[i] = jsonval.Member{Key: m.Key, Value: permuteMembers(m.Value, r)}
		}
		r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return jsonval.NewObject(out)
	}
	return v
}

// rewrite is one of the two rewritings the profile properties apply.
type rewrite struct {
	name  string
	apply func(t testing.TB, v jsonval.Value, r *rand.Rand) jsonval.Value
	asSet bool // compare the operations as a set (member order may tie-break their rank)
}

var rewrites = []rewrite{
	{"number forms", func(t testing.TB, v jsonval.Value, r *rand.Rand) jsonval.Value {
		text := respell(nil, v, r)
		w, err := jsonval.Decode(text, jsonval.DecodeOptions{MaxDepth: 1 << 12})
		if err != nil {
			t.Fatalf("respelled value does not decode: %v\n%s", err, text)
		}
		return w
	}, false},
	{"member order", func(_ testing.TB, v jsonval.Value, r *rand.Rand) jsonval.Value { return permuteMembers(v, r) }, true},
}

// checkRewrites scores the pair as given and with each rewriting applied
// to the gold, the candidate and both; it returns the first difference.
func checkRewrites(t testing.TB, s *interp.Scorer, gold, cand jsonval.Value, r *rand.Rand) string {
	base := scoreOutcome(s, gold, cand)
	for _, rw := range rewrites {
		for side := range 3 {
			g, c := gold, cand
			if side != 1 {
				g = rw.apply(t, g, r)
			}
			if side != 0 {
				c = rw.apply(t, c, r)
			}
			if d := base.diff(scoreOutcome(s, g, c), rw.asSet, true); d != "" {
				return fmt.Sprintf("%s (side %d): %s\n  gold: %s\n  cand: %s\n  rewritten gold: %s\n  rewritten cand: %s",
					rw.name, side, d, jsonText(gold), jsonText(cand), jsonText(g), jsonText(c))
			}
		}
	}
	return ""
}

// TestPropertyProfileRandomSchemas checks (a) and (b) on random schemas and
// damaged candidates.
func TestPropertyProfileRandomSchemas(t *testing.T) {
	t.Parallel()
	props := gopter.NewProperties(propParams(t, profileCases(300)))
	props.Property("number forms and member order never change the outcome", prop.ForAll(
		func(seed uint64, depth int) string {
			r := rand.New(rand.NewPCG(seed, 11))
			sg := &schemaGen{r: r}
			root, lay := sg.root(depth)
			schemaJSON := jsonval.AppendJSON(nil, root.json())
			s, err := interp.Compile(schemaJSON, "random.json", interp.Options{})
			if err != nil {
				return "compile: " + err.Error() + "\n  schema: " + string(schemaJSON)
			}
			vg := &valueGen{r: r}
			gold := vg.gold(root, lay)
			for k := range 3 {
				cand := gold
				if k > 0 {
					cand = vg.damage(root, gold, 0.15*float64(k))
				}
				if d := checkRewrites(t, s, gold, cand, r); d != "" {
					return d + "\n  schema: " + string(schemaJSON)
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 4),
	))
	runProps(t, props)
}

// TestPropertyProfileFamilies checks (a) and (b) on the referential
// families (deep scopes, link tables, WL tie-breaks).
func TestPropertyProfileFamilies(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	props := gopter.NewProperties(propParams(t, profileCases(200)))
	props.Property("number forms and member order never change the outcome", prop.ForAll(
		func(seed uint64, fi, size, mi int) string {
			r := rand.New(rand.NewPCG(seed, 12))
			fam := fams[fi]
			mode := genMode(mi)
			if (mode == modeTwins || mode == modeTwinsAuto) && len(fam.twinModes) < 2 {
				mode = modeTwins
			}
			g := fam.gen(r, size, mode)
			c := g.clone()
			freeDamage(r, fam, c)
			gold := fam.render(g)
			cand := flipNumberKinds(fam.sch, permuteAligned(fam.sch.Root, fam.render(c), r), r)
			if d := checkRewrites(t, fam.scorer, gold, cand, r); d != "" {
				return "family " + fam.name + ": " + d
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)-1), gen.IntRange(2, 6), gen.IntRange(0, 3),
	))
	runProps(t, props)
}

// TestProfileConformanceRewrites checks (a) and (b) in the default profile
// on every fourth conformance vector with one seed, and in the long set
// (internal/longtest) on every vector with four seeds.
func TestProfileConformanceRewrites(t *testing.T) {
	if testing.Short() {
		t.Skip("rewrites and rescores conformance vectors")
	}
	t.Parallel()
	seeds, stride := 1, 4
	if longtest.Enabled() {
		seeds, stride = 4, 1
	}
	base := uint64(proptest.Seed(t))
	cache := map[string]*interp.Scorer{}
	checked := 0
	for i, v := range loadVectors(t) {
		if v.Error != "" || i%stride != 0 {
			continue
		}
		s := cache[string(v.SchemaText)]
		if s == nil {
			var err error
			if s, err = interp.Compile(v.SchemaText, "", interp.Options{}); err != nil {
				t.Fatalf("%s: %v", v.ID, err)
			}
			cache[string(v.SchemaText)] = s
		}
		for k := range seeds {
			r := rand.New(rand.NewPCG(base, uint64(k)<<32|uint64(checked)))
			if d := checkRewrites(t, s, v.Gold, v.Cand, r); d != "" {
				t.Errorf("%s: %s", v.ID, d)
			}
		}
		checked++
	}
	t.Logf("%d vectors, %d rewritings each", checked, 6*seeds)
}

// TestRespellNumber checks the respelling itself: every spelling decodes to
// a number equal to the original, and the spellings vary.
func TestRespellNumber(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, lit := range []string{"12", "12.0", "-0.0", "0", "0.5", "-1.25e-7", "1e300", "9007199254740993", "123456789012345678901234567890", "2.5e10", "1e-3"} {
		v := mustDecode(t, lit)
		seen := map[string]bool{}
		for range 50 {
			s := respellNumber(v, r)
			w, err := jsonval.DecodeString(s)
			if err != nil {
				t.Fatalf("%s respelled as %q: %v", lit, s, err)
			}
			if !jsonval.Equal(v, w) || jsonval.NumberByValue(v).String() != jsonval.NumberByValue(w).String() {
				t.Errorf("%s respelled as %q, which reads %s", lit, s, w)
			}
			seen[s] = true
		}
		if len(seen) < 3 && v.Kind != jsonval.Int {
			t.Errorf("%s: only %d spellings", lit, len(seen))
		}
	}
}
