package interp_test

import (
	"math"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
)

func alignConf(t *testing.T, schema string, opts interp.Options, gold, cand string) *interp.Result {
	t.Helper()
	s := mustScorer(t, schema, opts)
	res, err := s.Align(mustDecode(t, gold), mustDecode(t, cand))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

var margin = interp.Options{ComputeConfidence: true}

// TestConfidenceMargin checks the margin confidence of docs/SCORING.md §9.3 on a
// reorder list: with M = [[1,0],[1,0]] the kept pair has margins 1 (row) and
// 0 (column), the dissolved pair 0 and 0, so the list's confidence is
// (0.5 + 0)/2; unmatched elements take it.
func TestConfidenceMargin(t *testing.T) {
	const list = `{"type":"array","order":"align","items":{"type":"string","score":"exact"}}`
	res := alignConf(t, list, margin, `["a","a"]`, `["a","b"]`)
	if got := res.Match.Confidence; got != 0.25 {
		t.Errorf("list confidence %v, want 0.25", got)
	}
	ops, err := res.Repair(interp.RepairOptions{IncludePairingAmbiguous: true})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []align.OpKind
	for _, o := range ops {
		kinds = append(kinds, o.Kind)
		if o.Confidence != 0.25 {
			t.Errorf("%s %s: confidence %v, want the list's 0.25", o.Kind, o.Path, o.Confidence)
		}
	}
	if len(kinds) != 3 || kinds[2] != align.KindPairingAmbiguous || ops[2].Path != "/" {
		t.Errorf("ops %v", ops)
	}

	// Without computeConfidence every confidence is 1.
	res = alignConf(t, list, interp.Options{}, `["a","a"]`, `["a","b"]`)
	ops, _ = res.Repair(interp.RepairOptions{IncludePairingAmbiguous: true})
	if res.Match.Confidence != 1 || len(ops) != 2 || ops[0].Confidence != 1 {
		t.Errorf("confidence off: node %v, ops %v", res.Match.Confidence, ops)
	}
}

// TestConfidenceZero: a computed confidence of exactly 0 (every pairing tied)
// is kept, not mistaken for "not computed", and propagates to the object
// holding the list (keyImportance 0: the object's confidence is its value
// part).
func TestConfidenceZero(t *testing.T) {
	const schema = `{"type":"object","properties":{"xs":{"type":"array","order":"align","items":{"type":"string","score":"exact"}}}}`
	res := alignConf(t, schema, margin, `{"xs":["a","a"]}`, `{"xs":["a","a"]}`)
	if res.Score != 1 || res.Match.Confidence != 0 || res.Match.Entries[0].Value.Confidence != 0 {
		t.Fatalf("score %v, object confidence %v, list confidence %v; want 1, 0, 0",
			res.Score, res.Match.Confidence, res.Match.Entries[0].Value.Confidence)
	}
	ops, err := res.Repair(interp.RepairOptions{IncludePairingAmbiguous: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 || ops[0].Path != "/" || ops[1].Path != "/xs" {
		t.Errorf("diagnostics %v, want / and /xs", ops)
	}
	fo := feedback.DefaultFeedbackOptions()
	text, _, err := feedback.ForResult(res, interp.RepairOptions{IncludePairingAmbiguous: true}, fo)
	if err != nil {
		t.Fatal(err)
	}
	const want = "The prediction perfectly matches the gold (score 1.00).\n" +
		"Diagnostic notes (low-confidence pairings):\n" +
		"~ /: pairing between gold and predicted items was ambiguous (confidence 0%). Make these items more distinctive before fixing deeper field-level errors.\n" +
		"~ /xs: pairing between gold and predicted items was ambiguous (confidence 0%). Make these items more distinctive before fixing deeper field-level errors."
	if text != want {
		t.Errorf("feedback:\n%s\nwant\n%s", text, want)
	}

	// A tuple and a combined list of zero-confidence children.
	const tuple = `{"type":"array","prefixItems":[{"type":"array","order":"align","items":{"type":"integer","score":"exact"}}],
 "items":{"type":"array","order":"align","items":{"type":"integer","score":"exact"}},"prefixImportance":1,"restImportance":3}`
	res = alignConf(t, tuple, margin, `[[1,1],[2,2]]`, `[[1,1],[2,2]]`)
	if res.Match.Confidence != 0 {
		t.Errorf("combined list of zero-confidence children: %v", res.Match.Confidence)
	}
}

// TestConfidenceEntropy checks the entropy method on a 2×2 key matrix.
func TestConfidenceEntropy(t *testing.T) {
	const list = `{"type":"array","order":"align","items":{"type":"string","score":"exact"}}`
	res := alignConf(t, list, interp.Options{ComputeConfidence: true, ConfidenceMethod: "entropy"}, `["a","b"]`, `["a","b"]`)
	// Each row is [1, 0] up to order: softmax of 8·(row − 1).
	e := math.Exp(-8)
	p, q := 1/(1+e), e/(1+e)
	want := 1 - (-(p*math.Log(p) + q*math.Log(q)))/math.Log(2)
	if got := res.Match.Confidence; math.Abs(got-want) > 1e-15 {
		t.Errorf("entropy confidence %v, want %v", got, want)
	}
	if _, err := interp.Compile([]byte(list), "", interp.Options{ConfidenceMethod: "gini"}); err == nil {
		t.Error("unknown confidence method accepted")
	}
}

// TestConfidenceRename: a key rename takes the gain-weighted mix of its key
// pair's confidence and its value operations' confidences (docs/SCORING.md §9.3), not
// the object's confidence.
func TestConfidenceRename(t *testing.T) {
	const schema = `{"type":"object","keyScore":"jaro","keyImportance":1,"valueImportance":1,"properties":{
 "weight":{"type":"integer","score":"exact"},"age":{"type":"integer","score":"exact"}}}`
	res := alignConf(t, schema, margin, `{"weight":90,"age":3}`, `{"wieght":80,"age":3}`)
	k00 := align.Jaro("weight", "wieght")
	k01 := align.Jaro("weight", "age")
	k10 := align.Jaro("age", "wieght")
	kc := (align.Clamp01(k00-k01) + align.Clamp01(k00-k10)) / 2
	e := res.Match.Entries[0]
	if !e.HasKeyConfidence || e.KeyConfidence != kc {
		t.Fatalf("key pair confidence %v (set %v), want %v", e.KeyConfidence, e.HasKeyConfidence, kc)
	}
	ops, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var add align.Op
	for _, o := range ops {
		if o.Kind == align.KindKeyRenameAdd {
			add = o
		}
	}
	keyGain := float64(0.25 * (1 - k00))
	valueGain := 0.25 // the integer value 90 vs 80 scores 0 under exact
	want := (float64(keyGain*kc) + float64(valueGain*1)) / (keyGain + valueGain)
	if math.Abs(add.Confidence-want) > 1e-15 {
		t.Errorf("rename confidence %v, want %v", add.Confidence, want)
	}
	if add.Confidence == res.Match.Confidence {
		t.Errorf("rename confidence equals the object's (%v)", add.Confidence)
	}
}
