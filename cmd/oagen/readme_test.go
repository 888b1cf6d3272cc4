package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sameOutput reports whether got and want are the same lines, numbers
// compared to 1e-9 (so that the README does not pin the last bit of a
// float) and everything else exactly.
func sameOutput(got, want string) bool {
	num := regexp.MustCompile(`[-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?`)
	if num.ReplaceAllString(got, "#") != num.ReplaceAllString(want, "#") {
		return false
	}
	g, w := num.FindAllString(got, -1), num.FindAllString(want, -1)
	for i := range g {
		a, err1 := strconv.ParseFloat(g[i], 64)
		b, err2 := strconv.ParseFloat(w[i], 64)
		if err1 != nil || err2 != nil || (a-b > 1e-9 || b-a > 1e-9) {
			return false
		}
	}
	return true
}

// TestReadmeConsole runs every "$ oagen …" command of the README's console
// blocks from the repository root and checks that it prints what the
// README shows, and that the set-up's first command prints the score the
// README says.
func TestReadmeConsole(t *testing.T) {
	t.Chdir("../..")
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	blocks := regexp.MustCompile("(?s)```console\n(.*?)```\n").FindAllStringSubmatch(readme, -1)
	if len(blocks) < 2 {
		t.Fatalf("%d console blocks in the README, want the walk-through's", len(blocks))
	}
	for _, b := range blocks {
		for _, part := range strings.Split("\n"+b[1], "\n$ ")[1:] {
			cmd, want, _ := strings.Cut(part, "\n")
			args := strings.Fields(cmd)
			if args[0] != "oagen" {
				t.Fatalf("README console command %q does not run oagen", cmd)
			}
			var stdout, stderr bytes.Buffer
			code := run(args[1:], strings.NewReader(""), &stdout, &stderr)
			if code != exitOK || !sameOutput(stdout.String(), want) {
				t.Errorf("README.md shows\n$ %s\n%s\nbut it exits %d and prints\n%s%s(update the README)", cmd, want, code, stdout.String(), stderr.String())
			}
		}
	}
	setup := regexp.MustCompile("(?s)## Set-up\n.*?```sh\ngo run ./cmd/oagen ([^\n]*)\ngo test ./...\n```").FindStringSubmatch(readme)
	if setup == nil {
		t.Fatal("the README's set-up is not the two commands (go run ./cmd/oagen …, go test ./...)")
	}
	var stdout, stderr bytes.Buffer
	if code := run(strings.Fields(setup[1]), strings.NewReader(""), &stdout, &stderr); code != exitOK || stdout.String() != "0.7678571428571429\n" {
		t.Errorf("the set-up command prints %q (exit %d, %s), the README says 0.7678571428571429", stdout.String(), code, stderr.String())
	}
}

// TestReadmeAnnotations applies the annotations of the README's "Write your
// first schema" table one by one to examples/meeting/plain.schema.json and
// checks the score of each row, and that all of them give
// examples/meeting/schema.json.
func TestReadmeAnnotations(t *testing.T) {
	t.Chdir("../..")
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	section, _, _ := strings.Cut(strings.SplitN(string(data), "## Write your first schema\n", 2)[1], "\n## ")
	rows := regexp.MustCompile("(?m)^\\| (`[^|]*`|\\(none\\)) \\| (`[a-z_]*`)? *\\|.*\\| ([0-9.]+) \\|$").FindAllStringSubmatch(section, -1)
	if len(rows) < 3 {
		t.Fatalf("%d rows in the annotation table", len(rows))
	}
	read := func(name string) map[string]any {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	schema := read("examples/meeting/plain.schema.json")
	file := filepath.Join(t.TempDir(), "schema.json")
	for _, r := range rows {
		if r[2] != "" {
			var kw map[string]any
			if err := json.Unmarshal([]byte("{"+strings.Trim(r[1], "`")+"}"), &kw); err != nil {
				t.Fatalf("annotation %s: %v", r[1], err)
			}
			member := schema["properties"].(map[string]any)[strings.Trim(r[2], "`")].(map[string]any)
			for k, v := range kw {
				member[k] = v
			}
		}
		data, _ := json.Marshal(schema)
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		args := []string{"score", "-schema", file, "examples/meeting/gold.json", "examples/meeting/candidate.json"}
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d: %s", r[1], code, stderr.String())
		}
		score, _ := strconv.ParseFloat(strings.TrimSpace(stdout.String()), 64)
		if got := fmt.Sprintf("%.4f", score); got != r[3] {
			t.Errorf("README.md: with %s on %s the score is %s, the table says %s", r[1], r[2], got, r[3])
		}
	}
	if want := read("examples/meeting/schema.json"); !reflect.DeepEqual(schema, want) {
		t.Error("examples/meeting/schema.json is not the plain schema with the README's annotations")
	}
}

// TestCLIDocForms checks that docs/CLI.md lists the forms of the top-level
// help, as "oagen help" prints them.
func TestCLIDocForms(t *testing.T) {
	data, err := os.ReadFile("../../docs/CLI.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)## Commands\n\n```\n(.*?)```\n").FindSubmatch(data)
	if m == nil {
		t.Fatal("docs/CLI.md has no Commands block")
	}
	usage, _, _ := strings.Cut(strings.SplitN(topUsage, "Usage:\n", 2)[1], "\n\n")
	var want strings.Builder
	for _, line := range strings.Split(usage, "\n") {
		want.WriteString(strings.TrimPrefix(line, "  ") + "\n")
	}
	if string(m[1]) != want.String() {
		t.Errorf("docs/CLI.md's Commands block is not the forms of \"oagen help\" (copy them from it): %s", firstDiff(string(m[1]), want.String()))
	}
}

// TestReadmeAnnotate checks what the README says "oagen annotate" proposes
// for the meeting's plain schema and gold, and the score it gives.
func TestReadmeAnnotate(t *testing.T) {
	t.Chdir("../..")
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`the candidate then scores ([0-9.]+)\.`).FindSubmatch(data)
	if m == nil {
		t.Fatal("the README does not say what the annotated schema scores")
	}
	file := filepath.Join(t.TempDir(), "annotated.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"annotate", "-schema", "examples/meeting/plain.schema.json", "-o", file, "examples/meeting/gold.json"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("oagen annotate: exit %d: %s", code, stderr.String())
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			Attendee struct {
				Properties struct {
					Name  struct{ Score string }
					Email struct {
						AnyOf []struct{ Score string }
					}
				}
			}
		} `json:"$defs"`
		Properties map[string]struct{ Score, Order string }
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	a := s.Defs.Attendee.Properties
	got := []string{s.Properties["attendees"].Order, s.Properties["date"].Score, s.Properties["title"].Score,
		s.Properties["duration_minutes"].Score, a.Name.Score}
	if len(a.Email.AnyOf) > 0 {
		got = append(got, a.Email.AnyOf[0].Score)
	}
	if want := []string{"align", "exact", "jaro_winkler", "invdiff", "jaro_winkler", "exact"}; !reflect.DeepEqual(got, want) {
		t.Errorf("oagen annotate proposes %q (attendees order; date, title, duration, name, email score), the README says %q", got, want)
	}
	stdout.Reset()
	if code := run([]string{"score", "-schema", file, "examples/meeting/gold.json", "examples/meeting/candidate.json"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("oagen score: exit %d: %s", code, stderr.String())
	}
	score, _ := strconv.ParseFloat(strings.TrimSpace(stdout.String()), 64)
	if got := fmt.Sprintf("%.4f", score); got != string(m[1]) {
		t.Errorf("with the annotated schema the candidate scores %s, the README says %s", got, m[1])
	}
}
