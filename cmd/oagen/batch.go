package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// maxBatchLine bounds one batch input line (a line longer than this is an
// error line; the batch goes on).
const maxBatchLine = 256 << 20

// schemaCache compiles each distinct per-line schema once. It is bounded: when
// full it is cleared (batches rarely carry many distinct schemas).
type schemaCache struct {
	mu      sync.Mutex
	f       *scoreFlags
	entries map[string]*cachedScorer
	stderr  io.Writer
}

type cachedScorer struct {
	once sync.Once
	sc   *interp.Scorer
	err  error
}

const schemaCacheSize = 256

func (c *schemaCache) get(schemaJSON []byte) (*interp.Scorer, error) {
	key := string(schemaJSON)
	c.mu.Lock()
	e, ok := c.entries[key]
	if !ok {
		if len(c.entries) >= schemaCacheSize {
			c.entries = map[string]*cachedScorer{}
		}
		e = &cachedScorer{}
		c.entries[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.sc, e.err = interp.Compile(schemaJSON, "", c.f.options())
		if e.err == nil && !c.f.quiet {
			c.mu.Lock()
			for _, w := range e.sc.Schema().Warnings {
				fmt.Fprintf(c.stderr, "warning: line schema: %s\n", w)
			}
			c.mu.Unlock()
		}
	})
	return e.sc, e.err
}

// batchJob is one input line.
type batchJob struct {
	seq  int
	line []byte
	err  error // a read error for this line (too long)
	out  chan string
}

// batchOutput renders the output lines of a batch command: the line of an
// aligned pair, and the line of an input line that cannot be processed.
type batchOutput struct {
	progress string // the progress bar's description
	result   func(res *interp.Result) (string, error)
	failed   func(seq int, err error) string
}

// scoreOutput is the output of "oagen score -batch".
func scoreOutput(f *scoreFlags) batchOutput {
	return batchOutput{
		progress: "scoring",
		result:   func(res *interp.Result) (string, error) { return formatResult(f, res, true, false) },
		failed:   errorLine,
	}
}

// runBatch processes a JSON Lines batch with f.jobs workers, one output line
// per input line in input order. Memory is bounded by the number of lines in
// flight (a few per worker).
func runBatch(f *scoreFlags, bo batchOutput, stdin io.Reader, stdout, stderr io.Writer) error {
	var in io.Reader = stdin
	if f.batch != "-" {
		file, err := os.Open(f.batch)
		if err != nil {
			return err
		}
		defer file.Close()
		in = file
	}
	var out io.Writer = stdout
	if f.out != "" {
		file, err := os.Create(f.out)
		if err != nil {
			return err
		}
		defer file.Close()
		out = file
	}
	var fixed *interp.Scorer
	if f.schema != "" {
		sc, err := loadScorer(f, stderr)
		if err != nil {
			return err
		}
		fixed = sc
	}
	if _, err := f.feedbackOptions(); err != nil {
		return err
	}
	cache := &schemaCache{f: f, entries: map[string]*cachedScorer{}, stderr: stderr}
	jobs := max(f.jobs, 1)

	var bar *progressbar.ProgressBar
	if fd, ok := stderr.(*os.File); ok && term.IsTerminal(int(fd.Fd())) {
		bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription(bo.progress), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
	}

	work := make(chan *batchJob, jobs*4)
	order := make(chan *batchJob, jobs*4)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j.out <- processLine(f, bo, fixed, cache, j)
			}
		}()
	}
	readErr := make(chan error, 1)
	go func() {
		defer close(work)
		defer close(order)
		r := bufio.NewReaderSize(in, 1<<16)
		seq := 0
		for {
			line, tooLong, err := readLine(r)
			if len(line) == 0 && !tooLong && err != nil {
				if errors.Is(err, io.EOF) {
					readErr <- nil
				} else {
					readErr <- err
				}
				return
			}
			seq++
			j := &batchJob{seq: seq, line: line, out: make(chan string, 1)}
			if tooLong {
				j.err = fmt.Errorf("line longer than %d bytes", maxBatchLine)
			}
			order <- j
			work <- j
			if err != nil {
				readErr <- nil
				return
			}
		}
	}()
	w := bufio.NewWriter(out)
	var writeErr error
	for j := range order {
		s := <-j.out
		if writeErr == nil {
			_, writeErr = w.WriteString(s)
		}
		if bar != nil {
			_ = bar.Add(1)
		}
	}
	wg.Wait()
	if bar != nil {
		_ = bar.Finish()
	}
	if err := w.Flush(); writeErr == nil {
		writeErr = err
	}
	if err := <-readErr; err != nil {
		return fmt.Errorf("reading %s: %w", f.batch, err)
	}
	return writeErr
}

// readLine reads one line without its line terminator. tooLong reports a line
// beyond maxBatchLine, whose content is discarded.
func readLine(r *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, e := r.ReadSlice('\n')
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
			return nil, true, e
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		return line, false, e
	}
}

// errorLine is the output line of "oagen score -batch" for a line that cannot
// be scored.
func errorLine(seq int, err error) string {
	return "{\"score\":null," + errorMember(seq, err)[1:]
}

// errorMember is {"error":"line N: …"} followed by a newline.
func errorMember(seq int, err error) string {
	buf := []byte(`{"error":`)
	buf = jsonval.AppendJSON(buf, jsonval.NewString(fmt.Sprintf("line %d: %v", seq, err)))
	return string(append(buf, "}\n"...))
}

// processLine aligns the pair of one batch line and returns its output line. It
// never panics on bad input; a panic would be a bug in oagen, reported on the
// line instead of killing the batch.
func processLine(f *scoreFlags, bo batchOutput, fixed *interp.Scorer, cache *schemaCache, j *batchJob) (out string) {
	defer func() {
		if p := recover(); p != nil {
			out = bo.failed(j.seq, fmt.Errorf("internal error: %v", p))
		}
	}()
	if j.err != nil {
		return bo.failed(j.seq, j.err)
	}
	v, err := jsonval.Decode(j.line, f.decodeOptions())
	if err != nil {
		return bo.failed(j.seq, err)
	}
	if v.Kind != jsonval.Object {
		return bo.failed(j.seq, errors.New(`want an object {"gold":…,"candidate":…}`))
	}
	gold, okG := v.Get("gold")
	cand, okC := v.Get("candidate")
	if !okG || !okC {
		return bo.failed(j.seq, errors.New(`missing "gold" or "candidate"`))
	}
	sc := fixed
	if s, ok := v.Get("schema"); ok {
		sc, err = cache.get(jsonval.AppendJSON(nil, s))
		if err != nil {
			return bo.failed(j.seq, fmt.Errorf("schema: %w", err))
		}
	}
	if sc == nil {
		return bo.failed(j.seq, errors.New(`no "schema" on the line and no -schema flag`))
	}
	res, err := sc.Align(gold, cand)
	if err != nil {
		return bo.failed(j.seq, err)
	}
	s, err := bo.result(res)
	if err != nil {
		return bo.failed(j.seq, err)
	}
	return s
}
