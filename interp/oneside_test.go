package interp_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestAlignOneSided checks the score-only alignment of an array against
// an empty one (alignOneSided) against the generic path, on records whose
// nested arrays are empty on one side or both, at the top level and in
// the cells of a scope's record matrix, under every array setting it
// distinguishes (order, a tuple head, ignoreMissing, ignoreExcess, leaf
// and record items, null elements), in both profiles, at limits that stop
// the pair in or around those arrays (MaxWork, MaxCollection, MaxDepth)
// and under a cancelled context: the scores agree bit for bit and the
// errors word for word.
func TestAlignOneSided(t *testing.T) {
	t.Parallel()
	arrays := []string{
		`{"type":"array","order":"align","items":{"type":"string"}}`,
		`{"type":"array","order":"align","ignoreMissing":true,"items":{"type":"string"}}`,
		`{"type":"array","order":"align","ignoreExcess":true,"items":{"type":"string"}}`,
		`{"type":"array","items":{"type":"string"}}`,
		`{"type":"array","order":"align","prefixItems":[{"type":"string"}],"prefixImportance":1,"restImportance":2,"items":{"type":"string"}}`,
		`{"type":"array","order":"align","items":{"type":"object","properties":{"role":{"type":"string","score":"exact"},"value":{"type":"string"}}}}`,
		`{"type":"array","order":"align","ignoreExcess":true,"items":{"type":"object","properties":{"role":{"type":"string","score":"exact"},"to":{"type":"string","ref":"node"}}}}`,
	}
	r := rand.New(rand.NewPCG(3, 25))
	elem := func(items string, k int) string {
		switch {
		case r.IntN(6) == 0:
			return "null"
		case strings.Contains(items, `"ref"`):
			return fmt.Sprintf(`{"role":"r%d","to":"n%d"}`, r.IntN(2), r.IntN(k))
		case strings.Contains(items, `"role"`):
			return fmt.Sprintf(`{"role":"r%d","value":"v%d"}`, r.IntN(2), r.IntN(3))
		}
		return fmt.Sprintf(`"s%d"`, r.IntN(3))
	}
	list := func(items string, k int) string {
		var b []string
		switch r.IntN(3) {
		case 0:
		case 1:
			b = append(b, elem(items, k))
		default:
			for range 2 + r.IntN(3) {
				b = append(b, elem(items, k))
			}
		}
		return "[" + strings.Join(b, ",") + "]"
	}
	doc := func(items string, k int) string {
		var nodes []string
		for i := range k {
			nodes = append(nodes, fmt.Sprintf(`{"id":"n%d","concept":"c%d","attributes":%s}`, i, r.IntN(2), list(items, k)))
		}
		return fmt.Sprintf(`{"top":%s,"nodes":[%s]}`, list(items, k), strings.Join(nodes, ","))
	}
	for ai, arr := range arrays {
		schema := fmt.Sprintf(`{"type":"object","properties":{"top":%s,"nodes":{"type":"array","order":"align","items":{"type":"object","properties":{"id":{"type":"string","idScope":"node"},"concept":{"type":"string","score":"exact"},"attributes":%s}}}}}`, arr, arr)
		var pairs [][2]jsonval.Value
		for range 40 {
			k := 1 + r.IntN(5)
			g, err := jsonval.Decode([]byte(doc(arr, k)), jsonval.DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := jsonval.Decode([]byte(doc(arr, k+r.IntN(2))), jsonval.DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			pairs = append(pairs, [2]jsonval.Value{g, p})
		}
		for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
			for _, lim := range []interp.Limits{{}, {MaxWork: 20}, {MaxWork: 45}, {MaxWork: 90}, {MaxCollection: 1}, {MaxCollection: 3}, {MaxDepth: 4}, {MaxDepth: 5}, {MaxDepth: 6}, {MaxDepth: 7}} {
				fast, err := interp.Compile([]byte(schema), "oneside.json", interp.Options{Compat: compat, Limits: lim})
				if err != nil && lim.MaxDepth > 0 {
					continue // the schema nests deeper than the limit
				}
				if err != nil {
					t.Fatal(err)
				}
				slow := interp.GenericCells(fast)
				for i, p := range pairs {
					if msg := sameOutcome(fast, slow, p[0], p[1]); msg != "" {
						t.Fatalf("array %d compat %q limits %+v pair %d: %s\n  gold: %s\n  cand: %s", ai, compat, lim, i, msg, jsonText(p[0]), jsonText(p[1]))
					}
				}
			}
			fast, err := interp.Compile([]byte(schema), "oneside.json", interp.Options{Compat: compat})
			if err != nil {
				t.Fatal(err)
			}
			slow := interp.GenericCells(fast)
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			for i, p := range pairs {
				_, err1 := fast.ScoreContext(ctx, p[0], p[1])
				_, err0 := slow.ScoreContext(ctx, p[0], p[1])
				if fmt.Sprint(err1) != fmt.Sprint(err0) {
					t.Fatalf("array %d compat %q pair %d, cancelled: %v, generic %v", ai, compat, i, err1, err0)
				}
			}
		}
	}
}
