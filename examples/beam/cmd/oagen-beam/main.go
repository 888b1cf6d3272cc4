// Command oagen-beam runs "oagen eval" as an Apache Beam pipeline: it scores
// the JSON Lines shards matched by --input on the runner's workers and
// writes summary.json, state.json and report.html into --output, the same
// files "oagen eval" writes.
//
// Locally, on Beam's prism runner:
//
//	go run ./cmd/oagen-beam --input 'data/*.jsonl' --schema schema.json --output out/
//
// On Dataflow or Flink, add the runner's flags (see the README).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // gs:// paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/objectaligner/oagen/eval"
	evalbeam "github.com/objectaligner/oagen/examples/beam"
)

func main() {
	var (
		input          = flag.String("input", "", "glob of the JSON Lines shards (local, gs://, …)")
		output         = flag.String("output", "oagen-eval", "directory for summary.json, state.json and report.html")
		schema         = flag.String("schema", "", "default schema file (read here, sent to the workers)")
		compat         = flag.String("compat", "default", "scoring profile: default or reference")
		title          = flag.String("title", "", "name of the evaluation in the report (default: the input glob)")
		matchThreshold = flag.Float64("match_threshold", eval.DefaultConfig().MatchThreshold, "similarity from which a paired value counts as a true positive")
		worst          = flag.Int("worst", eval.DefaultConfig().Worst, "number of lowest-scoring cases kept")
		sample         = flag.Int("sample", eval.DefaultConfig().Sample, "number of cases kept as a sample for the report")
	)
	flag.Parse()
	beam.Init()
	if *input == "" {
		fmt.Fprintln(os.Stderr, "oagen-beam: --input is required")
		os.Exit(2)
	}
	cfg := evalbeam.Config{
		Input: *input, Output: *output, Compat: *compat, Title: *title,
		Eval: eval.Config{MatchThreshold: *matchThreshold, Worst: *worst, Sample: *sample},
	}
	if cfg.Title == "" {
		cfg.Title = *input
	}
	if *schema != "" {
		data, err := os.ReadFile(*schema)
		if err != nil {
			fmt.Fprintln(os.Stderr, "oagen-beam:", err)
			os.Exit(1)
		}
		cfg.Schema, cfg.SchemaFile = data, *schema
	}
	p, s := beam.NewPipelineWithRoot()
	if err := evalbeam.Build(s, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "oagen-beam:", err)
		os.Exit(2)
	}
	if err := beamx.Run(context.Background(), p); err != nil {
		fmt.Fprintln(os.Stderr, "oagen-beam:", err)
		os.Exit(1)
	}
}
