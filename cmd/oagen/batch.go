package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// maxBatchLine bounds one batch input line (a line longer than this is an
// error line; the batch goes on).
const maxBatchLine = 256 << 20

// scored is the outcome of one input line.
type scored struct {
	seq      int
	req      *request.Request // nil when the line did not parse; partial with err
	res      *interp.Result   // nil on error
	settings request.Settings
	err      error
	out      []byte // the output line, newline included
	size     int64  // bytes of input the line took, terminator included
	// With an observer (eval): the line's case, its ranked operations and
	// the scorer.
	c   eval.Case
	ops []align.Op
	sc  *interp.Scorer
}

// lineScorer scores batch lines: the per-line work of "score -batch" and
// "eval".
type lineScorer struct {
	engine *request.Engine
	flags  *scoreFlags
	// observer, when set, turns every line into an eval.Case.
	observer *eval.Observer
}

// newLineScorer builds the request engine of the flags: the -schema file
// (if any) is the default schema, a line's string "schema" names a schema
// file, and schema warnings go to stderr once each (unless -quiet).
func newLineScorer(f *scoreFlags, stderr io.Writer) (*lineScorer, error) {
	base, err := f.settings()
	if err != nil {
		return nil, err
	}
	cfg := request.EngineConfig{
		Base: base,
		Resolve: func(name string) ([]byte, string, error) {
			data, err := os.ReadFile(name)
			return data, name, err
		},
	}
	if f.schema != "" {
		if cfg.Schema, err = os.ReadFile(f.schema); err != nil {
			return nil, err
		}
		cfg.SchemaFile = f.schema
	}
	if !f.quiet {
		cfg.Compiled = warnOnce(stderr)
	}
	e, err := request.NewEngine(cfg)
	if err != nil {
		var re *request.Error
		if errors.As(err, &re) {
			return nil, re.Err // the -schema file's own error, with its file:line:col
		}
		return nil, err
	}
	return &lineScorer{engine: e, flags: f}, nil
}

// warnOnce returns a Compiled hook that prints each schema's warnings on
// stderr, each distinct warning once.
func warnOnce(stderr io.Writer) func(string, *interp.Scorer) {
	var mu sync.Mutex
	seen := map[string]bool{}
	return func(file string, sc *interp.Scorer) {
		mu.Lock()
		defer mu.Unlock()
		for _, w := range sc.Schema().Warnings {
			text := fmt.Sprint(w)
			if file == "" {
				text = "line schema: " + text
			}
			if seen[text] {
				continue
			}
			if len(seen) >= 4096 {
				clear(seen)
			}
			seen[text] = true
			fmt.Fprintf(stderr, "warning: %s\n", text)
		}
	}
}

// score scores one line and, with an observer, observes it. It never
// panics on bad input; a panic would be a bug in oagen, reported on the line
// (kind internal) instead of killing the batch.
func (ls *lineScorer) score(seq int, line []byte, tooLong bool) scored {
	s := scored{seq: seq}
	s.guard(func() { ls.scoreLine(&s, line, tooLong) })
	if ls.observer != nil && !s.guard(func() { ls.observe(&s, line) }) {
		ls.observe(&s, line) // the panic is now the line's error: observed as a failure
	}
	return s
}

// guard runs f and turns a panic into the line's error; it reports whether
// f returned normally.
func (s *scored) guard(f func()) (ok bool) {
	defer func() {
		if p := recover(); p != nil {
			s.res = nil
			s.fail(&request.Error{Kind: request.Internal, Err: fmt.Errorf("internal error: %v", p)})
		}
	}()
	f()
	return true
}

// scoreLine parses, prepares and scores one line into s.
func (ls *lineScorer) scoreLine(s *scored, line []byte, tooLong bool) {
	if tooLong {
		s.fail(&request.Error{Kind: request.Limit, Err: fmt.Errorf("line longer than %d bytes", maxBatchLine)})
		return
	}
	req, err := request.Parse(line, ls.flags.decodeOptions())
	s.req = req // on error, nil or a partial request with the id
	if err != nil {
		s.fail(err)
		return
	}
	sc, settings, err := ls.engine.Prepare(req)
	s.settings = settings
	if err != nil {
		s.fail(err)
		return
	}
	res, err := sc.Align(req.Gold, req.Candidate)
	if err != nil {
		s.fail(err)
		return
	}
	s.sc = sc
	out, err := request.AppendResult(nil, req, res, settings)
	if err != nil {
		s.fail(err)
		return
	}
	s.res, s.out = res, append(out, '\n')
}

