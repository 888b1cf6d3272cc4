// Command oagen-vet checks the oa struct tags of Go packages (the oatag
// analyzer of package structtag/oatag: what "oagen check ./pkg" reports).
//
// Run it from go vet:
//
//	go install github.com/objectaligner/oagen/cmd/oagen-vet@latest
//	go vet -vettool=$(which oagen-vet) ./...
//
// or on its own, as oagen-vet ./...; -quiet leaves the warnings out.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/objectaligner/oagen/structtag/oatag"
)

func main() { singlechecker.Main(oatag.Analyzer) }
