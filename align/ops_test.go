package align

import (
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// TestOpJSON pins the JSON of operations: a side an operation does not have
// is an absent member, a JSON null side is null, and a remove has no value.
func TestOpJSON(t *testing.T) {
	eve := jsonval.NewObject([]jsonval.Member{{Key: "id", Value: jsonval.NewInt(6)}})
	ops := []Op{
		{Op: "add", Kind: KindListItemMissing, Path: "/people", Delta: 0.25, Value: eve, Gold: eve, HasGold: true, Confidence: 1},
		{Op: "remove", Kind: KindKeyRemove, Path: "/extra", Delta: 0.125, Pred: jsonval.NewString("x"), HasPred: true, Confidence: 1},
		{Op: "replace", Kind: KindNullValueReplace, Path: "/a/0", Delta: 0.5, Value: jsonval.NewString("y"), Gold: jsonval.NewString("y"),
			HasGold: true, HasPred: true, PairID: "", Confidence: 0.75},
		{Op: "describe", Kind: KindPairingAmbiguous, Path: "/", Confidence: 0.2},
	}
	want := `[{"op":"add","kind":"list_item_missing","path":"/people","delta":0.25,"value":{"id":6},"gold":{"id":6},"pair_id":"","confidence":1.0},` +
		`{"op":"remove","kind":"key_remove","path":"/extra","delta":0.125,"candidate":"x","pair_id":"","confidence":1.0},` +
		`{"op":"replace","kind":"null_value_replace","path":"/a/0","delta":0.5,"value":"y","gold":"y","candidate":null,"pair_id":"","confidence":0.75},` +
		`{"op":"describe","kind":"pairing_ambiguous","path":"/","delta":0.0,"pair_id":"","confidence":0.2}]`
	if got := string(AppendOpsJSON(nil, ops)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
