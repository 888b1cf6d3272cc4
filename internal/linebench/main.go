// Command linebench measures the CPU time per line of "oagen score -batch",
// "oagen eval" and "oagen serve -stdio" on two datasets it writes itself:
//
//   - fig1: the paper's org chart (examples/orgchart gold and candidate) on
//     every line;
//   - amr: AMR-shaped pairs encoded as in examples/amr_ra (schema
//     testdata/schemas/amr_ra.json): graphs of 4–15 concepts (median 6),
//     a spanning tree of relations plus reentrancies (median 5–6
//     relations), a few attributes; the candidate renames every variable,
//     reorders nodes and relations and carries a parser-like error rate
//     (≈ 10 % of the concepts wrong or with another sense, ≈ 10 % of the
//     relations dropped, ≈ 8 % with another role, ≈ 5 % retargeted, an
//     extra relation in one graph in 20).
//
// It runs the given oagen binary count times per dataset and mode, one job,
// and prints the median CPU time (user + system of the process, from its
// rusage) per line, with the CPU time of the same command on a one-line
// input subtracted (start-up and schema compilation); for -mode stdio also
// the wall-clock throughput with every request sent at once, both whole and
// with the wall clock of the one-line run taken out (the server's
// throughput once started).
//
//	go build -o /tmp/oagen ./cmd/oagen
//	go run ./internal/linebench -oagen /tmp/oagen -n 5000 -count 6
//
// With -benchfmt every run is also printed as a Go benchmark line
// (BenchmarkLine/KIND/MODE/jobs=J N X cpu-ns/line), so that benchstat can
// compare the runs of two binaries.
//
// Run it from the repository's root (it reads the schemas and fig1 from
// there). Figures and how they were taken are in docs/PERFORMANCE.md.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/objectaligner/oagen/internal/amrpairs"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "linebench:", err)
		os.Exit(1)
	}
}

