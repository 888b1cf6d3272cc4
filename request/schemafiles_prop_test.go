package request

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/proptest"
)

// TestSchemaFilesProperty: for random names built from "..", ".", the
// root's and its parent's absolute paths, directories, symbolic links
// (inside the root and out of it), a FIFO and missing files, Resolve
// (1) returns only the content of a regular file inside the root, never
// the secret outside it; (2) never quotes a file's content in its error;
// (3) names the path it was given; (4) gives the same outcome twice; and
// (5) resolves a name that reaches a file inside the root through
// directories and links that stay inside it.
func TestSchemaFilesProperty(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "sub"), 0o755))
	must(os.MkdirAll(filepath.Join(base, "outside"), 0o755))
	files := map[string]string{
		filepath.Join(root, "good.json"):            "inside:good",
		filepath.Join(root, "sub", "good.json"):     "inside:sub/good",
		filepath.Join(base, "outside", "good.json"): "OUTSIDE-SECRET",
		filepath.Join(base, "good.json"):            "PARENT-SECRET",
	}
	for name, text := range files {
		must(os.WriteFile(name, []byte(text), 0o644))
	}
	must(os.Symlink(filepath.Join(base, "outside"), filepath.Join(root, "sub", "out")))
	must(os.Symlink("sub", filepath.Join(root, "in")))
	must(os.Symlink(filepath.Join(base, "outside", "good.json"), filepath.Join(root, "secret.json")))
	must(syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644))
	sf, err := OpenSchemaFiles(root, 1<<20)
	must(err)
	defer sf.Close()

	parts := []string{"..", ".", "sub", "in", "out", "outside", "root", "good.json", "secret.json", "fifo", "missing"}
	// insideOK reports whether the components name good.json through
	// directories and links that never leave the root (property 5).
	insideOK := func(comps []string) bool {
		if len(comps) == 0 || comps[len(comps)-1] != "good.json" {
			return false
		}
		depth := 0
		for _, c := range comps[:len(comps)-1] {
			switch c {
			case "sub", "in":
				if depth != 0 {
					return false
				}
				depth++
			case ".":
			default:
				return false
			}
		}
		return true
	}
	props := gopter.NewProperties(proptest.Parameters(t))
	props.Property("schema files stay in their root", prop.ForAll(func(seed uint64) bool {
		r := rand.New(rand.NewPCG(seed, 19))
		comps := make([]string, 1+r.IntN(5))
		for i := range comps {
			comps[i] = parts[r.IntN(len(parts))]
		}
		name := strings.Join(comps, "/")
		switch r.IntN(4) {
		case 0:
			name = root + "/" + name
		case 1:
			name = base + "/" + name
		}
		data, file, err := sf.Resolve(name)
		data2, _, err2 := sf.Resolve(name)
		if file != name || string(data) != string(data2) || (err == nil) != (err2 == nil) {
			t.Logf("%q: not the same outcome twice, or not named as given (%q)", name, file)
			return false
		}
		if err != nil {
			msg := err.Error()
			if strings.Contains(msg, "SECRET") || strings.Contains(msg, "inside:") || !strings.Contains(msg, name) {
				t.Logf("%q: error %q", name, msg)
				return false
			}
			if insideOK(comps) && !strings.HasPrefix(name, base+"/") {
				t.Logf("%q: a file inside the root refused: %v", name, err)
				return false
			}
			return true
		}
		if !strings.HasPrefix(string(data), "inside:") {
			t.Logf("%q: read %q", name, data)
			return false
		}
		return true
	}, gen.UInt64()))
	props.TestingRun(t)
}
