// Package evalbeam is "oagen eval" as an Apache Beam pipeline: it reads
// JSON Lines shards (one scoring request per line, as "oagen eval" reads
// them), scores each line with the oagen library on the workers, and
// combines the mergeable summary state (eval.State) with a CombineFn built
// on eval.State.Merge, the same merge as "oagen eval -merge". It writes the
// same summary.json, state.json and report.html as "oagen eval" into an
// output directory of any Beam file system (local, gs://, s3://).
//
// The pipeline is one ParDo and one global Combine, so it runs on any
// runner: the command in cmd/oagen-beam takes the usual Beam flags
// (--runner, and the runner's own). Lines have no line numbers in a
// pipeline: give every line an "id".
package evalbeam

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/report"
	"github.com/objectaligner/oagen/request"
)

func init() {
	register.DoFn3x1[context.Context, string, func(eval.Case), error](&scoreFn{})
	register.Emitter1[eval.Case]()
	register.Combiner2[*eval.State, eval.Case](&stateFn{})
	register.DoFn2x1[context.Context, *eval.State, error](&writeFn{})
	beam.RegisterCoder(reflect.TypeOf(eval.Case{}), encodeCase, decodeCase)
	beam.RegisterCoder(reflect.TypeOf((*eval.State)(nil)), encodeState, decodeState)
}

// The coders of the pipeline's elements: Case and State are plain
// JSON-encodable data (their JSON is what "oagen eval" writes, and it
// round-trips exactly). Beam names coder functions by symbol, so each type
// has its own functions.
func encodeCase(c eval.Case) ([]byte, error) { return json.Marshal(c) }

func decodeCase(data []byte) (eval.Case, error) {
	var c eval.Case
	err := json.Unmarshal(data, &c)
	return c, err
}

func encodeState(s *eval.State) ([]byte, error) { return json.Marshal(s) }