func run() error {
	oagen := flag.String("oagen", "oagen", "the oagen binary to measure")
	n := flag.Int("n", 5000, "lines per dataset")
	count := flag.Int("count", 6, "runs per dataset and mode (the median is printed)")
	kinds := flag.String("kind", "fig1,amr", "datasets, comma-separated: fig1, amr")
	modes := flag.String("mode", "batch", "modes, comma-separated: batch, feedback (score -batch -feedback), eval, stdio")
	jobs := flag.Int("jobs", 1, "-jobs of the measured command")
	dir := flag.String("dir", "", "directory for the datasets and outputs (default: a temporary one)")
	write := flag.Bool("write-only", false, "write the datasets into -dir and exit")
	seed := flag.Uint64("seed", 1, "seed of the amr generator")
	flag.BoolVar(&benchFormat, "benchfmt", false, "also print every run as a Go benchmark line (cpu-ns/line, and req/s for stdio) for benchstat")
	flag.Parse()
	work := *dir
	if work == "" {
		var err error
		if work, err = os.MkdirTemp("", "linebench"); err != nil {
			return err
		}
		defer os.RemoveAll(work)
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	for _, kind := range strings.Split(*kinds, ",") {
		ds, err := writeDataset(work, kind, *n, *seed)
		if err != nil {
			return err
		}
		if *write {
			fmt.Println(ds.lines)
			continue
		}
		for _, mode := range strings.Split(*modes, ",") {
			if err := measure(*oagen, work, ds, mode, *n, *count, *jobs); err != nil {
				return fmt.Errorf("%s %s: %w", kind, mode, err)
			}
		}
	}
	return nil
}

// benchFormat is the -benchfmt flag.
var benchFormat bool

// dataset is a written input: its schema and its n-line and one-line files.
type dataset struct {
	kind, schema, lines, one string
}

func writeDataset(dir, kind string, n int, seed uint64) (dataset, error) {
	var gen func(i int) ([]byte, error)
	ds := dataset{kind: kind, lines: filepath.Join(dir, kind+".jsonl"), one: filepath.Join(dir, kind+"-1.jsonl")}
	switch kind {
	case "fig1":
		ds.schema = "examples/orgchart/schema.json"
		gold, err := compact("examples/orgchart/gold.json")
		if err != nil {
			return ds, err
		}
		cand, err := compact("examples/orgchart/candidate.json")
		if err != nil {
			return ds, err
		}
		gen = func(i int) ([]byte, error) {
			return fmt.Appendf(nil, `{"id":%d,"gold":%s,"candidate":%s}`, i, gold, cand), nil
		}
	case "amr":
		ds.schema = "testdata/schemas/amr_ra.json"
		r := rand.New(rand.NewPCG(seed, 25))
		gen = func(i int) ([]byte, error) { return amrpairs.Pair(r, i) }
	default:
		return ds, fmt.Errorf("unknown dataset %q (want fig1 or amr)", kind)
	}
	for _, f := range []struct {
		path string
		n    int
	}{{ds.lines, n}, {ds.one, 1}} {
		var b bytes.Buffer
		for i := range f.n {
			line, err := gen(i)
			if err != nil {
				return ds, err
			}
			b.Write(line)
			b.WriteByte('\n')
		}
		if err := os.WriteFile(f.path, b.Bytes(), 0o644); err != nil {
			return ds, err
		}
	}
	return ds, nil
}

func compact(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b.Bytes(), nil
}

// measure runs one mode count times and prints its median figures.
func measure(oagen, dir string, ds dataset, mode string, n, count, jobs int) error {
	var cpu, base, wall, wallBase []time.Duration
	for range count {
		c, w, err := runOnce(oagen, dir, ds, mode, ds.lines, n, jobs)
		if err != nil {
			return err
		}
		b, wb, err := runOnce(oagen, dir, ds, mode, ds.one, 1, jobs)
		if err != nil {
			return err
		}
		cpu, base, wall, wallBase = append(cpu, c), append(base, b), append(wall, w), append(wallBase, wb)
		if benchFormat {
			// One run as a benchmark result: its CPU time a line, the
			// one-line run subtracted (benchstat compares two binaries).
			fmt.Printf("BenchmarkLine/%s/%s/jobs=%d %d %.0f cpu-ns/line", ds.kind, mode, jobs, n, float64(c-b)/float64(n-1))
			if mode == "stdio" {
				fmt.Printf(" %.0f req/s %.0f steady-req/s", float64(n)/w.Seconds(), steady(n, w, wb))
			}
			fmt.Println()
		}
	}
	mc, mb, mw, mwb := median(cpu), median(base), median(wall), median(wallBase)
	per := float64(mc-mb) / float64(n-1) / 1e3
	fmt.Printf("%-5s %-8s jobs=%d n=%d: CPU %.3f s (one-line run %.3f s) -> %.1f µs/line (%.1f µs/line with start-up); range %.3f–%.3f s",
		ds.kind, mode, jobs, n, mc.Seconds(), mb.Seconds(), per, float64(mc)/float64(n)/1e3, slices.Min(cpu).Seconds(), slices.Max(cpu).Seconds())
	if mode == "stdio" {
		fmt.Printf("; wall %.3f s = %.0f req/s (%.0f req/s without the one-line run's %.3f s)", mw.Seconds(), float64(n)/mw.Seconds(), steady(n, mw, mwb), mwb.Seconds())
	}
	fmt.Println()
	return nil
}

// steady is the requests a second of an n-line stdio run of wall clock w
// once the wall clock wb of the one-line run (start-up, schema compilation,
// exit) is taken out of it; 0 when that leaves nothing.
func steady(n int, w, wb time.Duration) float64 {
	if w <= wb {
		return 0
	}
	return float64(n-1) / (w - wb).Seconds()
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// runOnce runs the command of mode on input and returns its CPU time (user
// + system) and wall time.
func runOnce(oagen, dir string, ds dataset, mode, input string, n, jobs int) (cpu, wall time.Duration, err error) {
	j := fmt.Sprint(jobs)
	var cmd *exec.Cmd
	switch mode {
	case "batch":
		cmd = exec.Command(oagen, "score", "-schema", ds.schema, "-quiet", "-jobs", j, "-batch", input, "-o", os.DevNull)
	case "feedback":
		cmd = exec.Command(oagen, "score", "-schema", ds.schema, "-quiet", "-feedback", "-jobs", j, "-batch", input, "-o", os.DevNull)
	case "eval":
		cmd = exec.Command(oagen, "eval", "-schema", ds.schema, "-quiet", "-jobs", j, "-o", filepath.Join(dir, "eval-"+ds.kind), input)
	case "stdio":
		cmd = exec.Command(oagen, "serve", "-stdio", "-schema", ds.schema, "-quiet", "-jobs", j)
	default:
		return 0, 0, fmt.Errorf("unknown mode %q (want batch, feedback, eval or stdio)", mode)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	lines := 0
	var counted chan error
	if mode == "stdio" {
		in, err := os.Open(input)
		if err != nil {
			return 0, 0, err
		}
		defer in.Close()
		cmd.Stdin = in
		out, err := cmd.StdoutPipe()
		if err != nil {
			return 0, 0, err
		}
		counted = make(chan error, 1)
		go func() {
			sc := bufio.NewScanner(out)
			sc.Buffer(nil, 1<<26)
			for sc.Scan() {
				if bytes.Contains(sc.Bytes(), []byte(`"error"`)) {
					counted <- fmt.Errorf("error response: %s", sc.Bytes())
					io.Copy(io.Discard, out)
					return
				}
				lines++
			}
			counted <- sc.Err()
		}()
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	var readErr error
	if counted != nil {
		readErr = <-counted
	}
	err = cmd.Wait()
	wall = time.Since(start)
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w: %s", strings.Join(cmd.Args, " "), err, stderr.Bytes())
	}
	if readErr != nil {
		return 0, 0, readErr
	}
	if counted != nil && lines != n {
		return 0, 0, fmt.Errorf("%d responses for %d requests", lines, n)
	}
	st := cmd.ProcessState
	return st.UserTime() + st.SystemTime(), wall, nil
}
