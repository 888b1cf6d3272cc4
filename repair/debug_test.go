package repair_test

import (
	"os"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
)

func TestDebugVector(t *testing.T) {
	ids := os.Getenv("DEBUG_IDS")
	if ids == "" {
		t.Skip()
	}
	vs, _ := conformance.Load("../testdata/conformance")
	for _, v := range vs {
		if !strings.Contains(","+ids+",", ","+v.ID+",") {
			continue
		}
		s, err := interp.Compile(v.SchemaText, "", interp.Options{})
		if err != nil {
			t.Fatal(err)
		}
		res, _ := s.Align(v.Gold, v.Cand)
		t.Logf("%s score %v\nschema %s\ngold %s\ncand %s", v.ID, res.Score, v.SchemaText, jsonval.AppendJSON(nil, v.Gold), jsonval.AppendJSON(nil, v.Cand))
		for _, o := range res.Edits() {
			t.Logf("  edit %s %s %s site=%v value=%s", o.Op, o.Kind, o.Path, *o.Site, jsonval.AppendJSON(nil, o.Value))
		}
		rep, _ := repair.Apply(v.Cand, res.Edits())
		t.Logf("repaired %s", jsonval.AppendJSON(nil, rep))
		r2, _ := s.Align(v.Gold, rep)
		t.Logf("rescored %v", r2.Score)
		ops, _ := r2.Repair(interp.RepairOptions{})
		for _, o := range ops {
			t.Logf("  left %s %s %s %v value=%s pred=%s", o.Op, o.Kind, o.Path, o.Delta, jsonval.AppendJSON(nil, o.Value), jsonval.AppendJSON(nil, o.Pred))
		}
	}
}
