package service

import (
	_ "embed"
	"fmt"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
)

//go:embed invoice.schema.json
var invoiceSchema []byte

// Scorer scores extracted invoices against gold ones through the
// interpreter and the schema "oagen schema" wrote for Invoice: no generated
// code. It is immutable and safe for concurrent use.
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
	res, err := s.sc.AlignValues(gold, cand)
	if err != nil {
		return 0, "", fmt.Errorf("service: %w", err)
	}
	text, _, err = feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		return 0, "", fmt.Errorf("service: feedback: %w", err)
	}
	return res.Score, text, nil
}
