package ir

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestGenTable(t *testing.T) {
	b, _ := os.ReadFile("/tmp/irgen/cases.txt")
	var out strings.Builder
	for _, c := range strings.Split(string(b), "====\n") {
		name, body, _ := strings.Cut(c, "\n")
		body = strings.TrimRight(body, "\n")
		_, err := Compile([]byte(body), Options{File: "schema.json"})
		fmt.Fprintf(&out, "\t{\n\t\tname: %q,\n\t\tschema: `%s`,\n\t\twant: []string{\n", name, body)
		for _, d := range err.(ErrorList) {
			fmt.Fprintf(&out, "\t\t\t`%s`,\n", d.String())
		}
		fmt.Fprintf(&out, "\t\t},\n\t},\n")
	}
	os.WriteFile("/tmp/irgen/table.go.txt", []byte(out.String()), 0o644)
}
