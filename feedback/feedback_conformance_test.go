package feedback

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"github.com/objectaligner/oagen/align"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// conformanceOp is one operation of a vector's expected.ops.
type conformanceOp struct {
	Op         string          `json:"op"`
	Kind       string          `json:"kind"`
	Path       string          `json:"path"`
	Delta      float64         `json:"delta"`
	Value      json.RawMessage `json:"value"`
	Gold       json.RawMessage `json:"gold"`
	Candidate  json.RawMessage `json:"candidate"`
	PairID     string          `json:"pair_id"`
	Confidence float64         `json:"confidence"`
}

// conformanceVector is the part of a conformance case the feedback tests read.
type conformanceVector struct {
	ID       string `json:"id"`
	Expected struct {
		Score    *float64        `json:"score"`
		Feedback *string         `json:"feedback"`
		Ops      []conformanceOp `json:"ops"`
	} `json:"expected"`
}

// decodeRaw decodes a JSON value keeping member order and number classes.
func decodeRaw(t testing.TB, id string, raw json.RawMessage) jsonval.Value {
	t.Helper()
	if len(raw) == 0 {
		return jsonval.NullValue()
	}
	v, err := jsonval.Decode(raw, jsonval.DecodeOptions{})
	if err != nil {
		t.Fatalf("%s: decoding %s: %v", id, raw, err)
	}
	return v
}

// opsOf converts a vector's expected ops.
func opsOf(t testing.TB, v *conformanceVector) []align.Op {
	ops := make([]align.Op, len(v.Expected.Ops))
	for i, o := range v.Expected.Ops {
		ops[i] = align.Op{
			Op:         o.Op,
			Kind:       align.OpKind(o.Kind),
			Path:       o.Path,
			Delta:      o.Delta,
			Value:      decodeRaw(t, v.ID, o.Value),
			Gold:       decodeRaw(t, v.ID, o.Gold),
			Pred:       decodeRaw(t, v.ID, o.Candidate),
			PairID:     o.PairID,
			Confidence: o.Confidence,
		}
	}
	return ops
}

// readVectors reads every conformance vector.
func readVectors(t testing.TB) []conformanceVector {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "conformance", "*.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no conformance vectors found in ../testdata/conformance")
	}
	var out []conformanceVector
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(fh)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		br := bufio.NewReader(zr)
		for {
			line, err := br.ReadBytes('\n')
			if len(strings.TrimSpace(string(line))) > 0 {
				var v conformanceVector
				if jerr := json.Unmarshal(line, &v); jerr != nil {
					t.Fatalf("%s: %v", f, jerr)
				}
				out = append(out, v)
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
		}
		zr.Close()
		fh.Close()
	}
	return out
}

// TestConformanceFeedback renders every vector's expected ops with the
// default options and compares the text with the reference's, byte for byte.
func TestConformanceFeedback(t *testing.T) {
	vectors := readVectors(t)
	matched, compared, skipped := 0, 0, 0
	for i := range vectors {
		v := &vectors[i]
		e := &v.Expected
		if e.Score == nil || e.Feedback == nil || strings.HasPrefix(*e.Feedback, "Prediction failed schema validation") {
			skipped++
			continue
		}
		compared++
		fb, err := RenderFeedback(*e.Score, opsOf(t, v), refOptions())
		if err != nil {
			t.Errorf("%s: %v", v.ID, err)
			continue
		}
		if fb.Text != *e.Feedback {
			t.Errorf("%s: feedback mismatch\n got: %q\nwant: %q", v.ID, fb.Text, *e.Feedback)
			continue
		}
		matched++
	}
	t.Logf("feedback: %d/%d vectors match byte for byte (%d skipped: validation error or no score)", matched, compared, skipped)
}

// TestConformanceRankFixedPoint checks that ranking an already ranked list
// keeps its order.
func TestConformanceRankFixedPoint(t *testing.T) {
	vectors := readVectors(t)
	n := 0
	for i := range vectors {
		v := &vectors[i]
		ops := opsOf(t, v)
		// Tag every operation with its position: the score_delta key does
		// not read PairID, so the tags show any reordering, even among
		// operations with equal keys.
		for j := range ops {
			ops[j].PairID = strconv.Itoa(j)
		}
		got, err := align.RankOps(ops, align.RankOptions{}, nil)
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		for j := range got {
			if got[j].PairID != ops[j].PairID {
				t.Errorf("%s: position %d holds operation %s (%s %s), want %d", v.ID, j, got[j].PairID, got[j].Kind, got[j].Path, j)
				break
			}
		}
		n++
	}
	t.Logf("rank fixed point checked on %d vectors", n)
}
