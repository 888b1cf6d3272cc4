package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestBatchWriteErrorStopsAtOnce: a batch whose output cannot be written
// (-o /dev/full) stops at the first failed write with exit status 1,
// instead of scoring the rest of its input first.
func TestBatchWriteErrorStopsAtOnce(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	var in strings.Builder
	for i := range 50000 {
		fmt.Fprintf(&in, `{"id":%d,"schema":{"type":"integer"},"gold":%d,"candidate":%d}`+"\n", i, i, i+1)
	}
	total := int64(in.Len())
	for _, cmd := range []string{"score", "repair"} {
		r := &countingReader{r: strings.NewReader(in.String())}
		var stdout, stderr bytes.Buffer
		code := run([]string{cmd, "-batch", "-", "-o", "/dev/full", "-jobs", "2"}, r, &stdout, &stderr)
		read := r.n.Load()
		t.Logf("%s: exit %d after reading %d of %d bytes: %s", cmd, code, read, total, strings.TrimSpace(stderr.String()))
		if code != exitInput || !strings.Contains(stderr.String(), "no space left on device") || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%s -o /dev/full: exit %d, stderr %q; want exit 1 and the write error", cmd, code, stderr.String())
		}
		if read > total/2 {
			t.Errorf("%s -o /dev/full read %d of %d input bytes: the write error did not stop it", cmd, read, total)
		}
	}
}

// cliCommand returns the test binary run as the oagen command (TestMain).
func cliCommand(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "OAGEN_TEST_AS_CLI=1")
	return cmd
}

// TestEvalKilledMidRun kills (SIGKILL) an eval that is writing into the
// directory of a previous, complete run. What it leaves must not pass for a
// run: no state.json (the previous run's is removed first), and -merge
// refuses the directory, naming it. A rerun then completes, and its merge
// counts every case once. A directory whose results.jsonl is another run's
// (mixed) is refused too.
func TestEvalKilledMidRun(t *testing.T) {
	dir := t.TempDir()
	lines := genBatch(6000)
	write := func(name string, n int) string {
		var b strings.Builder
		for i, l := range lines[:n] {
			if strings.HasPrefix(l.text, "{") {
				fmt.Fprintf(&b, `{"id":"case-%d",%s`+"\n", i, l.text[1:])
			} else {
				b.WriteString(l.text + "\n")
			}
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	small, big := write("small.jsonl", 600), write("big.jsonl", 6000)
	out := filepath.Join(dir, "out")
	eval := func(input string) []string {
		return []string{"eval", "-schema", orgSchema, "-quiet", "-jobs", "1", "-o", out, input}
	}
	runCLI(t, eval(small)...) // the previous run: complete

	// The killed run, over the previous run's directory.
	cmd := cliCommand(eval(big)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.After(2 * time.Minute)
	killed := false
	for !killed {
		select {
		case err := <-exited:
			t.Fatalf("eval finished (%v) before it could be killed: %s", err, stderr.String())
		case <-deadline:
			cmd.Process.Kill()
			t.Fatal("eval wrote no results within 2 minutes")
		case <-time.After(2 * time.Millisecond):
		}
		tmps, _ := filepath.Glob(filepath.Join(out, ".results.jsonl.*"+tmpSuffix))
		for _, tmp := range tmps {
			if st, err := os.Stat(tmp); err == nil && st.Size() > 0 {
				if err := cmd.Process.Kill(); err != nil { // SIGKILL
					t.Fatal(err)
				}
				killed = true
			}
		}
	}
	<-exited
	if _, err := os.Stat(filepath.Join(out, "state.json")); !os.IsNotExist(err) {
		t.Errorf("after kill -9, state.json is there (%v): the directory passes for a complete run", err)
	}
	code, _, errText := runBounded(t, "", "eval", "-merge", "-o", filepath.Join(dir, "merged"), out)
	if code != exitInput || !strings.Contains(errText, out+": not a completed eval run") {
		t.Errorf("merge of the killed run: exit %d, stderr %q; want exit 1 naming %s", code, errText, out)
	}

	// The rerun completes and merges.
	runCLI(t, eval(big)...)
	merged := filepath.Join(dir, "merged")
	runCLI(t, "eval", "-merge", "-o", merged, out)
	cases := int64(6000 - countBlank(lines))
	if s := readSummary(t, merged); s.Cases != cases {
		t.Errorf("merged summary: %d cases, want %d", s.Cases, cases)
	}
	data, err := os.ReadFile(filepath.Join(merged, "results.jsonl"))
	if err != nil || int64(bytes.Count(data, []byte("\n"))) != cases {
		t.Errorf("merged results.jsonl: %d lines (%v), want %d", bytes.Count(data, []byte("\n")), err, cases)
	}
	if tmps, _ := filepath.Glob(filepath.Join(out, "*"+tmpSuffix)); len(tmps) > 0 {
		t.Errorf("temporary files left: %v", tmps)
	}

	// A mixed directory: the results of another run beside this state.
	other := filepath.Join(dir, "other")
	runCLI(t, "eval", "-schema", orgSchema, "-quiet", "-o", other, small)
	res, err := os.ReadFile(filepath.Join(other, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "results.jsonl"), res, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errText = runBounded(t, "", "eval", "-merge", "-o", filepath.Join(dir, "merged2"), out)
	if code != exitInput || !strings.Contains(errText, out+": a mixed directory") {
		t.Errorf("merge of a mixed directory: exit %d, stderr %q; want exit 1 naming %s", code, errText, out)
	}
}

// TestServeSIGTERMWithSlowClient: SIGTERM to "oagen serve" while a client
// is still sending its body exits 0 once the grace period is over (it
// exited 1 with "shutdown: context deadline exceeded").
func TestServeSIGTERMWithSlowClient(t *testing.T) {
	cmd := cliCommand("serve", "-http", "127.0.0.1:0", "-schema", orgSchema, "-grace", "300ms", "-timeout", "1s")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	addrc := make(chan string, 1)
	var logText strings.Builder
	logDone := make(chan struct{})
	go func() {
		defer close(logDone)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			logText.WriteString(line + "\n")
			if _, after, ok := strings.Cut(line, "msg=listening addr="); ok {
				addrc <- after
			}
		}
	}()
	var addr string
	select {
	case addr = <-addrc:
	case <-time.After(2 * time.Minute):
		t.Fatal("serve did not start listening")
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /v1/score HTTP/1.1\r\nHost: test\r\nContent-Length: 1000\r\n\r\n{")
	time.Sleep(100 * time.Millisecond) // let the server start reading the body
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { <-logDone; exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("serve after SIGTERM with a slow client: %v\n%s", err, logText.String())
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("serve still running 2 minutes after SIGTERM")
	}
}
