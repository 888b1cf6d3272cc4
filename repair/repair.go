// Package repair applies repair operations to the candidate they were
// computed for: it gives the repaired candidate, and an RFC 6902 JSON Patch
// that turns the candidate into it.
//
// The operations are those of the candidate-space repair walk (package
// align, WalkOptions.Candidate), each carrying the Site where it applies in
// the candidate; the interpreter's Result.Edits returns every leaf operation
// of a pair, whatever the scoring profile, and in the default profile the
// ranked operations of Result.Repair carry their sites too, so a subset of
// them (the top fixes, one fix) can be applied as well:
//
//	res, _ := scorer.Align(gold, cand)
//	repaired, err := repair.Apply(cand, res.Edits())
//	patch, err := repair.NewPatch(cand, res.Edits())
//
// Values in those operations are written in the candidate's identifiers, so
// the repaired candidate keeps the candidate's ids for the records it shares
// with the gold and gives the records it lacks ids of their own.
//
// # Order of the patch
//
// The patch applies operation after operation (RFC 6902, section 3), so every array
// index in it is the index the element has at the moment its operation
// applies. It is built by one walk over the candidate, in document order:
//
//   - inside an object: first the removals of members (renamed keys
//     included), in the candidate's member order; then the changes inside
//     the members kept, in that order; then the additions of members (a
//     renamed key's new name included), in the order of the aligned entries;
//   - inside an array: the candidate's positions in ascending order; before
//     each element the elements to insert before it, then the element's own
//     removal, replacement or inner changes. Each operation's index is the
//     element's original index plus the insertions and minus the removals
//     made so far in that array; an addition at the end of an array is
//     written with the "-" index.
//
// A replace of the whole candidate is one operation at the root path "".
package repair

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// Operation is one RFC 6902 operation: "add", "remove" or "replace" at Path
// (a JSON Pointer), with Value for add and replace.
type Operation struct {
	Op    string
	Path  string
	Value jsonval.Value
}

// Patch is an RFC 6902 JSON Patch, ordered for sequential application.
type Patch []Operation

