package ir

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// conformanceSchema is one distinct schema of the conformance vectors.
type conformanceSchema struct {
	ids      []string // vector ids using it
	data     []byte
	refError bool // some vector with this schema has a non-null expected.error
}

// loadConformanceSchemas reads every distinct "schema" of the conformance
// vectors, in file then line order.
func loadConformanceSchemas(t *testing.T) []*conformanceSchema {
	t.Helper()
	files, err := filepath.Glob("../testdata/conformance/*.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no conformance vectors found")
	}
	sort.Strings(files)
	byText := map[string]*conformanceSchema{}
	var out []*conformanceSchema
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(fh)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			var vec struct {
				ID       string          `json:"id"`
				Schema   json.RawMessage `json:"schema"`
				Expected struct {
					Error *string `json:"error"`
				} `json:"expected"`
			}
			if err := json.Unmarshal(sc.Bytes(), &vec); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			cs := byText[string(vec.Schema)]
			if cs == nil {
				cs = &conformanceSchema{data: vec.Schema}
				byText[string(vec.Schema)] = cs
				out = append(out, cs)
			}
			cs.ids = append(cs.ids, vec.ID)
			if vec.Expected.Error != nil {
				cs.refError = true
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		zr.Close()
		fh.Close()
	}
	return out
}

func TestConformanceSchemasCompile(t *testing.T) {
	schemas := loadConformanceSchemas(t)
	ok, failed := 0, 0
	for _, cs := range schemas {
		_, err := Compile(cs.data, Options{})
		if err == nil {
			ok++
			continue
		}
		failed++
		if cs.refError {
			t.Logf("%v (the reference raised too):\n%v", cs.ids, err)
		} else {
			t.Errorf("%v: a schema the reference scored with fails to compile:\n%v", cs.ids, err)
		}
	}
	t.Logf("%d distinct schemas: %d compile, %d fail", len(schemas), ok, failed)
	if len(schemas) != 248 {
		t.Errorf("%d distinct schemas in the conformance vectors, want 248", len(schemas))
	}
}
