package align

import (
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// renamePair returns the two halves of a key rename /r/nme → /r/name, as the
// repair walk emits them.
func renamePair(t testing.TB, delta float64) (add, remove Op) {
	t.Helper()
	bob, err := jsonval.DecodeString(`"Bob"`)
	if err != nil {
		t.Fatal(err)
	}
	null := jsonval.NullValue()
	add = Op{Op: "add", Kind: KindKeyRenameAdd, Path: "/r/name", Delta: delta, Value: bob, Gold: bob, Pred: bob, Confidence: 1, PairID: "repair_pair_1"}
	remove = Op{Op: "remove", Kind: KindKeyRenameRemove, Path: "/r/nme", Value: null, Gold: null, Pred: bob, Confidence: 1, PairID: "repair_pair_1"}
	return add, remove
}
