package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestStdin checks that any one file argument of score, describe, repair
// and check can be "-", standard input, with the same output as the file,
// and that a second "-" is a usage error naming both arguments.
func TestStdin(t *testing.T) {
	const ex = "../../examples/orgchart/"
	files := map[string]string{"schema": ex + "schema.json", "gold": ex + "gold.json", "cand": ex + "candidate.json"}
	read := func(name string) string {
		data, err := os.ReadFile(files[name])
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	runIn := func(stdin string, args ...string) (string, string, int) {
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(stdin), &stdout, &stderr)
		return stdout.String(), stderr.String(), code
	}
	for _, cmd := range [][]string{{"score", "-feedback"}, {"score", "-json"}, {"describe"}, {"repair"}, {"repair", "-patch"}} {
		args := func(schema, gold, cand string) []string {
			return append(append([]string(nil), cmd...), "-schema", schema, gold, cand)
		}
		want, stderr, code := runIn("", args(files["schema"], files["gold"], files["cand"])...)
		if code != exitOK {
			t.Fatalf("oagen %s: exit %d: %s", strings.Join(cmd, " "), code, stderr)
		}
		for _, which := range []string{"schema", "gold", "cand"} {
			a := args(files["schema"], files["gold"], files["cand"])
			for i, x := range a {
				if x == files[which] {
					a[i] = "-"
				}
			}
			got, stderr, code := runIn(read(which), a...)
			if code != exitOK || got != want {
				t.Errorf("oagen %s with %s on stdin: exit %d, stderr %q, output differs from the files': %s", strings.Join(a, " "), which, code, stderr, firstDiff(got, want))
			}
		}
		_, stderr, code = runIn("", args("-", files["gold"], "-")...)
		if wantErr := "oagen " + cmd[0] + ": -schema and CAND.json are both \"-\": standard input can be read only once\n"; code != exitUsage || !strings.HasPrefix(stderr, wantErr) {
			t.Errorf("oagen %s with two -: exit %d, stderr %q; want exit 2, %q", cmd[0], code, stderr, wantErr)
		}
	}

	// A syntax error on standard input is located in it.
	_, stderr, code := runIn("{\n  \"people\": [\n", "score", "-schema", files["schema"], "-", files["cand"])
	if code != exitInput || !strings.HasPrefix(stderr, "oagen score: <standard input>:3:1: ") {
		t.Errorf("bad JSON on stdin: exit %d, stderr %q; want exit 1 and a <standard input>:3:1 position", code, stderr)
	}
	_, stderr, code = runIn("", "score", "-schema", "-", "-batch", "in.jsonl")
	if code != exitUsage || !strings.Contains(stderr, "-schema -: with -batch") {
		t.Errorf("score -batch -schema -: exit %d, stderr %q; want a usage error", code, stderr)
	}
	_, stderr, code = runIn("", "eval", "-schema", "-", "in.jsonl")
	if code != exitUsage || !strings.Contains(stderr, "-schema -: give the schema as a file") {
		t.Errorf("eval -schema -: exit %d, stderr %q; want a usage error", code, stderr)
	}

	// check: a good schema, a bad one (its errors located in
	// <standard input>), two "-".
	out, stderr, code := runIn(read("schema"), "check", "-")
	if code != exitOK || out != "" || stderr != "" {
		t.Errorf("check - (good schema): exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	out, _, code = runIn(`{"type": "objec"}`, "check", "-")
	if code != exitInput || !strings.HasPrefix(out, "<standard input>:1:2: ") {
		t.Errorf("check - (bad schema): exit %d, stdout %q; want exit 1 and a <standard input>:1:2 position", code, out)
	}
	_, stderr, code = runIn(read("schema"), "check", files["schema"], "-", "-")
	if want := "oagen check: argument 2 and argument 3 are both \"-\": standard input can be read only once\n"; code != exitUsage || !strings.HasPrefix(stderr, want) {
		t.Errorf("check with two -: exit %d, stderr %q; want exit 2, %q", code, stderr, want)
	}
}

func TestCheckStdin(t *testing.T) {
	for _, tc := range []struct {
		args []fileArg
		want string
	}{
		{nil, ""},
		{[]fileArg{{"a", "x"}, {"b", "-"}}, ""},
		{[]fileArg{{"a", "-"}, {"b", "-"}}, `a and b are both "-": standard input can be read only once`},
		{[]fileArg{{"a", "-"}, {"b", "-"}, {"c", "y"}, {"d", "-"}}, `a, b and d are all "-": standard input can be read only once`},
	} {
		err := checkStdin(tc.args...)
		got := ""
		if err != nil {
			if _, ok := err.(*usageError); !ok {
				t.Errorf("checkStdin(%v): %T, want a usage error", tc.args, err)
			}
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("checkStdin(%v) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
