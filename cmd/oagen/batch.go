package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/request"
)

// maxBatchLine bounds one batch input line (a line longer than this is an
// error line; the batch goes on).
const maxBatchLine = 256 << 20

// scored is the outcome of one input line.
type scored struct {
	eval.ScoredLine
	size   int64  // bytes of input the line took, terminator included
	number int    // the line's number
	line   []byte // the line (nil for a line too long)
	// eval is what eval's emitter writes for the line, when a worker has
	// prepared it (batchInput.detach); nil otherwise.
	eval *evalLine
}

// newLineScorer returns the line scorer of "score -batch", "repair -batch"
// (which set their responses) and "eval" (which adds an observer), with the
// request engine of the flags: the -schema file (if any) is the default
// schema, a line's string "schema" names a schema file under the schema
// root (schemaRoot), and schema warnings go to stderr once each (unless
// -quiet). input is the batch's input file ("-": stdin). The returned
// closer releases the schema root.
func newLineScorer(f *scoreFlags, input string, stderr io.Writer) (*eval.LineScorer, io.Closer, error) {
	base, err := f.settings()
	if err != nil {
		return nil, nil, err
	}
	files, err := request.OpenSchemaFiles(schemaRoot(f.schemaRoot, input), maxBatchLine)
	if err != nil {
		return nil, nil, err
	}
	ls, err := newEngineScorer(f, base, files, stderr)
	if err != nil {
		files.Close()
		return nil, nil, err
	}
	return ls, files, nil
}

// schemaRoot is the directory lines' schema files are resolved in: -schema-root
// if given, else the input file's directory, else (stdin) the working
// directory.
func schemaRoot(flagValue, input string) string {
	switch {
	case flagValue != "":
		return flagValue
	case input != "-" && input != "":
		return filepath.Dir(input)
	}
	return "."
}

