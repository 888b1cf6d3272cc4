// Package conformance loads the reference vectors of testdata/conformance
// (schema, gold, candidate and what the Python reference returned) for the
// tests of every back end.
package conformance

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// Vector is one reference case.
type Vector struct {
	ID, Family string
	Schema     jsonval.Value
	SchemaText []byte // compact JSON of Schema, member order kept
	Gold, Cand jsonval.Value
	Tags       jsonval.Value
	// Expected outcome.
	Score    float64
	HasScore bool
	Feedback string
	Ops      []align.Op
	Error    string
}

// HasReferential reports whether the vector's schema declares idScope or ref
// anywhere.
func (v *Vector) HasReferential() bool { return hasKey(v.Schema, "idScope") || hasKey(v.Schema, "ref") }

func hasKey(v jsonval.Value, key string) bool {
	switch v.Kind {
	case jsonval.Object:
		for _, m := range v.Obj {
			if m.Key == key && m.Value.Kind == jsonval.String {
				return true
			}
			if hasKey(m.Value, key) {
				return true
			}
		}
	case jsonval.Array:
		for _, e := range v.Arr {
			if hasKey(e, key) {
				return true
			}
		}
	}
	return false
}

// Load reads every *.jsonl.gz file of dir, in file-name order.
func Load(dir string) ([]*Vector, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl.gz"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []*Vector
	for _, f := range files {
		vs, err := LoadFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

// LoadFile reads one gzip-compressed JSON Lines file of vectors.
func LoadFile(path string) ([]*Vector, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	var out []*Vector
	line := 0
	for sc.Scan() {
		line++
		v, err := parse(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

func parse(line []byte) (*Vector, error) {
	root, err := jsonval.Decode(line, jsonval.DecodeOptions{MaxDepth: 10000})
	if err != nil {
		return nil, err
	}
	get := func(v jsonval.Value, k string) jsonval.Value { x, _ := v.Get(k); return x }
	v := &Vector{
		ID:     get(root, "id").S,
		Family: get(root, "family").S,
		Schema: get(root, "schema"),
		Gold:   get(root, "gold"),
		Cand:   get(root, "candidate"),
		Tags:   get(root, "tags"),
	}
	v.SchemaText = jsonval.AppendJSON(nil, v.Schema)
	exp := get(root, "expected")
	if s := get(exp, "score"); s.IsNumber() {
		v.Score, v.HasScore = s.Float64(), true
	}
	v.Feedback = get(exp, "feedback").S
	v.Error = get(exp, "error").S
	for _, o := range get(exp, "ops").Arr {
		v.Ops = append(v.Ops, align.Op{
			Op:         get(o, "op").S,
			Kind:       align.OpKind(get(o, "kind").S),
			Path:       get(o, "path").S,
			Delta:      get(o, "delta").Float64(),
			Value:      get(o, "value"),
			Gold:       get(o, "gold"),
			Pred:       get(o, "candidate"),
			PairID:     get(o, "pair_id").S,
			Confidence: get(o, "confidence").Float64(),
		})
	}
	return v, nil
}
