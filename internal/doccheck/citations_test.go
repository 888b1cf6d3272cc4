package doccheck

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// scoringDoc is the document that citations name, relative to the module root.
const scoringDoc = "docs/SCORING.md"

var (
	// heading matches a numbered heading of docs/SCORING.md: "## 5. Arrays",
	// "### 5.2 Unordered tail", "#### 8.8.1 Selection".
	heading = regexp.MustCompile(`^(#{2,4}) (\d+(?:\.\d+)*)\.? `)

	// ws is the space between the words of a citation; a citation may wrap
	// onto the next line of a comment.
	ws = `(?:[ \t]*\n[ \t]*(?://+|#)?[ \t]*|[ \t]+)`
	// ref is one section reference, or a range of two.
	ref   = `§(\d+(?:\.\d+)*)(?:–§?(\d+(?:\.\d+)*))?`
	sep   = `(?:,(?:` + ws + `)?(?:and` + ws + `)?|` + ws + `and` + ws + `|` + ws + `or` + ws + `)`
	refRE = regexp.MustCompile(ref)
	// citation is "docs/SCORING.md §N" and the references continuing it.
	citation = regexp.MustCompile(regexp.QuoteMeta(scoringDoc) + ws +
		`(?:` + ref + `)(?:` + sep + `(?:` + ref + `))*`)
	// bareRef is a reference written without the document's name.
	bareRef = regexp.MustCompile(`(?:` + ref + `)(?:` + sep + `(?:` + ref + `))*`)
	// formerSpec is the name of the specification the team used before
	// docs/SCORING.md existed; spelt in two parts so that this file does not
	// match itself.
	formerSpec = regexp.MustCompile(`\b` + "SP" + `EC\b`)
	// question is the former specification's form for its open questions
	// (section 13, question 7), which has no counterpart in docs/SCORING.md.
	question = regexp.MustCompile(`§\d+(?:\.\d+)*` + ws + `(?:item` + ws + `)?[QD]\d+`)
)

// ownNumbering are the documents in which a bare "§N" names a section of
// docs/SCORING.md.
var ownNumbering = []string{scoringDoc, "docs/PROFILES.md"}

// TestCitations checks every citation of docs/SCORING.md in the repository.
func TestCitations(t *testing.T) {
	root := moduleRoot(t)
	sections := scoringSections(t, filepath.Join(root, filepath.FromSlash(scoringDoc)))
	files := scannedFiles(t, root)
	if len(files) < 50 {
		t.Fatalf("scanned only %d files under %s; the walk is broken", len(files), root)
	}
	cited := 0
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		n, problems := checkFile(rel, string(data), sections)
		cited += n
		for _, p := range problems {
			t.Error(p)
		}
	}
	// The code cites the document throughout; far fewer citations mean the
	// citation pattern no longer matches what the code writes.
	if cited < 500 {
		t.Errorf("found %d citations of %s, want hundreds: is the pattern stale?", cited, scoringDoc)
	}
}

// checkFile returns the number of section references in the text of the file
// rel and a description of every problem found.
func checkFile(rel, text string, sections map[string]bool) (int, []string) {
	var problems []string
	report := func(off int, format string, args ...any) {
		line := strings.Count(text[:off], "\n") + 1
		problems = append(problems, fmt.Sprintf("%s:%d: %s", rel, line, fmt.Sprintf(format, args...)))
	}
	if !isTestdata(rel) {
		for _, loc := range formerSpec.FindAllStringIndex(text, -1) {
			report(loc[0], "%q refers to the former specification: cite %s §N instead", text[loc[0]:loc[1]], scoringDoc)
		}
	}
	for _, loc := range question.FindAllStringIndex(text, -1) {
		report(loc[0], "%q: %s has no numbered questions; cite the section that states the rule", text[loc[0]:loc[1]], scoringDoc)
	}

	refs := 0
	covered := make([]bool, len(text)) // bytes inside a citation
	checkRefs := func(start int, group string) {
		for _, m := range refRE.FindAllStringSubmatchIndex(group, -1) {
			refs++
			for _, g := range [][2]int{{m[2], m[3]}, {m[4], m[5]}} {
				if g[0] < 0 {
					continue
				}
				if sec := group[g[0]:g[1]]; !sections[sec] {
					report(start+m[0], "%s has no section §%s", scoringDoc, sec)
				}
			}
		}
	}
	for _, loc := range citation.FindAllStringIndex(text, -1) {
		checkRefs(loc[0], text[loc[0]:loc[1]])
		for i := loc[0]; i < loc[1]; i++ {
			covered[i] = true
		}
	}
	own := slices.Contains(ownNumbering, rel)
	for _, loc := range bareRef.FindAllStringIndex(text, -1) {
		if covered[loc[0]] {
			continue
		}
		if own {
			checkRefs(loc[0], text[loc[0]:loc[1]])
			continue
		}
		report(loc[0], "bare %q: write %s %s", text[loc[0]:loc[1]], scoringDoc, text[loc[0]:loc[1]])
	}
	return refs, problems
}

