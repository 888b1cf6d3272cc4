package structtag

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/ir"
)

// TestCheckReportsGoShapes checks that Check reports, for the roots of an
// "oagen gen" directive, every Go type that oagen gen cannot score in place,
// with GoShapes' messages and positions, and not for the roots of an
// "oagen schema" directive alone.
func TestCheckReportsGoShapes(t *testing.T) {
	// The directives are spelled so that go generate does not run them
	// on this file.
	const src = `package p

` + "//go:generate" + ` go run github.com/objectaligner/oagen/cmd/oagen gen -type T
` + "//go:generate" + ` go run github.com/objectaligner/oagen/cmd/oagen schema -type U

import "time"

type T struct {
	Labels map[int]string    ` + "`json:\"labels\"`" + `
	When   time.Time         ` + "`json:\"when\"`" + `
	Ratio  float32           ` + "`json:\"ratio\" oa:\"score=relative\"`" + `
	Count  uint64            ` + "`json:\"count\"`" + `
	Pair   [2]int            ` + "`json:\"pair\"`" + `
	Name   string            ` + "`json:\"name\" oa:\"score=exact\"`" + `
}

type U struct {
	Labels map[string]string ` + "`json:\"labels\"`" + `
	Name   string            ` + "`json:\"name\" oa:\"score=exact\"`" + `
}
`
	pattern, _ := writeStalePackage(t, map[string]string{"p.go": src})
	pkgs, err := Load(LoadOptions{}, pattern)
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	errs, _, err := p.Check(ir.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Compile("T", ir.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, serr := p.GoShapes(s)
	var want ErrorList
	if !errors.As(serr, &want) || len(want) != 5 {
		t.Fatalf("GoShapes(T) = %v, want 5 errors", serr)
	}
	got := map[string]bool{}
	for _, d := range errs {
		got[d.String()] = true
		if strings.Contains(d.Message, "GoShapes") && d.Pos.Line >= 17 {
			t.Errorf("Check reports %s for U, which only oagen schema reads", d)
		}
	}
	for _, d := range want {
		if !got[d.String()] {
			t.Errorf("Check does not report %s", d)
		}
	}
	lines := []int{}
	for _, d := range want {
		lines = append(lines, d.Pos.Line)
	}
	if !slices.Equal(lines, []int{9, 10, 11, 12, 13}) {
		t.Errorf("GoShapes positions on lines %v, want the fields' lines 9–13", lines)
	}
}
