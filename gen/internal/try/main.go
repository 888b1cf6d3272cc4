package main

import (
	"fmt"
	"os"

	"github.com/objectaligner/oagen/gen"
)

func main() {
	data, _ := os.ReadFile(os.Args[1])
	src, err := gen.Generate(gen.Options{TypeName: os.Args[2], Package: "p", SchemaFile: "s.json", SchemaJSON: data})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Stdout.Write(src)
		os.Exit(1)
	}
	os.Stdout.Write(src)
}
