package service

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

//go:embed invoice.schema.json
var invoiceSchema []byte

// Scorer scores extracted invoices against gold ones. It is immutable and
// safe for concurrent use.
type Scorer struct {
	sc *interp.Scorer
}

// NewScorer compiles the generated schema of Invoice.
func NewScorer() (*Scorer, error) {
	sc, err := interp.Compile(invoiceSchema, "invoice.schema.json", interp.Options{})
	if err != nil {
		return nil, fmt.Errorf("service: %w", err)
	}
	return &Scorer{sc: sc}, nil
}

// Score returns the similarity of cand to gold in [0, 1] and the ranked
// feedback text (the fixes that would raise the score most, first).
func (s *Scorer) Score(gold, cand *Invoice) (score float64, text string, err error) {
	g, err := decode(gold)
	if err != nil {
		return 0, "", fmt.Errorf("service: gold: %w", err)
	}
	c, err := decode(cand)
	if err != nil {
		return 0, "", fmt.Errorf("service: candidate: %w", err)
	}
	res, err := s.sc.Align(g, c)
	if err != nil {
		return 0, "", fmt.Errorf("service: %w", err)
	}
	text, _, err = res.Feedback(interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		return 0, "", fmt.Errorf("service: feedback: %w", err)
	}
	return res.Score, text, nil
}

// decode turns an Invoice into the ordered JSON value the interpreter
// reads. The interpreter's default profile compares numbers by value, so it
// does not matter that encoding/json writes a whole float64 as 12, not 12.0.
func decode(inv *Invoice) (jsonval.Value, error) {
	data, err := json.Marshal(inv)
	if err != nil {
		return jsonval.Value{}, err
	}
	return jsonval.Decode(data, jsonval.DecodeOptions{})
}