// sectionSign writes the section sign for the "@" of TestCheckFile's cases,
// which are written with "@" so that this file holds no citation itself.
var sectionSign = strings.NewReplacer("@", "\u00a7")

// TestCheckFile pins what checkFile accepts and rejects.
func TestCheckFile(t *testing.T) {
	sections := map[string]bool{"5": true, "5.2": true, "7.3": true, "7.5": true, "13.3": true}
	for _, tc := range []struct {
		name, rel, text string
		refs            int
		problems        []string
	}{
		{"one", "a.go", "// aligned (docs/SCORING.md @5.2).", 1, nil},
		{"list", "a.go", "// docs/SCORING.md @7.5, @5.2 and @13.3", 3, nil},
		{"range", "a.go", "// docs/SCORING.md @7.3–7.5", 1, nil},
		{"wrapped", "a.go", "// the walk (docs/SCORING.md\n// @7.3): ids", 1, nil},
		{"qualifier", "a.go", "// docs/SCORING.md @5.2 rule 1", 1, nil},
		{"missing", "a.go", `errorf("x (docs/SCORING.md @5.10)")`, 1,
			[]string{"a.go:1: docs/SCORING.md has no section @5.10"}},
		{"missing range end", "a.go", "// docs/SCORING.md @7.3–7.9", 1,
			[]string{"a.go:1: docs/SCORING.md has no section @7.9"}},
		{"bare", "a.go", "// x\n// see @5.2", 0,
			[]string{`a.go:2: bare "@5.2": write docs/SCORING.md @5.2`}},
		{"bare in the document", scoringDoc, "see @5.2 and @7.3", 2, nil},
		{"bare missing in the document", scoringDoc, "see @6.1", 1,
			[]string{scoringDoc + ":1: docs/SCORING.md has no section @6.1"}},
		{"former", "README.md", "see " + "SP" + "EC.md", 0,
			[]string{`README.md:1: "` + "SP" + `EC" refers to the former specification: cite docs/SCORING.md @N instead`}},
		{"former in testdata", "x/testdata/README.md", "SP" + "EC", 0, nil},
		{"question", "a.go", "// docs/SCORING.md @13 Q3", 1,
			[]string{`a.go:1: "@13 Q3": docs/SCORING.md has no numbered questions; cite the section that states the rule`,
				"a.go:1: docs/SCORING.md has no section @13"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := sectionSign.Replace(tc.text)
			want := make([]string, len(tc.problems))
			for i, p := range tc.problems {
				want[i] = sectionSign.Replace(p)
			}
			refs, problems := checkFile(tc.rel, text, sections)
			if refs != tc.refs || !slices.Equal(problems, want) {
				t.Errorf("checkFile(%q) = %d, %q; want %d, %q", text, refs, problems, tc.refs, want)
			}
		})
	}
}

// scoringSections returns the section numbers of the document's headings,
// checking that each is unique and that the parent of each subsection exists.
func scoringSections(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sections := map[string]bool{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		m := heading.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		num, depth := m[2], len(m[1])-1
		if got := strings.Count(num, ".") + 1; got != depth {
			t.Errorf("%s:%d: section %s under a level-%d heading", scoringDoc, line, num, depth+1)
		}
		if sections[num] {
			t.Errorf("%s:%d: section %s appears twice", scoringDoc, line, num)
		}
		if i := strings.LastIndexByte(num, '.'); i >= 0 && !sections[num[:i]] {
			t.Errorf("%s:%d: section %s comes before its parent %s", scoringDoc, line, num, num[:i])
		}
		sections[num] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(sections) < 20 {
		t.Fatalf("%s has %d numbered sections; the heading pattern is stale", scoringDoc, len(sections))
	}
	return sections
}

// scannedFiles lists, relative to root with slashes, every .go file and
// every .md, .txt and .py file outside testdata directories.
func scannedFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch filepath.Ext(rel) {
		case ".go":
		case ".md", ".txt", ".py":
			if isTestdata(rel) {
				return nil
			}
		default:
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// isTestdata reports whether the slash-separated path rel lies in a testdata
// directory.
func isTestdata(rel string) bool {
	return slices.Contains(strings.Split(rel, "/")[:strings.Count(rel, "/")], "testdata")
}

// moduleRoot returns the directory of the go.mod above the working directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		} else if !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}
