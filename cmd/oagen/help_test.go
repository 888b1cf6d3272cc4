package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// helpGoldenDir holds the help text of every command (help/<command>.txt)
// and the top-level help (help/oagen.txt).
const helpGoldenDir = "testdata/golden/help"

// helpText runs args and returns everything it printed, the way the golden
// files pin it, and the exit status.
func helpText(args ...string) (string, int) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return stdout.String() + stderr.String(), code
}

// TestHelpGolden pins the help of every command, checks that
// "oagen help CMD" prints exactly what "oagen CMD -h" prints, on the same
// streams, with exit status 0, and that the top-level help is what "oagen
// -h" and "oagen help" print. A command added to the commands table gets a
// golden file with "go test ./cmd/oagen -run Golden -update".
func TestHelpGolden(t *testing.T) {
	seen := map[string]bool{}
	check := func(name, got string) {
		t.Helper()
		file := name + ".txt"
		seen[file] = true
		path := filepath.Join(helpGoldenDir, file)
		if *update {
			if err := os.MkdirAll(helpGoldenDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if got != string(want) {
			t.Errorf("help of %s differs from %s: %s", name, path, firstDiff(got, string(want)))
		}
	}
	for _, c := range commands {
		var hout, herr, fout, ferr bytes.Buffer
		hcode := run([]string{"help", c.name}, strings.NewReader(""), &hout, &herr)
		fcode := run([]string{c.name, "-h"}, strings.NewReader(""), &fout, &ferr)
		if hcode != exitOK || fcode != exitOK {
			t.Errorf("oagen help %s: exit %d; oagen %s -h: exit %d; want 0", c.name, hcode, c.name, fcode)
		}
		if hout.String() != fout.String() || herr.String() != ferr.String() {
			t.Errorf("oagen help %s and oagen %s -h differ:\n%s", c.name, c.name, firstDiff(hout.String()+herr.String(), fout.String()+ferr.String()))
		}
		if !strings.HasPrefix(fout.String()+ferr.String(), "Usage") {
			t.Errorf("oagen %s -h does not start with a Usage block", c.name)
		}
		check(c.name, fout.String()+ferr.String())
	}
	for _, args := range [][]string{{"-h"}, {"help"}, {"--help"}, {"-help"}, {"help", "help"}, {"help", "-h"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK || stdout.String() != topUsage || stderr.Len() != 0 {
			t.Errorf("oagen %s: exit %d, stderr %q; want the top-level help on stdout, exit 0", strings.Join(args, " "), code, stderr.String())
		}
	}
	check("oagen", topUsage)
	entries, err := os.ReadDir(helpGoldenDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !seen[e.Name()] {
			t.Errorf("%s: golden file without a command", filepath.Join(helpGoldenDir, e.Name()))
		}
	}
}

// TestHelpWidth checks that no line of any help text is wider than
// helpWidth code points, and that none sends the reader to the README,
// which the user of an installed binary does not have.
func TestHelpWidth(t *testing.T) {
	texts := map[string]string{"oagen -h": topUsage}
	for _, c := range commands {
		texts["oagen "+c.name+" -h"], _ = helpText(c.name, "-h")
	}
	for name, text := range texts {
		for i, line := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(line); n > helpWidth || strings.Contains(line, "\t") {
				t.Errorf("%s, line %d: %d code points (or a tab), want at most %d:\n%s", name, i+1, n, helpWidth, line)
			}
		}
		if strings.Contains(text, "README") {
			t.Errorf("%s points to the README", name)
		}
	}
}

// usageForms returns the command forms of a help text's Usage blocks (the
// indented "oagen …" lines after a line starting with "Usage"), without
// their " [flags]".
func usageForms(text string) []string {
	var forms []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "Usage"):
			in = true
		case line == "":
			in = false
		case in && strings.HasPrefix(line, "  oagen "):
			forms = append(forms, strings.Join(strings.Fields(strings.ReplaceAll(line, " [flags]", "")), " "))
		}
	}
	return forms
}