func newEngineScorer(f *scoreFlags, base request.Settings, files *request.SchemaFiles, stderr io.Writer) (*eval.LineScorer, error) {
	var err error
	cfg := request.EngineConfig{Base: base, Resolve: files.Resolve, RedactNamed: true}
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
	return &eval.LineScorer{Engine: e, Decode: f.decodeOptions()}, nil
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

// inputLine is one line read from a batch.
type inputLine struct {
	seq     int
	line    []byte
	tooLong bool
	size    int64
	out     chan scored
}

// score scores one input line (a line beyond maxBatchLine, whose content
// was discarded, is an error line).
func (j *inputLine) score(ls *eval.LineScorer) scored {
	return j.scoreWith(ls, ls.Score)
}

// scoreWith is score with the given line scorer (LineScorer.Score or a
// LineWorker's).
func (j *inputLine) scoreWith(ls *eval.LineScorer, score func(int, []byte) eval.ScoredLine) scored {
	s := scored{size: j.size, number: j.seq, line: j.line}
	if j.tooLong {
		s.ScoredLine = ls.Fail(j.seq, j.line, nil, &request.Error{Kind: request.Limit, Err: fmt.Errorf("line longer than %d bytes", maxBatchLine)})
	} else {
		s.ScoredLine = score(j.seq, j.line)
	}
	return s
}

// batchInput is a JSON Lines input whose first line has been read and
// scored (readBatch), so that an input no line of which can be scored is
// refused before any output is written. Blank lines (empty or white space
// only) are skipped: they are not cases and get no output line, but count
// in the line numbers.
type batchInput struct {
	r     *bufio.Reader
	ls    *eval.LineScorer
	n     int     // the number of the last line read
	first *scored // nil: the input is empty
	ended bool    // the input ended (end of input or read error)
	err   error   // the read error that ended it (nil at the end of input)
	// outputOnly is set when emit reads only a line's Output, Err, Case
	// and size, never its Request or Result: then the workers of a
	// parallel batch reuse their decoding storage too (a batch of one job
	// always does, since it emits each line before reading the next).
	outputOnly bool
	// detach, when set, runs on the worker of a parallel batch after each
	// line is scored: it takes from the line what emit needs and leaves it
	// with no Request, Result or Ops, so that the workers reuse their
	// storage (match trees included) from line to line.
	detach func(*scored)
}

// errNoSchema is the usage error of a batch whose first line has no schema
// when no -schema is given: no line could be scored.
var errNoSchema = usagef(`no -schema given and line 1 has no "schema": give -schema S.json, or a "schema" on every line`)

// errJSONDocument is the error of an input that is one JSON document
// spread over several lines rather than JSON Lines.
var errJSONDocument = errors.New("this is a JSON document, not JSON Lines (one request per line)")

// readBatch reads and scores the first line of in. It refuses the input
// (errNoSchema) when that line has no "schema" and ls has no default schema,
// and (errJSONDocument) when that line is not well-formed JSON but the
// input begins with one JSON value spread over several lines (a
// pretty-printed document).
func readBatch(in io.Reader, ls *eval.LineScorer) (*batchInput, error) {
	b := &batchInput{r: bufio.NewReaderSize(in, 1<<16), ls: ls}
	j, err := b.next()
	if err != nil {
		return nil, fmt.Errorf("reading input: %w", err)
	}
	if j != nil {
		s := j.score(ls)
		if errors.Is(s.Err, request.ErrNoSchema) {
			return nil, errNoSchema
		}
		if request.KindOf(s.Err) == request.BadJSON && !j.tooLong {
			doc, err := b.isDocument(j.line)
			if err != nil {
				return nil, fmt.Errorf("reading input: %w", err)
			}
			if doc {
				return nil, errJSONDocument
			}
		}
		b.first = &s
	}
	return b, nil
}

// isDocument reports whether first (a line that is not a JSON value by
// itself) and the input after it begin with one JSON value spanning more
// than that line. What it reads is put back: the batch goes on reading
// from the same place.
func (b *batchInput) isDocument(first []byte) (bool, error) {
	var seen bytes.Buffer
	rest := io.TeeReader(io.LimitReader(b.r, maxBatchLine), &seen)
	dec := json.NewDecoder(io.MultiReader(bytes.NewReader(first), strings.NewReader("\n"), rest))
	var v json.RawMessage
	err := dec.Decode(&v) // a value over maxBatchLine is not a document here
	doc := err == nil && dec.InputOffset() > int64(len(first))
	// Put back what the decoder read (bounded by the value's size and the
	// decoder's read-ahead), then the rest of the input.
	b.r = bufio.NewReaderSize(io.MultiReader(&seen, b.r), 1<<16)
	var se *json.SyntaxError
	if err != nil && !errors.As(err, &se) && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return false, err
	}
	return doc, nil
}

// next reads the next line that is not blank. At the end of the input it
// returns nil and the read error that ended it (nil at the end of input).
func (b *batchInput) next() (*inputLine, error) { return b.nextInto(nil) }

// nextInto is next reading the line into buf (nil: a new buffer).
func (b *batchInput) nextInto(buf []byte) (*inputLine, error) {
	var skipped int64 // bytes of the blank lines skipped
	for {
		if b.ended {
			return nil, b.err
		}
		line, tooLong, size, err := readLine(b.r, buf)
		if err != nil {
			b.ended = true
			if !errors.Is(err, io.EOF) {
				b.err = err
			}
			if size == 0 {
				return nil, b.err
			}
		}
		b.n++
		if !tooLong && len(bytes.TrimSpace(line)) == 0 {
			skipped += size
			continue
		}
		return &inputLine{seq: b.n, line: line, tooLong: tooLong, size: skipped + size}, nil
	}
}

