package interp

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/objectaligner/oagen/jsonval"
)

// ScoreValues is Score for two Go values, taken as encoding/json encodes
// them (struct fields by their json tags, maps with sorted keys, a nil
// slice or pointer as null, time.Time and encoding.TextMarshaler types as
// strings, MarshalJSON methods honoured): anything json.Marshal accepts.
// No generated code is needed; the values are encoded and decoded once.
//
// A whole float64 encodes as an integer-form number ("4"). The default
// profile compares numbers by value, so there the score is that of the
// values' float-form JSON and of the generated struct-tag scorer (oagen gen
// -type), which reads the float64 fields; in the reference profile, 4 and
// 4.5 are numbers of different kinds (docs/PROFILES.md).
func (s *Scorer) ScoreValues(gold, cand any) (float64, error) {
	g, c, err := s.values(gold, cand)
	if err != nil {
		return 0, err
	}
	return s.Score(g, c)
}

// AlignValues is Align for two Go values, encoded as ScoreValues encodes
// them: the match tree gives repair operations and feedback.
func (s *Scorer) AlignValues(gold, cand any) (*Result, error) {
	g, c, err := s.values(gold, cand)
	if err != nil {
		return nil, err
	}
	return s.Align(g, c)
}

// values returns the JSON values of gold and cand.
func (s *Scorer) values(gold, cand any) (g, c jsonval.Value, err error) {
	if g, err = s.value(gold); err != nil {
		return g, c, fmt.Errorf("interp: gold: %w", err)
	}
	if c, err = s.value(cand); err != nil {
		return g, c, fmt.Errorf("interp: candidate: %w", err)
	}
	return g, c, nil
}

// value returns the JSON value of v as encoding/json encodes it, nested no
// deeper than the scorer's MaxDepth.
func (s *Scorer) value(v any) (jsonval.Value, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return jsonval.Value{}, err
	}
	val, err := jsonval.Decode(data, jsonval.DecodeOptions{MaxDepth: s.opts.Limits.MaxDepth})
	var se *jsonval.SyntaxError
	if errors.As(err, &se) {
		// The value's encoding is valid JSON: this is a limit (depth,
		// digits), and a position in our own encoding means nothing.
		return jsonval.Value{}, errors.New(se.Msg)
	}
	return val, err
}