// AppendJSON appends the patch as a JSON array of {"op","path"[,"value"]}
// objects.
func (p Patch) AppendJSON(dst []byte) []byte {
	dst = append(dst, '[')
	for i, o := range p {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"op":`...)
		dst = jsonval.AppendJSON(dst, jsonval.NewString(o.Op))
		dst = append(dst, `,"path":`...)
		dst = jsonval.AppendJSON(dst, jsonval.NewString(o.Path))
		if o.Op != "remove" {
			dst = append(dst, `,"value":`...)
			dst = jsonval.AppendJSON(dst, o.Value)
		}
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

// Apply returns the candidate with every operation applied: the repaired
// candidate when ops are all the leaf operations of the pair. Operations of
// op "describe" (diagnostics) are skipped. cand is not modified. An
// operation without a Site, a site that does not exist in cand, or two
// operations whose sites overlap (one inside a value another replaces or
// removes, or two changes of one value) are errors.
func Apply(cand jsonval.Value, ops []align.Op) (jsonval.Value, error) {
	t, err := plan(cand, ops)
	if err != nil {
		return jsonval.Value{}, err
	}
	return t.apply(cand), nil
}

// NewPatch returns the JSON Patch that turns cand into Apply(cand, ops),
// ordered for sequential application (see the package documentation). The
// errors are Apply's.
func NewPatch(cand jsonval.Value, ops []align.Op) (Patch, error) {
	t, err := plan(cand, ops)
	if err != nil {
		return nil, err
	}
	var p Patch
	t.emit(cand, "", &p)
	return p, nil
}

// edit is what happens to one value of the candidate: it is replaced, it
// is removed from its parent, or values inside it change.
type edit struct {
	set     *jsonval.Value
	remove  bool
	members map[string]*edit // changes inside object members, by key
	elems   map[int]*edit    // changes inside array elements, by index
	adds    []addition       // members or elements added to this value
}

// addition is a member or element to add.
type addition struct {
	key   string // object member
	at    int    // array: the index of the candidate element it goes before
	seq   int    // Site.Seq
	order int    // position in the operations, the last tie-break
	value jsonval.Value
}

// plan resolves the sites of the operations against cand into an edit tree.
func plan(cand jsonval.Value, ops []align.Op) (*edit, error) {
	root := &edit{}
	for i := range ops {
		o := &ops[i]
		if o.Op == "describe" {
			continue
		}
		if err := root.add(cand, o, i); err != nil {
			return nil, fmt.Errorf("operation %d (%s %s at %q): %w", i, o.Op, o.Kind, o.Path, err)
		}
	}
	if err := root.checkAdds(cand, ""); err != nil {
		return nil, err
	}
	return root, nil
}

// checkAdds verifies that no member is added twice, or added while the
// candidate keeps a member of that name.
func (e *edit) checkAdds(v jsonval.Value, ptr string) error {
	if e.set != nil || e.remove {
		return nil
	}
	switch v.Kind {
	case jsonval.Object:
		added := map[string]bool{}
		for _, a := range e.adds {
			if added[a.key] {
				return fmt.Errorf("member %q added twice at %s", a.key, orRoot(ptr))
			}
			added[a.key] = true
			if _, exists := v.Get(a.key); exists {
				if k := e.members[a.key]; k == nil || !k.remove {
					return fmt.Errorf("member %q added at %s, where the candidate has it and no operation removes it", a.key, orRoot(ptr))
				}
			}
		}
		for _, m := range v.Obj {
			if k := e.members[m.Key]; k != nil {
				if err := k.checkAdds(m.Value, ptr+"/"+escape(m.Key)); err != nil {
					return err
				}
			}
		}
	case jsonval.Array:
		for i, el := range v.Arr {
			if k := e.elems[i]; k != nil {
				if err := k.checkAdds(el, ptr+"/"+strconv.Itoa(i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// errOverlap reports operations whose sites overlap.
var errOverlap = errors.New("overlaps another operation's site")

// add records one operation in the tree rooted at e (the edit of cand).
func (e *edit) add(cand jsonval.Value, o *align.Op, order int) error {
	if o.Site == nil {
		return errors.New("no site: the operation is not from a candidate-space walk (use interp's Result.Edits or the default profile)")
	}
	toks, err := splitPointer(o.Site.Pointer)
	if err != nil {
		return err
	}
	switch o.Op {
	case "add", "remove", "replace":
	default:
		return fmt.Errorf("unknown op %q", o.Op)
	}
	if len(toks) == 0 {
		if o.Op != "replace" {
			return fmt.Errorf("%s at the root", o.Op)
		}
		if e.set != nil || e.members != nil || e.elems != nil || e.adds != nil {
			return errOverlap
		}
		v := o.Value
		e.set = &v
		return nil
	}
	// Descend to the container holding the site.
	v := cand
	ptr := ""
	for _, t := range toks[:len(toks)-1] {
		if e.set != nil {
			return errOverlap
		}
		child, next, err := e.child(v, t, ptr)
		if err != nil {
			return err
		}
		ptr += "/" + escape(t)
		v, e = child, next
	}
	if e.set != nil {
		return errOverlap
	}
	last := toks[len(toks)-1]
	if o.Op == "add" {
		a := addition{seq: o.Site.Seq, order: order, value: o.Value}
		switch v.Kind {
		case jsonval.Object:
			a.key = last
		case jsonval.Array:
			a.at = len(v.Arr)
			if last != "-" {
				i, err := index(last, len(v.Arr)+1, ptr)
				if err != nil {
					return err
				}
				a.at = i
			}
		default:
			return fmt.Errorf("add inside %s, which is not an object or array", ptr)
		}
		e.adds = append(e.adds, a)
		return nil
	}
	_, target, err := e.child(v, last, ptr)
	if err != nil {
		return err
	}
	if target.set != nil || target.remove || target.members != nil || target.elems != nil || target.adds != nil {
		return errOverlap
	}
	if o.Op == "remove" {
		target.remove = true
		return nil
	}
	val := o.Value
	target.set = &val
	return nil
}

// child returns the value at token t inside v (at pointer ptr) and the edit
// for it, creating the edit.
func (e *edit) child(v jsonval.Value, t, ptr string) (jsonval.Value, *edit, error) {
	switch v.Kind {
	case jsonval.Object:
		c, ok := v.Get(t)
		if !ok {
			return jsonval.Value{}, nil, fmt.Errorf("no member %q at %s", t, orRoot(ptr))
		}
		if e.members == nil {
			e.members = map[string]*edit{}
		}
		k := e.members[t]
		if k == nil {
			k = &edit{}
			e.members[t] = k
		}
		if k.remove {
			return jsonval.Value{}, nil, errOverlap
		}
		return c, k, nil
	case jsonval.Array:
		i, err := index(t, len(v.Arr), ptr)
		if err != nil {
			return jsonval.Value{}, nil, err
		}
		if e.elems == nil {
			e.elems = map[int]*edit{}
		}
		k := e.elems[i]
		if k == nil {
			k = &edit{}
			e.elems[i] = k
		}
		if k.remove {
			return jsonval.Value{}, nil, errOverlap
		}
		return v.Arr[i], k, nil
	}
	return jsonval.Value{}, nil, fmt.Errorf("%s is not an object or array", orRoot(ptr))
}

// index parses an array index token below n.
func index(t string, n int, ptr string) (int, error) {
	digits := t != "" && strings.Trim(t, "0123456789") == "" && (t == "0" || t[0] != '0')
	i, err := strconv.Atoi(t)
	if !digits || err != nil || i >= n {
		elems := "elements"
		if n == 1 {
			elems = "element"
		}
		return 0, fmt.Errorf("index %q out of range at %s (%d %s)", t, orRoot(ptr), n, elems)
	}
	return i, nil
}

func orRoot(ptr string) string {
	if ptr == "" {
		return "/"
	}
	return ptr
}

// sortedAdds returns the additions in their application order: by anchor
// (arrays), then Seq, then operation order.
func (e *edit) sortedAdds() []addition {
	adds := slices.Clone(e.adds)
	slices.SortStableFunc(adds, func(a, b addition) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.seq, b.seq), cmp.Compare(a.order, b.order))
	})
	return adds
}

// apply returns v with the edits made.
func (e *edit) apply(v jsonval.Value) jsonval.Value {
	if e.set != nil {
		return *e.set
	}
	switch v.Kind {
	case jsonval.Object:
		obj := make([]jsonval.Member, 0, len(v.Obj)+len(e.adds))
		for _, m := range v.Obj {
			if k := e.members[m.Key]; k != nil {
				if k.remove {
					continue
				}
				m.Value = k.apply(m.Value)
			}
			obj = append(obj, m)
		}
		for _, a := range e.sortedAdds() {
			obj = append(obj, jsonval.Member{Key: a.key, Value: a.value})
		}
		return jsonval.NewObject(obj)
	case jsonval.Array:
		arr := make([]jsonval.Value, 0, len(v.Arr)+len(e.adds))
		adds := e.sortedAdds()
		for i := 0; i <= len(v.Arr); i++ {
			for len(adds) > 0 && adds[0].at == i {
				arr = append(arr, adds[0].value)
				adds = adds[1:]
			}
			if i == len(v.Arr) {
				break
			}
			el := v.Arr[i]
			if k := e.elems[i]; k != nil {
				if k.remove {
					continue
				}
				el = k.apply(el)
			}
			arr = append(arr, el)
		}
		return jsonval.NewArray(arr)
	}
	return v
}

// emit appends the patch operations of the edits of v, at pointer ptr, in
// the order of the package documentation.
func (e *edit) emit(v jsonval.Value, ptr string, p *Patch) {
	if e.set != nil {
		*p = append(*p, Operation{Op: "replace", Path: ptr, Value: *e.set})
		return
	}
	switch v.Kind {
	case jsonval.Object:
		for _, m := range v.Obj {
			if k := e.members[m.Key]; k != nil && k.remove {
				*p = append(*p, Operation{Op: "remove", Path: ptr + "/" + escape(m.Key)})
			}
		}
		for _, m := range v.Obj {
			if k := e.members[m.Key]; k != nil && !k.remove {
				k.emit(m.Value, ptr+"/"+escape(m.Key), p)
			}
		}
		for _, a := range e.sortedAdds() {
			*p = append(*p, Operation{Op: "add", Path: ptr + "/" + escape(a.key), Value: a.value})
		}
	case jsonval.Array:
		adds := e.sortedAdds()
		off := 0
		for i := 0; i <= len(v.Arr); i++ {
			for len(adds) > 0 && adds[0].at == i {
				at := strconv.Itoa(i + off)
				if i == len(v.Arr) {
					at = "-"
				}
				*p = append(*p, Operation{Op: "add", Path: ptr + "/" + at, Value: adds[0].value})
				adds = adds[1:]
				off++
			}
			if i == len(v.Arr) {
				break
			}
			k := e.elems[i]
			switch {
			case k == nil:
			case k.remove:
				*p = append(*p, Operation{Op: "remove", Path: ptr + "/" + strconv.Itoa(i+off)})
				off--
			default:
				k.emit(v.Arr[i], ptr+"/"+strconv.Itoa(i+off), p)
			}
		}
	}
}

// splitPointer splits an RFC 6901 JSON Pointer into unescaped tokens.
func splitPointer(ptr string) ([]string, error) {
	if ptr == "" {
		return nil, nil
	}
	if ptr[0] != '/' {
		return nil, fmt.Errorf("site %q is not a JSON Pointer", ptr)
	}
	toks := strings.Split(ptr[1:], "/")
	for i, t := range toks {
		if !strings.Contains(t, "~") {
			continue
		}
		var b strings.Builder
		for j := 0; j < len(t); j++ {
			if t[j] != '~' {
				b.WriteByte(t[j])
				continue
			}
			if j+1 == len(t) || (t[j+1] != '0' && t[j+1] != '1') {
				return nil, fmt.Errorf("site %q: bad escape in token %q", ptr, t)
			}
			b.WriteByte("~/"[t[j+1]-'0'])
			j++
		}
		toks[i] = b.String()
	}
	return toks, nil
}

// escape escapes a JSON Pointer token.
func escape(t string) string { return align.EscapePointerToken(t) }
