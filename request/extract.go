package request

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// Extraction names the rule by which the JSON value of a candidate given as
// text was found (Extract, docs/SCORING.md §1.3).
type Extraction string

// The extraction rules, in the order Extract tries them.
const (
	// ExtractedJSON: the text is JSON (after an optional byte order mark).
	ExtractedJSON Extraction = "json"
	// ExtractedFence: the value inside the last fenced code block
	// (```…```) that holds one.
	ExtractedFence Extraction = "fenced block"
	// ExtractedFirst: the first complete JSON object or array in the text.
	ExtractedFirst Extraction = "first value"
)

// maxStarts bounds the positions Extract tries for the first complete
// value: each try reads up to the end of the text in the worst case.
const maxStarts = 64

// ErrNoJSON is the error of Extract for text that holds no JSON value.
var ErrNoJSON = errors.New("no JSON value in the text")

// Extract returns the JSON value of a model's output given as text
// (docs/SCORING.md §1.3): the text parsed as JSON, else the value inside the last
// fenced code block that holds one (a Markdown fence, ```json … ``` or
// ``` … ```, also on one line), else the first complete JSON object or
// array in the text. A leading byte order mark is dropped. With strict, the
// text must be JSON itself. It returns the rule that found the value; text
// with no JSON value is an error wrapping ErrNoJSON that says where the text
// stops being JSON. dec bounds the nesting.
func Extract(text string, strict bool, dec jsonval.DecodeOptions) (jsonval.Value, Extraction, error) {
	text = strings.TrimPrefix(text, "\uFEFF")
	v, err := jsonval.Decode([]byte(text), dec)
	if err == nil {
		return v, ExtractedJSON, nil
	}
	var se *jsonval.SyntaxError
	if !errors.As(err, &se) || tooDeep(err) {
		return jsonval.Value{}, "", err // a limit, not a syntax error
	}
	why := fmt.Errorf("%w: not JSON (line %d, column %d: %s)", ErrNoJSON, se.Line, se.Col, se.Msg)
	if strict {
		return jsonval.Value{}, "", why
	}
	blocks := fencedBlocks(text)
	for i := len(blocks) - 1; i >= 0; i-- {
		v, err := jsonval.Decode([]byte(blocks[i]), dec)
		if err == nil {
			return v, ExtractedFence, nil
		}
		if tooDeep(err) {
			return jsonval.Value{}, "", err
		}
	}
	switch v, ok, err := firstValue(text, dec); {
	case err != nil:
		return jsonval.Value{}, "", err
	case ok:
		return v, ExtractedFirst, nil
	}
	if len(blocks) > 0 {
		return jsonval.Value{}, "", fmt.Errorf("%w: not JSON, and no fenced block or object or array in it is JSON", ErrNoJSON)
	}
	return jsonval.Value{}, "", fmt.Errorf("%w: not JSON (line %d, column %d: %s), and no object or array in it", ErrNoJSON, se.Line, se.Col, se.Msg)
}

// fencedBlocks returns the contents of the fenced code blocks of text, in
// order: the text between each opening ``` and the next ```, without the
// info string (a word such as "json" right after the opening fence).
func fencedBlocks(text string) []string {
	var out []string
	for {
		open := strings.Index(text, "```")
		if open < 0 {
			return out
		}
		rest := strings.TrimLeft(text[open:], "`")
		end := strings.Index(rest, "```")
		if end < 0 {
			return out
		}
		body := rest[:end]
		// The info string: a word up to the first space or line break.
		if i := strings.IndexAny(body, " \t\r\n"); i > 0 && !strings.ContainsAny(body[:i], "{[\"") {
			body = body[i:]
		} else if i < 0 && !strings.ContainsAny(body, "{[\"") {
			body = ""
		}
		out = append(out, body)
		text = strings.TrimLeft(rest[end:], "`")
	}
}

// firstValue returns the first complete JSON object or array of text: from
// each '{' or '[' in turn (at most maxStarts of them), the value that a
// JSON decoder reads there, if it reads one.
// A value nested beyond dec's limit is an error, not a reason to look
// further in (which would find a value inside it).
func firstValue(text string, dec jsonval.DecodeOptions) (jsonval.Value, bool, error) {
	tries := 0
	for i := 0; i < len(text) && tries < maxStarts; i++ {
		if text[i] != '{' && text[i] != '[' {
			continue
		}
		tries++
		d := json.NewDecoder(strings.NewReader(text[i:]))
		var raw json.RawMessage
		if d.Decode(&raw) != nil {
			continue
		}
		v, err := jsonval.Decode(bytes.TrimSpace(raw), dec)
		if err == nil {
			return v, true, nil
		}
		if tooDeep(err) {
			return jsonval.Value{}, false, err
		}
	}
	return jsonval.Value{}, false, nil
}

// tooDeep reports whether a decoding error is the nesting limit.
func tooDeep(err error) bool {
	var se *jsonval.SyntaxError
	return errors.As(err, &se) && strings.Contains(se.Msg, "MaxDepth")
}
