// Package playground is the page oagen serve -http shows at "/": edit a
// schema, a gold and a candidate side by side and see the score, the ranked
// fixes, the explain plan (package explain) and gold and candidate aligned
// row by row (the report's case view), with the schema's check errors shown
// at their line. Run is the computation behind it; Handler serves the page
// and the JSON endpoint the page calls.
package playground

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strings"

	"github.com/objectaligner/oagen/explain"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/report"
)

// Request is what the page sends: the three texts as typed.
type Request struct {
	Schema    string `json:"schema"`
	Gold      string `json:"gold"`
	Candidate string `json:"candidate"`
}

// Problem is a check error or warning, or a JSON syntax error, located in
// one of the three texts.
type Problem struct {
	// In names the text: "schema", "gold" or "candidate".
	In      string `json:"in"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Pointer string `json:"pointer,omitempty"`
	Message string `json:"message"`
	Warning bool   `json:"warning,omitempty"`
}

// Response is what the page shows.
type Response struct {
	// OK is true when the pair was scored.
	OK bool `json:"ok"`
	// Score is the score (when OK).
	Score float64 `json:"score"`
	// Feedback is the ranked feedback text.
	Feedback string `json:"feedback,omitempty"`
	// Explain is the explain plan of the schema, as text.
	Explain string `json:"explain,omitempty"`
	// View is the report's case view: aligned rows, bijections, ranked fixes.
	View *report.CaseView `json:"view,omitempty"`
	// Problems are the errors and warnings, each in its text.
	Problems []Problem `json:"problems,omitempty"`
	// Error is an error that has no position (a gold the schema rejects, say).
	Error string `json:"error,omitempty"`
}

// Run compiles the schema, scores the candidate against the gold in the
// default profile and returns what the page shows. It never fails: every
// problem is in the response.
func Run(req Request) *Response { return RunContext(context.Background(), req) }

// RunContext is Run, stopped when ctx is done (the response then carries
// the context's error).
func RunContext(ctx context.Context, req Request) *Response {
	out := &Response{}
	sch, err := ir.Compile([]byte(req.Schema), ir.Options{File: "schema.json"})
	var list ir.ErrorList
	switch {
	case errors.As(err, &list):
		for _, d := range list {
			out.Problems = append(out.Problems, problem("schema", d, false))
		}
		return out
	case err != nil:
		out.Error = err.Error()
		return out
	}
	for _, w := range sch.Warnings {
		out.Problems = append(out.Problems, problem("schema", w, true))
	}
	out.Explain = explain.New(sch).Text()
	gold, ok1 := decode(out, "gold", req.Gold)
	cand, ok2 := decode(out, "candidate", req.Candidate)
	if !ok1 || !ok2 {
		return out
	}
	sc, err := interp.New(sch, interp.Options{})
	if err != nil {
		out.Error = err.Error()
		return out
	}
	res, err := sc.AlignContext(ctx, gold, cand)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	fo := feedback.DefaultFeedbackOptions()
	text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, fo)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	view, err := report.NewCaseView(res, ops, fo)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	out.OK, out.Score, out.Feedback, out.View = true, res.Score, text, view
	return out
}

func problem(in string, d ir.Diagnostic, warning bool) Problem {
	return Problem{In: in, Line: d.Pos.Line, Col: d.Pos.Col, Pointer: d.Pos.Pointer, Message: d.Message, Warning: warning}
}

// decode reads one of the value texts, recording a syntax error at its line.
func decode(out *Response, in, text string) (jsonval.Value, bool) {
	v, err := jsonval.Decode([]byte(text), jsonval.DecodeOptions{})
	if err == nil {
		return v, true
	}
	p := Problem{In: in, Message: err.Error()}
	var se *jsonval.SyntaxError
	if errors.As(err, &se) {
		p.Line, p.Col, p.Message = se.Line, se.Col, se.Msg
	}
	out.Problems = append(out.Problems, p)
	return jsonval.Value{}, false
}

//go:embed page.html
var pageHTML string

var page = template.Must(template.New("playground").Parse(pageHTML))

// Page renders the playground page: self-contained HTML (inline style and
// script) that posts to "v1/playground" relative to its own URL.
func Page(w io.Writer) error {
	return page.Execute(w, struct {
		CSS      template.CSS
		CaseJS   template.JS
		Presets  template.JS
		Endpoint string
	}{template.CSS(report.CaseViewCSS()), template.JS(report.CaseViewJS()), template.JS(presetsJSON()), "v1/playground"})
}

// MaxBody bounds the request body of the endpoint.
const MaxBody = 4 << 20

// ServePage answers GET with the page.
func ServePage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'")
	if err := Page(w); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// RunJSON decodes a Request from data, runs it and returns the Response
// as JSON; the error is for a body that is not a Request.
func RunJSON(ctx context.Context, data []byte) ([]byte, error) {
	var req Request
	if err := json.Unmarshal(data, &req); err != nil {
		return nil, fmt.Errorf("playground: %w", err)
	}
	out, err := json.Marshal(RunContext(ctx, req))
	if err != nil {
		return nil, fmt.Errorf("playground: %w", err)
	}
	return append(out, '\n'), nil
}

// ServeRun answers a POST of a Request with its Response as JSON.
func ServeRun(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err == nil {
		data, err = RunJSON(r.Context(), data)
	}
	w.Header().Set("Content-Type", "application/json")
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		msg, _ := json.Marshal(err.Error())
		fmt.Fprintf(w, "{\"error\":%s}\n", msg)
		return
	}
	w.Write(data)
}

// Handler serves the page at "/" and the endpoint at "/v1/playground", for
// tests and for embedding elsewhere; oagen serve mounts the two functions
// beside its own routes.
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", ServePage)
	mux.HandleFunc("POST /v1/playground", ServeRun)
	return mux
}

// presetsJSON is the presets as a JSON array for the page.
func presetsJSON() string {
	data, err := json.Marshal(Presets())
	if err != nil {
		panic(err) // plain strings
	}
	// Keep "</script>" out of the inline script.
	return strings.ReplaceAll(string(data), "</", "<\\/")
}