// TestHelpForms checks that the top-level help lists every form of every
// command, as the command's own help writes it.
func TestHelpForms(t *testing.T) {
	var top []string
	for _, line := range strings.Split(topUsage, "\n") {
		top = append(top, strings.Join(strings.Fields(line), " "))
	}
	for _, c := range commands {
		text, _ := helpText(c.name, "-h")
		forms := usageForms(text)
		if len(forms) == 0 {
			t.Errorf("oagen %s -h has no Usage block with an \"oagen %s\" line", c.name, c.name)
		}
		for _, f := range forms {
			if !slices.Contains(top, f) {
				t.Errorf("the top-level help lacks the form %q of oagen %s -h", f, c.name)
			}
		}
	}
	if !slices.Contains(top, "oagen repair [-schema S.json] -batch IN.jsonl [-patch] [-o OUT.jsonl]") {
		t.Error("the top-level help lacks repair -batch")
	}
}

// TestSuggestCommands checks the suggestions for unknown commands: aliases
// (which say which command they mean), prefixes, edit distance.
func TestSuggestCommands(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"evaluate", []string{"eval"}},
		{"diff", []string{"score", "describe"}},
		{"validate", []string{"check"}},
		{"Validate", []string{"check"}},
		{"generate", []string{"gen"}},
		{"scor", []string{"score"}},
		{"sc", []string{"score", "schema"}},
		{"ev", []string{"eval"}},
		{"rep", []string{"repair"}},
		{"gne", []string{"gen"}},
		{"sroce", []string{"score"}},
		{"Score", []string{"score"}},
		{"frobnicate", nil},
		{"", nil},
		{"score", nil}, // a command: nothing to suggest
	} {
		var got []string
		for _, c := range suggestCommands(tc.name) {
			got = append(got, c.name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("suggestCommands(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct{ name, want string }{
		{"evaluate", `oagen: unknown command "evaluate"; did you mean "eval" (score a dataset and summarize it)?` + "\n"},
		{"diff", `oagen: unknown command "diff"; did you mean "score" (` + lookupCommand("score").summary +
			`) or "describe" (` + lookupCommand("describe").summary + `)?` + "\n"},
		{"frobnicate", `oagen: unknown command "frobnicate"` + "\n"},
	} {
		if got := unknownCommand(tc.name); got != tc.want {
			t.Errorf("unknownCommand(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	// Every alias names a command that exists.
	for a, names := range aliases {
		for _, n := range names {
			if lookupCommand(n) == nil {
				t.Errorf("alias %q names %q, not a command", a, n)
			}
		}
	}
}

// TestHelpUnknown checks "oagen help" with an unknown command or too many.
func TestHelpUnknown(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "evaluate"}, "oagen: unknown command \"evaluate\"; did you mean \"eval\" (score a dataset and summarize it)?\nRun \"oagen help\" for the commands.\n"},
		{[]string{"help", "score", "eval"}, "oagen help: want one command, got 2 arguments\n"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &stdout, &stderr); code != exitUsage || stderr.String() != tc.want || stdout.Len() != 0 {
			t.Errorf("oagen %s: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", strings.Join(tc.args, " "), code, stdout.String(), stderr.String(), tc.want)
		}
	}
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  []string
	}{
		{"", 10, []string{""}},
		{"a b c", 3, []string{"a b", "c"}},
		{"a b c", 5, []string{"a b c"}},
		{"λλλ λλ", 3, []string{"λλλ", "λλ"}}, // code points, not bytes
		{"short averyveryverylongword x", 8, []string{"short", "averyveryverylongword", "x"}},
		{"  spaced   out  ", 20, []string{"spaced out"}},
	} {
		if got := wrap(tc.text, tc.width); !slices.Equal(got, tc.want) {
			t.Errorf("wrap(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
		}
	}
}
