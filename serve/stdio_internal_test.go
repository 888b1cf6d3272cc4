package serve

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// TestStdioMany: more lines than the queue holds, with one and two
// workers, small and large lines mixed (the queue fills, waits until it
// is half empty, and is filled again): every line is answered once, with
// the answer of its own request.
func TestStdioMany(t *testing.T) {
	fig1 := fig1Request(t)
	small := `{"gold":{"a":true,"b":false},"candidate":{"a":true,"b":true},"schema":{"type":"object"}}`
	for _, jobs := range []int{1, 2} {
		s := newServer(t, Config{Jobs: jobs})
		var in strings.Builder
		want := map[string]string{}
		n := 5*stdioQueue + 3
		for i := range n {
			line := small
			if i%5 == 0 {
				line = fig1
			}
			line = fmt.Sprintf(`{"id":%d,%s`, i, line[1:])
			in.WriteString(line + "\n")
			if i%5 == 0 {
				want[fmt.Sprint(i)] = expected(t, line)
			} else {
				want[fmt.Sprint(i)] = fmt.Sprintf(`{"id":%d,"score":0.5,"objective_scores":{"a":1.0,"b":0.0}}`, i)
			}
		}
		got, anon := stdioResponses(t, s, in.String())
		if len(got) != n || len(anon) != 0 {
			t.Errorf("jobs %d: %d answers with ids and %d without, want %d", jobs, len(got), len(anon), n)
		}
		for id, w := range want {
			if got[id] != w {
				t.Errorf("jobs %d: id %s:\n got  %s\n want %s", jobs, id, got[id], w)
			}
		}
	}
}

// TestStdioOutFlush: a response written while another line is still
// being answered reaches the output within flushDelay (not when that
// other line is answered), one written when every line is answered at
// once, and the responses keep the order of their writes.
func TestStdioOutFlush(t *testing.T) {
	pr, pw := io.Pipe()
	o := newStdioOut(pw)
	defer o.stop()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	next := func(what string) string {
		t.Helper()
		select {
		case l := <-lines:
			return l
		case <-time.After(time.Minute):
			t.Fatalf("%s: no output within a minute", what)
			return ""
		}
	}
	o.unanswered.Store(3)
	o.write([]byte("first\n")) // two lines still unanswered: held, then flushed by the timer
	if got := next("held response"); got != "first" {
		t.Fatalf("got %q, want first", got)
	}
	o.write([]byte("second\n"))
	o.write([]byte("third\n")) // the last line read: flushed at once
	if a, b := next("second"), next("third"); a != "second" || b != "third" {
		t.Fatalf("got %q, %q; want second, third", a, b)
	}
	if err := o.close(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	if l, ok := <-lines; ok {
		t.Fatalf("unexpected output %q", l)
	}
}
