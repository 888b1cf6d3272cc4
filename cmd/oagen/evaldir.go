package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/objectaligner/oagen/eval"
)

// An eval output directory is written so that a crash (kill -9, a full
// disk) never leaves files that look like a finished run:
//
//  1. before anything is written, the previous run's files are removed,
//     state.json (the completion record) first;
//  2. every file is written under a temporary name (".NAME.*.oagen-tmp");
//  3. on completion the files are renamed into place, state.json last,
//     with the record of the run's results.jsonl (its lines, bytes and
//     SHA-256) in its "run" member.
//
// A directory without that record is an interrupted run (or one written by
// an older oagen), and one whose results.jsonl does not match it is mixed:
// "oagen eval -merge" refuses both, naming the directory.

// evalOutputs are the files an eval run writes into its directory, the
// completion record first.
var evalOutputs = []string{"state.json", "summary.json", "report.html", "results.jsonl", "non_matches.jsonl"}

// tmpSuffix ends the temporary names of files being written.
const tmpSuffix = ".oagen-tmp"

// evalDir is an eval output directory being written.
type evalDir struct {
	dir     string
	pending []pendingFile
	// nonMatches is the record of the non_matches.jsonl written, for the
	// completion record.
	nonMatches *resultsRecord
}

// pendingFile is a file written under a temporary name.
type pendingFile struct{ tmp, final string }

// runRecord is the completion record of a run, the "run" member of its
// state.json.
type runRecord struct {
	Complete bool          `json:"complete"`
	Results  resultsRecord `json:"results"`
	// NonMatches identifies the run's non_matches.jsonl.
	NonMatches *resultsRecord `json:"non_matches,omitempty"`
}

// resultsRecord identifies the results.jsonl of a run.
type resultsRecord struct {
	Lines  int64  `json:"lines"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// stateFile is the content of state.json: the mergeable state and the
// completion record.
type stateFile struct {
	*eval.State
	Run *runRecord `json:"run,omitempty"`
}

// openEvalDir creates dir if needed and removes a previous run's outputs
// (the completion record first) and any temporary files a crashed run
// left.
func openEvalDir(dir string) (*evalDir, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for _, name := range evalOutputs {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("removing the previous run's %s: %w", name, err)
		}
	}
	stale, _ := filepath.Glob(filepath.Join(dir, ".*"+tmpSuffix))
	for _, name := range stale {
		os.Remove(name)
	}
	return &evalDir{dir: dir}, nil
}

// create creates the output file name under a temporary name; commit
// renames it into place.
func (d *evalDir) create(name string) (*os.File, error) {
	f, err := os.CreateTemp(d.dir, "."+name+".*"+tmpSuffix)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return nil, err
	}
	d.pending = append(d.pending, pendingFile{tmp: f.Name(), final: filepath.Join(d.dir, name)})
	return f, nil
}

// writeFile writes a whole output file under a temporary name.
func (d *evalDir) writeFile(name string, data []byte) error {
	f, err := d.create(name)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return f.Close()
}

// commit renames the files written into place and then writes state.json,
// the completion record, with st and the record of results.jsonl.
func (d *evalDir) commit(st *eval.State, results resultsRecord) error {
	for _, p := range d.pending {
		if err := os.Rename(p.tmp, p.final); err != nil {
			return err
		}
	}
	d.pending = nil
	data, err := json.Marshal(stateFile{State: st, Run: &runRecord{Complete: true, Results: results, NonMatches: d.nonMatches}})
	if err != nil {
		return err
	}
	if err := d.writeFile("state.json", append(data, '\n')); err != nil {
		return err
	}
	p := d.pending[0]
	d.pending = nil
	return os.Rename(p.tmp, p.final)
}

// abort removes the temporary files (after an error).
func (d *evalDir) abort() {
	for _, p := range d.pending {
		os.Remove(p.tmp)
	}
	d.pending = nil
}

// resultsWriter counts and hashes what is written to a results.jsonl.
type resultsWriter struct {
	w     io.Writer
	h     hash.Hash
	lines int64
	bytes int64
}

func newResultsWriter(w io.Writer) *resultsWriter {
	return &resultsWriter{w: w, h: sha256.New()}
}

func (r *resultsWriter) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	r.h.Write(p[:n])
	r.lines += int64(bytes.Count(p[:n], []byte("\n")))
	r.bytes += int64(n)
	return n, err
}

func (r *resultsWriter) record() resultsRecord {
	return resultsRecord{Lines: r.lines, Bytes: r.bytes, SHA256: hex.EncodeToString(r.h.Sum(nil))}
}

// readShardState reads the state.json of an eval directory and checks that
// it records a completed run; it returns the state, its completion record
// and the file's bytes.
func readShardState(dir string) (*eval.State, *runRecord, []byte, error) {
	file := filepath.Join(dir, "state.json")
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		if _, serr := os.Stat(dir); serr != nil {
			return nil, nil, nil, serr
		}
		return nil, nil, nil, fmt.Errorf("%s: not a completed eval run (no state.json: the run was interrupted, or did not start); run oagen eval again", dir)
	}
	if err != nil {
		return nil, nil, nil, err
	}
	sf := stateFile{State: &eval.State{}}
	if err := json.Unmarshal(data, &sf); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", file, err)
	}
	if sf.Run == nil || !sf.Run.Complete {
		return nil, nil, nil, fmt.Errorf("%s: no completion record in state.json (written by an older oagen, or by an interrupted run); run oagen eval again", dir)
	}
	return sf.State, sf.Run, data, nil
}

// copyResults appends the results.jsonl of the shard dir to w, checking it
// against the shard's completion record.
func copyResults(w io.Writer, dir string, rec *runRecord) error {
	f, err := os.Open(filepath.Join(dir, "results.jsonl"))
	if err != nil {
		return fmt.Errorf("%s: a mixed directory (its state.json records a run whose results.jsonl is gone): %w", dir, err)
	}
	defer f.Close()
	check := newResultsWriter(w)
	if _, err := io.Copy(check, f); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) && strings.HasSuffix(pe.Path, "results.jsonl") {
			return fmt.Errorf("%s: %w", dir, err)
		}
		return err
	}
	if got := check.record(); got != rec.Results {
		return fmt.Errorf("%s: a mixed directory: results.jsonl (%s, %s) is not the one its state.json records (%s, %s); run oagen eval again",
			dir, plural(got.Lines, "line", "lines"), plural(got.Bytes, "byte", "bytes"), plural(rec.Results.Lines, "line", "lines"), plural(rec.Results.Bytes, "byte", "bytes"))
	}
	return nil
}

// copyNonMatches appends the non_matches.jsonl of the shard dir to w,
// checking it against the shard's completion record.
func copyNonMatches(w io.Writer, dir string, rec *runRecord) error {
	if rec.NonMatches == nil {
		return fmt.Errorf("%s: no non_matches.jsonl in its completion record (written by an older oagen); run oagen eval again", dir)
	}
	f, err := os.Open(filepath.Join(dir, "non_matches.jsonl"))
	if err != nil {
		return fmt.Errorf("%s: a mixed directory (its state.json records a run whose non_matches.jsonl is gone): %w", dir, err)
	}
	defer f.Close()
	check := newResultsWriter(w)
	if _, err := io.Copy(check, f); err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	if got := check.record(); got != *rec.NonMatches {
		return fmt.Errorf("%s: a mixed directory: non_matches.jsonl (%d lines, %d bytes) is not the one its state.json records (%d lines, %d bytes); run oagen eval again",
			dir, got.Lines, got.Bytes, rec.NonMatches.Lines, rec.NonMatches.Bytes)
	}
	return nil
}