// observe sets s.c (and s.ops) from the outcome of the line.
func (ls *lineScorer) observe(s *scored, line []byte) {
	l := eval.Line{Number: s.seq, Key: eval.SampleKey(line)}
	if s.req != nil && s.req.HasID {
		l.ID = jsonval.AppendJSON(nil, s.req.ID)
	}
	if s.err == nil {
		var err error
		if s.ops, err = s.res.Repair(s.settings.Repair); err == nil {
			s.c, err = ls.observer.Scored(l, s.sc, s.res, s.ops)
		}
		if err == nil {
			return
		}
		s.res = nil
		s.fail(err)
	}
	s.c = ls.observer.Failed(l, string(request.KindOf(s.err)), s.err.Error())
}

// fail makes s an error line.
func (s *scored) fail(err error) {
	s.err = err
	s.out = append(request.AppendError(nil, s.req, fmt.Sprintf("line %d: %v", s.seq, err), err), '\n')
}

// inputLine is one line read from a batch.
type inputLine struct {
	seq     int
	line    []byte
	tooLong bool
	size    int64
	out     chan scored
}

// scoreLines reads JSON Lines from in, scores them with jobs workers and
// calls emit for each outcome in input order. Memory is bounded by the
// lines in flight (a few per worker). A read error stops the batch after the
// lines read so far; an emit error stops emitting (the rest is drained).
func scoreLines(in io.Reader, jobs int, ls *lineScorer, emit func(scored) error) error {
	jobs = max(jobs, 1)
	work := make(chan *inputLine, jobs*4)
	order := make(chan *inputLine, jobs*4)
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for j := range work {
				s := ls.score(j.seq, j.line, j.tooLong)
				s.size = j.size
				j.out <- s
			}
		})
	}
	readErr := make(chan error, 1)
	go func() {
		defer close(work)
		defer close(order)
		r := bufio.NewReaderSize(in, 1<<16)
		seq := 0
		for {
			line, tooLong, size, err := readLine(r)
			if size == 0 && err != nil {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				readErr <- err
				return
			}
			seq++
			j := &inputLine{seq: seq, line: line, tooLong: tooLong, size: size, out: make(chan scored, 1)}
			order <- j
			work <- j
			if err != nil {
				readErr <- nil
				return
			}
		}
	}()
	var emitErr error
	for j := range order {
		s := <-j.out
		if emitErr == nil {
			emitErr = emit(s)
		}
	}
	wg.Wait()
	if err := <-readErr; err != nil {
		return fmt.Errorf("reading input: %w", err)
	}
	return emitErr
}

// readLine reads one line without its line terminator; size is the number
// of bytes taken from r. tooLong reports a line beyond maxBatchLine, whose
// content is discarded.
func readLine(r *bufio.Reader) (line []byte, tooLong bool, size int64, err error) {
	for {
		chunk, e := r.ReadSlice('\n')
		size += int64(len(chunk))
		if !tooLong {
			if len(line)+len(chunk) > maxBatchLine {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(e, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return nil, true, size, e
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		return line, false, size, e
	}
}

// openInput opens a batch input ("-" is stdin) and returns its size in bytes
// when known (a regular file), else -1.
func openInput(name string, stdin io.Reader) (io.ReadCloser, int64, error) {
	if name == "-" {
		return io.NopCloser(stdin), -1, nil
	}
	file, err := os.Open(name)
	if err != nil {
		return nil, 0, err
	}
	size := int64(-1)
	if st, err := file.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return file, size, nil
}

// runBatch scores a JSON Lines batch ("oagen score -batch"): one output line
// per input line, in input order.
func runBatch(f *scoreFlags, stdin io.Reader, stdout, stderr io.Writer) error {
	ls, err := newLineScorer(f, stderr)
	if err != nil {
		return err
	}
	in, size, err := openInput(f.batch, stdin)
	if err != nil {
		return err
	}
	defer in.Close()
	var out io.Writer = stdout
	if f.out != "" {
		file, err := os.Create(f.out)
		if err != nil {
			return err
		}
		defer file.Close()
		out = file
	}
	start := time.Now()
	prog := newProgress(stderr, size)
	w := bufio.NewWriter(out)
	var lines, failed int
	err = scoreLines(in, f.jobs, ls, func(s scored) error {
		lines++
		if s.err != nil {
			failed++
		}
		prog.add(s.size)
		_, err := w.Write(s.out)
		return err
	})
	prog.done()
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	fmt.Fprintf(stderr, "oagen score: %d lines, %d errors, %s\n", lines, failed, time.Since(start).Round(time.Millisecond))
	return err
}
