package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
)

const (
	orgGold = "../../examples/orgchart/gold.json"
	orgCand = "../../examples/orgchart/candidate.json"
)

func orgScorer(t *testing.T, compat interp.Compat) *interp.Scorer {
	t.Helper()
	schema, err := os.ReadFile(orgSchema)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := interp.Compile(schema, orgSchema, interp.Options{Compat: compat})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func readJSON(t *testing.T, path string) jsonval.Value {
	t.Helper()
	v, err := readJSONFile(path, nil, jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestRepairCommand runs "oagen repair" on the paper's org chart in both
// profiles: the repaired candidate (one line of JSON) scores 1, and -patch
// prints the library's patch for the same pair.
func TestRepairCommand(t *testing.T) {
	gold, cand := readJSON(t, orgGold), readJSON(t, orgCand)
	for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
		name := "default"
		if compat != "" {
			name = string(compat)
		}
		t.Run(name, func(t *testing.T) {
			sc := orgScorer(t, compat)
			out := runCLI(t, "repair", "-compat", name, "-schema", orgSchema, orgGold, orgCand)
			if bytes.Count(out, []byte("\n")) != 1 || !bytes.HasSuffix(out, []byte("\n")) {
				t.Fatalf("want one line, got %q", out)
			}
			repaired := mustDecode(t, string(out))
			if got, err := sc.Score(gold, repaired); err != nil || got != 1 {
				t.Errorf("the repaired candidate scores %v (%v), want 1: %s", got, err, out)
			}
			res, err := sc.Align(gold, cand)
			if err != nil {
				t.Fatal(err)
			}
			p, err := repair.NewPatch(cand, res.Edits())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := string(runCLI(t, "repair", "-compat", name, "-patch", "-schema", orgSchema, orgGold, orgCand)), string(p.AppendJSON(nil))+"\n"; got != want {
				t.Errorf("-patch:\n got  %s want %s", got, want)
			}
		})
	}
}

// TestRepairBatch repairs a batch with broken lines: one output line per
// input line, in order, {"repaired":…} (or {"patch":…}) for every line the
// library repairs, the gold for a candidate that fails validation, and
// {"error":"line N: …"} for every other broken line; -jobs 1 and -jobs 4
// agree byte for byte.
func TestRepairBatch(t *testing.T) {
	lines := genBatch(300)
	in := writeBatch(t, lines)
	out1 := runCLI(t, "repair", "-schema", orgSchema, "-quiet", "-batch", in, "-jobs", "1")
	if out4 := runCLI(t, "repair", "-schema", orgSchema, "-quiet", "-batch", in, "-jobs", "4"); !bytes.Equal(out1, out4) {
		t.Fatal("-jobs 1 and -jobs 4 outputs differ")
	}
	patches := strings.Split(strings.TrimSuffix(string(runCLI(t, "repair", "-schema", orgSchema, "-quiet", "-patch", "-batch", in)), "\n"), "\n")
	got := strings.Split(strings.TrimSuffix(string(out1), "\n"), "\n")
	if len(got) != len(lines) || len(patches) != len(lines) {
		t.Fatalf("%d and %d output lines for %d input lines", len(got), len(patches), len(lines))
	}
	sc := orgScorer(t, interp.CompatDefault)
	for i, l := range lines {
		v := mustDecode(t, got[i])
		pv := mustDecode(t, patches[i])
		switch l.kind {
		case "good", "zero":
			pair := mustDecode(t, l.text)
			gold, _ := pair.Get("gold")
			cand, _ := pair.Get("candidate")
			repaired, ok := v.Get("repaired")
			if !ok || len(v.Obj) != 1 {
				t.Fatalf("line %d: got %s, want {\"repaired\":…}", i+1, got[i])
			}
			if s, err := sc.Score(gold, repaired); err != nil || s != 1 {
				t.Errorf("line %d: the repaired candidate scores %v (%v)", i+1, s, err)
			}
			res, err := sc.Align(gold, cand)
			if err != nil {
				t.Fatal(err)
			}
			p, err := repair.NewPatch(cand, res.Edits())
			if err != nil {
				t.Fatal(err)
			}
			if want := `{"patch":` + string(p.AppendJSON(nil)) + `}`; patches[i] != want {
				t.Errorf("line %d: -patch gives %s, want %s", i+1, patches[i], want)
			}
		case "error":
			msg, _ := v.Get("error")
			pmsg, _ := pv.Get("error")
			prefix := "line " + strconv.Itoa(i+1) + ": "
			kind, _ := v.Get("error_kind")
			if len(v.Obj) != 2 || kind.Kind != jsonval.String || !strings.HasPrefix(msg.S, prefix) || !strings.Contains(msg.S, l.errText) || pmsg.S != msg.S {
				t.Errorf("line %d: got %s and %s, want an error line %q…%q", i+1, got[i], patches[i], prefix, l.errText)
			}
		}
	}
}

// TestRepairUsage checks the usage errors (exit 2), a bad gold (exit 1) and
// -h (exit 0, the whole usage text on stderr).
func TestRepairUsage(t *testing.T) {
	badGold := filepath.Join(t.TempDir(), "gold.json")
	if err := os.WriteFile(badGold, []byte(`{"people":[{"id":1,"name":"Ann","role":"Manager"}],"mentorships":[{"mentor":7,"mentee":1}],"agenda":[],"period":[2020,2021]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"repair", orgGold, orgCand}, exitUsage, "-schema is required"},
		{[]string{"repair", "-schema", orgSchema, orgGold}, exitUsage, "want GOLD.json and CAND.json, got 1 argument"},
		{[]string{"repair", "-compat", "python", "-schema", orgSchema, orgGold, orgCand}, exitUsage, `unknown compat profile "python"`},
		{[]string{"repair", "-schema", orgSchema, "-batch", "in.jsonl", orgGold}, exitUsage, "-batch takes no positional arguments"},
		{[]string{"repair", "-schema", orgSchema, badGold, orgCand}, exitInput, "invalid gold at /mentorships/0/mentor"},
		{[]string{"repair", "-h"}, exitOK, "RFC 6902 JSON Patch"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, strings.NewReader(""), &stdout, &stderr)
		if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("oagen %s: exit %d, stderr %q; want exit %d and %q", strings.Join(tc.args, " "), code, stderr.String(), tc.code, tc.want)
		}
	}
}

// TestRepairBatchRequests: repair -batch reads the requests of score -batch:
// the "id" is copied to the output line, "options" (the profile here) apply
// to the line, and a line without a candidate is an error line with its id.
func TestRepairBatchRequests(t *testing.T) {
	gold, cand := string(readFile(t, orgGold)), string(readFile(t, orgCand))
	compact := func(s string) string { return string(jsonval.AppendJSON(nil, mustDecode(t, s))) }
	input := `{"id":"a","gold":` + compact(gold) + `,"candidate":` + compact(cand) + `}` + "\n" +
		`{"id":7,"gold":` + compact(gold) + `,"candidate":` + compact(cand) + `,"options":{"compat":"reference"}}` + "\n" +
		`{"id":"c","gold":` + compact(gold) + `}` + "\n"
	var stdout, stderr bytes.Buffer
	if code := run([]string{"repair", "-schema", orgSchema, "-patch", "-batch", "-"}, strings.NewReader(input), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d output lines, want 3:\n%s", len(lines), stdout.String())
	}
	res, err := orgScorer(t, interp.CompatDefault).Align(readJSON(t, orgGold), readJSON(t, orgCand))
	if err != nil {
		t.Fatal(err)
	}
	p, err := repair.NewPatch(res.Candidate, res.Edits())
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{`{"id":"a","patch":` + string(p.AppendJSON(nil)) + `}`, `{"id":7,"patch":` + string(p.AppendJSON(nil)) + `}`} {
		if lines[i] != want {
			t.Errorf("line %d: %s, want %s", i+1, lines[i], want)
		}
	}
	if !strings.HasPrefix(lines[2], `{"id":"c","error":"line 3: `) || !strings.Contains(lines[2], `"error_kind":"bad_request"`) {
		t.Errorf("line 3: %s, want an error line with id \"c\"", lines[2])
	}
	if !strings.HasPrefix(stderr.String(), "oagen repair: 3 lines, 1 error,") {
		t.Errorf("stderr %q, want the summary line", stderr.String())
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
