package validate

import (
	"bufio"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

const feedbackPrefix = "Prediction failed schema validation at "

// vector is the part of a conformance vector this package checks.
type vector struct {
	id, feedback, errText string
	schema, gold, cand    jsonval.Value
}

func loadVectors(t testing.TB) []vector {
	t.Helper()
	files, err := filepath.Glob("../testdata/conformance/*.jsonl.gz")
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance vectors found (err %v)", err)
	}
	var out []vector
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(fh)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for line := 1; sc.Scan(); line++ {
			v, err := jsonval.Decode(sc.Bytes(), jsonval.DecodeOptions{MaxDepth: 4096})
			if err != nil {
				t.Fatalf("%s:%d: %v", f, line, err)
			}
			id, _ := v.Get("id")
			exp, _ := v.Get("expected")
			fb, _ := exp.Get("feedback")
			et, _ := exp.Get("error")
			vec := vector{id: id.S, feedback: fb.S, errText: et.S}
			vec.schema, _ = v.Get("schema")
			vec.gold, _ = v.Get("gold")
			vec.cand, _ = v.Get("candidate")
			out = append(out, vec)
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		fh.Close()
	}
	return out
}

// TestConformance checks every conformance vector: the gold is valid unless
// the reference raised a ValidationError for it; the candidate is invalid
// exactly when the reference's feedback is the validation-error text, and then
// that text is reproduced byte for byte.
func TestConformance(t *testing.T) {
	vecs := loadVectors(t)
	validators := map[string]*Validator{}
	var invalidMatch, invalidMismatch, validOK, goldInvalid int
	for _, vec := range vecs {
		key := string(jsonval.AppendJSON(nil, vec.schema))
		v, ok := validators[key]
		if !ok {
			var err error
			if v, err = Compile(vec.schema); err != nil {
				t.Errorf("%s: Compile: %v", vec.id, err)
				continue
			}
			validators[key] = v
		}
		gErr := v.Validate(vec.gold)
		if strings.Contains(vec.errText, "ValidationError") {
			goldInvalid++
			if gErr == nil {
				t.Errorf("%s: gold valid, reference raised %q", vec.id, firstLine(vec.errText))
			} else if want := "ValidationError: " + gErr.Message; !strings.HasPrefix(vec.errText, want+"\n") {
				t.Errorf("%s: gold error %q, reference %q", vec.id, want, firstLine(vec.errText))
			}
			continue
		}
		if gErr != nil {
			t.Errorf("%s: gold invalid: %v", vec.id, gErr)
			continue
		}
		cErr := v.Validate(vec.cand)
		wantInvalid := strings.HasPrefix(vec.feedback, feedbackPrefix)
		switch {
		case !wantInvalid && cErr != nil:
			t.Errorf("%s: candidate invalid (%v), reference valid", vec.id, cErr)
		case !wantInvalid:
			validOK++
		case cErr == nil:
			t.Errorf("%s: candidate valid, reference %q", vec.id, vec.feedback)
		default:
			got := feedbackPrefix + cErr.DisplayPath() + ": " + cErr.Message
			if got == vec.feedback {
				invalidMatch++
			} else {
				invalidMismatch++
				t.Errorf("%s:\n got %q\nwant %q", vec.id, got, vec.feedback)
			}
		}
	}
	t.Logf("%d vectors: %d valid candidates, %d invalid candidates matching byte for byte, %d mismatching; %d invalid golds",
		len(vecs), validOK, invalidMatch, invalidMismatch, goldInvalid)
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

// BenchmarkValidate measures Validate on the paper_schemas vectors: a valid
// candidate and an invalid one (whose error message is built), on the fast
// path and on the full path (santhosh, then the ordered evaluator for the
// invalid one).
func BenchmarkValidate(b *testing.B) {
	var valid, invalid *vector
	vecs := loadVectors(b)
	for i := range vecs {
		if !strings.HasPrefix(vecs[i].id, "paper_schemas/") {
			continue
		}
		if strings.HasPrefix(vecs[i].feedback, feedbackPrefix) {
			if invalid == nil {
				invalid = &vecs[i]
			}
		} else if valid == nil {
			valid = &vecs[i]
		}
	}
	if valid == nil || invalid == nil {
		b.Fatal("no paper_schemas vectors")
	}
	for _, path := range []struct {
		name string
		opts []Option
	}{{"fast", nil}, {"full", []Option{WithoutFastPath()}}} {
		for _, c := range []struct {
			name string
			vec  *vector
		}{{"valid", valid}, {"invalid", invalid}} {
			v, err := Compile(c.vec.schema, path.opts...)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(path.name+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					v.Validate(c.vec.cand)
				}
			})
		}
	}
}