func decodeState(data []byte) (*eval.State, error) {
	var s eval.State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Config is what the pipeline scores and summarizes with.
type Config struct {
	// Input is the glob of the JSON Lines shards (any Beam file system).
	Input string
	// Output is the directory that receives summary.json, state.json and
	// report.html.
	Output string
	// Schema is the default schema (the "oagen eval -schema" file's
	// content; nil: every line names or carries its own), SchemaFile its
	// name for error messages.
	Schema     []byte
	SchemaFile string
	// Compat is the scoring profile ("" or "default", or "reference").
	Compat string
	// Eval fixes the summary (match threshold, worst and sample sizes);
	// zero fields take eval.DefaultConfig's.
	Eval eval.Config
	// Title names the evaluation in the report.
	Title string
}

// Build adds the pipeline to s: read the shards, score every line, combine
// the summary state, write the outputs.
func Build(s beam.Scope, cfg Config) error {
	if _, err := interp.ParseCompat(cfg.Compat); err != nil {
		return err
	}
	lines := textio.Read(s.Scope("read"), cfg.Input)
	cases := beam.ParDo(s.Scope("score"), &scoreFn{Schema: cfg.Schema, SchemaFile: cfg.SchemaFile, Compat: cfg.Compat, Eval: cfg.Eval}, lines)
	state := beam.Combine(s.Scope("summarize"), &stateFn{Eval: cfg.Eval}, cases)
	beam.ParDo0(s.Scope("write"), &writeFn{Output: cfg.Output, Title: cfg.Title}, state)
	return nil
}

// scoreFn scores one request line into its eval.Case, as "oagen eval"
// does: the line's own schema and options apply; a line that cannot be
// scored becomes a failed case of its kind. Each bundle keeps a state of
// its own to know which cases may be among the worst or the sample, and
// builds the report's view for those only: a case the combined state keeps
// is kept by the state of its bundle, so every kept case has its view.
type scoreFn struct {
	Schema     []byte
	SchemaFile string
	Compat     string
	Eval       eval.Config

	lines  *eval.LineScorer
	bundle *eval.State
}

// Setup compiles the default schema once per worker.
func (f *scoreFn) Setup(ctx context.Context) error {
	compat, err := interp.ParseCompat(f.Compat)
	if err != nil {
		return err
	}
	base := request.DefaultSettings()
	base.Scoring.Compat = compat
	engine, err := request.NewEngine(request.EngineConfig{
		Base:       base,
		Schema:     f.Schema,
		SchemaFile: f.SchemaFile,
		Resolve: func(name string) ([]byte, string, error) {
			data, err := readFile(context.Background(), name)
			return data, name, err
		},
	})
	if err != nil {
		return fmt.Errorf("schema %s: %w", f.SchemaFile, err)
	}
	f.lines = &eval.LineScorer{Engine: engine, Observer: eval.NewObserver(f.Eval)}
	return nil
}

// StartBundle starts the bundle's state.
func (f *scoreFn) StartBundle(context.Context, func(eval.Case)) {
	f.bundle = eval.NewState(f.Eval)
}

// ProcessElement scores one line (without the "\r" of a CRLF line end, as
// "oagen eval" reads it). A line that cannot be scored is a failed case of
// its kind, and a panic (a bug in oagen) the line's error, of kind
// internal, as in "oagen eval": one line never stops the pipeline.
func (f *scoreFn) ProcessElement(ctx context.Context, line string, emit func(eval.Case)) error {
	s := f.lines.Score(0, []byte(strings.TrimSuffix(line, "\r")))
	c := s.Case
	if s.Err == nil && f.bundle.Wants(c.Score, c.Key) {
		d, err := report.Detail(s.Result, s.Ops, s.Settings)
		if err != nil {
			return fmt.Errorf("case %s: %w", c.ID, err)
		}
		c.Detail = d
	}
	f.bundle.Add(c)
	emit(c)
	return nil
}

// stateFn combines cases into the summary state with eval.State's Add and
// Merge.
type stateFn struct {
	Eval eval.Config
}

// CreateAccumulator returns an empty state.
func (f *stateFn) CreateAccumulator() *eval.State { return eval.NewState(f.Eval) }

// AddInput adds one case.
func (f *stateFn) AddInput(s *eval.State, c eval.Case) *eval.State {
	s.Add(c)
	return s
}

// MergeAccumulators merges two states (eval.State.Merge: exact,
// associative and commutative).
func (f *stateFn) MergeAccumulators(a, b *eval.State) (*eval.State, error) {
	if err := a.Merge(b); err != nil {
		return nil, err
	}
	return a, nil
}

// writeFn writes the outputs of the combined state.
type writeFn struct {
	Output string
	Title  string
}

// ProcessElement writes summary.json, state.json and report.html, as
// "oagen eval" does.
func (f *writeFn) ProcessElement(ctx context.Context, st *eval.State) error {
	sum := st.Finish()
	summary, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	state, err := json.Marshal(st)
	if err != nil {
		return err
	}
	var page bytes.Buffer
	if err := report.Write(&page, sum, st, report.Options{Title: f.Title}); err != nil {
		return err
	}
	for _, out := range []struct {
		name string
		data []byte
	}{{"summary.json", append(summary, '\n')}, {"state.json", append(state, '\n')}, {"report.html", page.Bytes()}} {
		if err := writeFile(ctx, joinPath(f.Output, out.name), out.data); err != nil {
			return err
		}
	}
	return nil
}

// joinPath joins a directory of any Beam file system and a file name.
func joinPath(dir, name string) string {
	if dir == "" || dir[len(dir)-1] == '/' {
		return dir + name
	}
	return dir + "/" + name
}

func readFile(ctx context.Context, name string) ([]byte, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	return filesystem.Read(ctx, fs, name)
}

func writeFile(ctx context.Context, name string, data []byte) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	if err := filesystem.Write(ctx, fs, name, data); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}