// score scores the lines with jobs workers and calls emit for each outcome
// in input order, the first line's included. Memory is bounded by the lines
// in flight (a few per worker). A read error stops the batch after the lines
// read so far; an emit error (a write error, say) stops it at once: no
// further line is read, and the lines in flight are dropped.
func (b *batchInput) score(jobs int, emit func(scored) error) error {
	if b.first == nil {
		return nil
	}
	if err := emit(*b.first); err != nil {
		return err
	}
	if jobs <= 1 {
		return b.scoreInline(emit)
	}
	work := make(chan *inputLine, jobs*4)
	order := make(chan *inputLine, jobs*4)
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			score := b.ls.Score
			if b.outputOnly || b.detach != nil {
				score = b.ls.Worker().Score
			}
			for j := range work {
				s := j.scoreWith(b.ls, score)
				switch {
				case b.detach != nil:
					b.detach(&s)
				case b.outputOnly:
					// The worker's buffer is reused by its next line.
					s.Output = bytes.Clone(s.Output)
					s.Request, s.Result = nil, nil
				}
				j.out <- s
			}
		})
	}
	readErr := make(chan error, 1)
	stop := make(chan struct{})
	go func() {
		defer close(work)
		defer close(order)
		for {
			select {
			case <-stop:
				readErr <- nil
				return
			default:
			}
			j, err := b.next()
			if j == nil {
				readErr <- err
				return
			}
			j.out = make(chan scored, 1)
			select {
			case order <- j:
			case <-stop:
				readErr <- nil
				return
			}
			work <- j // never blocks for long: workers drain work until it closes
		}
	}()
	var emitErr error
	for j := range order {
		s := <-j.out
		if emitErr == nil {
			if emitErr = emit(s); emitErr != nil {
				close(stop)
			}
		}
	}
	wg.Wait()
	if err := <-readErr; err != nil {
		return fmt.Errorf("reading input: %w", err)
	}
	return emitErr
}

// scoreInline is score with one job: each line is read, scored and emitted
// in turn on the calling goroutine, with no hand-off between goroutines.
func (b *batchInput) scoreInline(emit func(scored) error) error {
	w := b.ls.Worker()
	var buf []byte // each line is emitted before the next is read into buf
	for {
		j, err := b.nextInto(buf)
		if j == nil {
			if err != nil {
				return fmt.Errorf("reading input: %w", err)
			}
			return nil
		}
		if err := emit(j.scoreWith(b.ls, w.Score)); err != nil {
			return err
		}
		if cap(j.line) <= 1<<20 {
			buf = j.line[:0]
		}
	}
}

// readLine reads one line without its line terminator; size is the number
// of bytes taken from r. tooLong reports a line beyond maxBatchLine, whose
// content is discarded.
func readLine(r *bufio.Reader, buf []byte) (line []byte, tooLong bool, size int64, err error) {
	line = buf[:0]
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

// runBatch processes a JSON Lines batch ("oagen score -batch", "oagen
// repair -batch", named by cmd): one output line per input line, in input
// order, rendered by out.
func runBatch(cmd string, f *scoreFlags, out eval.Responses, stdin io.Reader, stdout, stderr io.Writer) error {
	ls, root, err := newLineScorer(f, f.batch, stderr)
	if err != nil {
		return err
	}
	defer root.Close()
	ls.Responses = out
	in, size, err := openInput(f.batch, stdin)
	if err != nil {
		return err
	}
	defer in.Close()
	b, err := readBatch(in, ls)
	if err != nil {
		return err
	}
	b.outputOnly = true
	var dst io.Writer = stdout
	if f.out != "" {
		file, err := os.Create(f.out)
		if err != nil {
			return err
		}
		defer file.Close()
		dst = file
	}
	start := time.Now()
	prog := newProgress(stderr, size)
	w := bufio.NewWriter(dst)
	var lines, failed int
	err = b.score(f.jobs, func(s scored) error {
		lines++
		if s.Err != nil {
			failed++
		}
		prog.add(s.size)
		_, err := w.Write(s.Output)
		return err
	})
	prog.done()
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	counts := fmt.Sprintf("%s, %s", plural(lines, "line", "lines"), plural(failed, "error", "errors"))
	if err := noneScored(lines, failed); err != nil {
		return fmt.Errorf("%s: %w", counts, err)
	}
	fmt.Fprintf(stderr, "oagen %s: %s, %s\n", cmd, counts, time.Since(start).Round(time.Millisecond))
	return nil
}

// errNoneScored is the error of a batch or eval none of whose lines could
// be scored (exit status 1).
var errNoneScored = errors.New("no line could be scored")

// noneScored returns errNoneScored when there were lines and all failed.
func noneScored[N int | int64](lines, failed N) error {
	if lines > 0 && failed == lines {
		return errNoneScored
	}
	return nil
}
