package jsonval

import (
	"bufio"
	"compress/gzip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// fmtValue is the feedback value format of docs/SCORING.md §8.8.3.
func fmtValue(v Value) string {
	s := PyRepr(v)
	if utf8.RuneCountInString(s) <= 80 {
		return s
	}
	i := 0
	for range 79 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i] + "…"
}

// lastToken returns the decoded last JSON Pointer token of path.
func lastToken(path string) string {
	tok := path[strings.LastIndexByte(path, '/')+1:]
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

// TestConformanceFeedbackValues checks PyRepr against the Python reference: in
// every vector, each feedback line of a kind whose text only depends on the
// path and the values must be the rendering of one of the vector's operations.
func TestConformanceFeedbackValues(t *testing.T) {
	files, err := filepath.Glob("../../testdata/conformance/*.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no conformance vectors")
	}
	// Phrases that mark the feedback lines of the checked kinds.
	markers := []string{": expected ", ": missing list item ", ": extraneous list item ",
		": list is missing item ", ": list has extraneous item ", ": null/value mismatch (expected ",
		": missing key \"", ": extraneous key \""}
	checked, cases := 0, 0
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(nil, 64<<20)
		for n := 1; sc.Scan(); n++ {
			c, err := Decode(sc.Bytes(), DecodeOptions{})
			if err != nil {
				t.Fatalf("%s:%d: %v", file, n, err)
			}
			cases++
			id, _ := c.Get("id")
			exp, _ := c.Get("expected")
			fb, _ := exp.Get("feedback")
			ops, _ := exp.Get("ops")
			rendered := map[string]bool{}
			for _, op := range ops.Arr {
				kind, _ := op.Get("kind")
				pathV, _ := op.Get("path")
				gold, _ := op.Get("gold")
				cand, _ := op.Get("candidate")
				path := pathV.S
				var line string
				switch kind.S {
				case "primitive_replace":
					line = path + ": expected " + fmtValue(gold) + ", got " + fmtValue(cand) + ". Fixing this recovers +"
				case "list_item_add":
					line = path + ": missing list item " + fmtValue(gold) + ". Adding it recovers +"
				case "list_item_remove":
					line = path + ": extraneous list item " + fmtValue(cand) + ". Removing it recovers +"
				case "list_item_missing":
					line = path + ": list is missing item " + fmtValue(gold) + ". Adding it recovers +"
				case "list_item_excess":
					line = path + ": list has extraneous item " + fmtValue(cand) + ". Removing it recovers +"
				case "null_value_replace":
					line = path + ": null/value mismatch (expected " + fmtValue(gold) + ", got " + fmtValue(cand) + "). Fixing this recovers +"
				case "key_add":
					line = path + ": missing key \"" + lastToken(path) + "\" with value " + fmtValue(gold) + ". Adding it recovers +"
				case "key_remove":
					line = path + ": extraneous key \"" + lastToken(path) + "\" (value " + fmtValue(cand) + "). Removing it recovers +"
				default:
					continue
				}
				rendered[line] = true
			}
			for _, l := range strings.Split(fb.S, "\n") {
				dot := strings.Index(l, ". ")
				if dot <= 0 {
					continue
				}
				if _, err := strconv.Atoi(l[:dot]); err != nil {
					continue
				}
				body := l[dot+2:]
				marked := false
				for _, m := range markers {
					if strings.Contains(body, m) {
						marked = true
						break
					}
				}
				if !marked || strings.HasPrefix(body, "rename key ") || strings.HasPrefix(body, "inside list ") {
					continue
				}
				if i := strings.LastIndex(body, " recovers +"); i >= 0 {
					body = body[:i+len(" recovers +")]
				}
				if !rendered[body] {
					t.Errorf("%s: feedback line %q matches no operation", id.S, l)
					continue
				}
				checked++
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		zr.Close()
		f.Close()
	}
	t.Logf("%d cases, %d feedback lines checked", cases, checked)
	if checked < 1000 {
		t.Errorf("only %d feedback lines checked; the vectors changed shape?", checked)
	}
}
