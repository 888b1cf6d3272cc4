package main

import (
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// writeAttribution writes the attribution of docs/SCORING.md §9.2 as a text table:
// a header line with the total and the residual, then one row per location
// in contribution order. Numbers have six decimals; values are displayed as
// in the feedback of profile c ("-" for an absent side); the root path is
// shown as "(root)".
func writeAttribution(b *strings.Builder, at align.Attribution, c interp.Compat) {
	fmt.Fprintf(b, "Attribution: total %s, residual %s, %s\n",
		formatScore(at.Total), formatScore(at.Residual), plural(len(at.Rows), "row", "rows"))
	if len(at.Rows) == 0 {
		return
	}
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CONTRIBUTION\tWEIGHT\tSCORE\tPART\tKIND\tPATH\tGOLD\tCANDIDATE")
	for _, r := range at.Rows {
		kind := r.Kind
		if kind == "" {
			kind = "-"
		}
		if r.Node {
			kind += " (node)"
		}
		path := r.Path
		if path == "" {
			path = "(root)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			strconv.FormatFloat(r.Contribution, 'f', 6, 64), strconv.FormatFloat(r.Weight, 'f', 6, 64),
			strconv.FormatFloat(r.Score, 'f', 6, 64), r.Part, kind, path,
			sideText(r.Gold, r.HasGold, c), sideText(r.Pred, r.HasPred, c))
	}
	tw.Flush()
}

// sideText displays one side of an attribution row in profile c.
func sideText(v jsonval.Value, has bool, c interp.Compat) string {
	if !has {
		return "-"
	}
	return feedback.FmtValue(v, c)
}
