package genrt

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// This file holds the record kernel of generated code: the cells of an
// "align" array whose elements are flat records — objects whose members
// are identifiers, references and string leaves, the records and link
// records of a knowledge graph — computed a row at a time instead of by
// one call of the generated cell scorer per cell (docs/PERFORMANCE.md,
// "Large documents").
//
// The kernel computes what the generated scorer computes for two records
// that both have every property (its score-mode path, ObjectSpec.Paired):
// the same member scores, combined by the same Paired. What it saves is
// the per-cell work that depends on one side only: the candidate records
// are read once per matrix, every member string interned to a code of its
// column; a reference's image under the bijection (Scope.Image) is found
// once per row; a string leaf is compared once per row and distinct
// candidate string of its column; and the combination of scores that are
// all 0 or 1 is computed once per pattern. A cell whose gold or candidate
// record lacks a property, holds null or is not a record of strings takes
// the generated scorer (Elems.Cell), as does every cell of a matrix the
// kernel does not fit.

// Record is the elements of the two arrays of an alignment (Elems.Rec)
// and their node in the node table of a generated file: the record kernel
// reads the members of the elements in place, through the layout of their
// struct type (ObjectSpec.Layout), without encoding them (which would
// allocate).
type Record struct {
	nodes []Node
	k     int
	size  uintptr        // the size of an element
	g, p  unsafe.Pointer // the first elements of the two slices
	n, m  int
}

// RecordOf returns the Record of the elements g and p of node k of nodes,
// whose ObjectSpec has the Layout of T.
func RecordOf[T any](nodes []Node, k int, g, p []T) Record {
	var z T
	return Record{nodes: nodes, k: k, size: unsafe.Sizeof(z),
		g: unsafe.Pointer(unsafe.SliceData(g)), p: unsafe.Pointer(unsafe.SliceData(p)), n: len(g), m: len(p)}
}

// RecordsOf returns the Record of the records g and p of a scope
// (Scope.Recs) of node k of nodes, whose ObjectSpec has the Layout of T,
// for the derivation's record matrix (FillRecords): the zero Record, which
// the kernel does not fit, unless each side's records are the elements of
// one slice in order, as they are when the scope's records are the items
// of one array.
func RecordsOf[T any](nodes []Node, k int, g, p []*T) Record {
	var z T
	size := unsafe.Sizeof(z)
	gb, okg := contiguous(g, size)
	pb, okp := contiguous(p, size)
	if !okg || !okp {
		return Record{}
	}
	return Record{nodes: nodes, k: k, size: size, g: gb, p: pb, n: len(g), m: len(p)}
}

// contiguous returns the address of the first of the records rs when each
// record i is size·i bytes after it (the elements of one slice in order).
// The addresses are compared as integers: no pointer is formed outside
// the records.
func contiguous[T any](rs []*T, size uintptr) (unsafe.Pointer, bool) {
	if len(rs) == 0 {
		return nil, true
	}
	base := uintptr(unsafe.Pointer(rs[0]))
	for i, r := range rs {
		if r == nil || uintptr(unsafe.Pointer(r)) != base+uintptr(i)*size {
			return nil, false
		}
	}
	return unsafe.Pointer(rs[0]), true
}

// FillRecords fills the n×m record matrix C of a scope's derivation
// (Derive): with the record kernel when it fits rec (RecordsOf), as the
// main pass fills an array of flat records, else, and for the cells the
// kernel leaves to the generated scorer, with cell(i, j), the RecordCell
// of gold record i against candidate record j. The kernel computes what
// cell computes, bit for bit: its cells compare two records that have
// every property, strings all, so no cell it computes compares values of
// different kinds.
func (w *Workspace) FillRecords(C []float64, n, m int, rec Record, cell func(i, j int) float64) {
	if w.kernelFill(C, n, m, &rec, func(i, j int, _ bool) (float64, *Res) { return cell(i, j), nil }, nil) {
		return
	}
	for i := range n {
		for j := range m {
			C[i*m+j] = cell(i, j)
		}
	}
}

// Layout is where the properties of an object node are in the struct type
// generated for it (ObjectSpec.Layout), for the record kernel: every
// property a string field or a pointer to one (nil: absent), in schema
// order.
type Layout struct {
	size  uintptr
	off   []uintptr
	ptr   []bool
	names []string // the fields' JSON names
}

// LayoutOf returns the Layout of the struct type T, nil when a field of T
// is not a string or a pointer to one.
func LayoutOf[T any]() *Layout {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		return nil
	}
	L := &Layout{size: t.Size()}
	for k := range t.NumField() {
		f := t.Field(k)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch ft := f.Type; {
		case ft.Kind() == reflect.String:
			L.ptr = append(L.ptr, false)
		case ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.String:
			L.ptr = append(L.ptr, true)
		default:
			return nil
		}
		L.off, L.names = append(L.off, f.Offset), append(L.names, name)
	}
	return L
}

// member returns property k of element i of the slice at base, false when
// it is absent.
func (L *Layout) member(base unsafe.Pointer, i, k int) (string, bool) {
	q := unsafe.Add(base, uintptr(i)*L.size+L.off[k])
	if L.ptr[k] {
		sp := *(**string)(q)
		if sp == nil {
			return "", false
		}
		return *sp, true
	}
	return *(*string)(q), true
}

// kernelMin is the smallest matrix (cells) the record kernel fills: below
// it, encoding the elements costs more than the calls it saves.
const kernelMin = 256

// maxPattern bounds the records whose 0-or-1 score patterns are memoised
// (2^8 patterns).
const maxPattern = 8

// imager is the view of a derived scope the record kernel needs
// (registered by Derive, Workspace.scopes).
type imager interface {
	// stringImage returns π(id) (Scope.Image) for a scope whose
	// identifiers are strings; ok is false for one of another Go type.
	stringImage(id string) (img string, has, ok bool)
	done() bool
}

func (s *Scope[K, R]) stringImage(id string) (string, bool, bool) {
	k, ok := any(id).(K)
	if !ok {
		return "", false, false
	}
	mp, has := s.Image(k)
	img, _ := any(mp).(string)
	return img, has, true
}

func (s *Scope[K, R]) done() bool { return s.Done }

// register records scope s as the idx-th in processing order.
func (w *Workspace) register(idx int, s imager) {
	for len(w.scopes) <= idx {
		w.scopes = append(w.scopes, nil)
	}
	w.scopes[idx] = s
}

// kernelMember is the static rule of one member of a record.
type kernelMember struct {
	id    bool
	scope int // 1 + the scope index of a reference, 0 otherwise
	str   func(a, b string) float64
	thr   float64
	jw    bool // str is align.JaroWinkler (recordKernel.jw)
}

// isJaroWinkler reports whether f is align.JaroWinkler, which the kernel
// computes with an align.JaroWinklerSet of the column's candidate strings.
func isJaroWinkler(f func(a, b string) float64) bool {
	return reflect.ValueOf(f).Pointer() == reflect.ValueOf(align.JaroWinkler).Pointer()
}

// recordKernel is the per-matrix state of the record kernel, kept in the
// workspace.
type recordKernel struct {
	members []kernelMember
	np      int
	// The candidate side, by column: per column the interned strings
	// (codes index strs[k]) and per element its codes (j*np + k); ok[j]
	// tells whether element j is a record of strings.
	codes []map[string]int32
	strs  [][]string
	code  []int32
	ok    []bool
	// L is the layout of the elements.
	L *Layout
	// The gold side of the row being filled: a reference's image code
	// (-2: masked, scores 1; -1: no candidate holds it) or a string leaf's
	// scores by code.
	img    []int32
	scores [][]float64
	// The string memo: per column, the offset in memo[k] of the scores of
	// each gold string met in the matrix, so that a gold string that
	// recurs in a later row is not compared again (memoMax bounds memo[k];
	// past it a row's scores are computed in spill[k]). scores[k] is a
	// slice of one of the two.
	seen  []map[string]int32
	memo  [][]float64
	spill [][]float64
	// jw[k] holds column k's candidate strings for a member compared by
	// Jaro–Winkler (kernelMember.jw).
	jw []align.JaroWinklerSet
	// vs and tmp hold the member scores of a cell; table and known the
	// memoised scores of 0-or-1 patterns.
	vs, tmp []float64
	table   []float64
	known   []bool
	// bits[k] is, for a row whose string scores are all 0 or 1 (bitRow),
	// the 0-or-1 score of column k's candidate strings as a bit.
	bits [][]uint8
	// The classes of the candidate elements, for the rows of bitRow
	// (bitFill): the records of strings whose string leaves hold the same
	// strings are of one class (class[j]; the elements that are not, bad,
	// are of class nclass), whose string codes are classCodes[c*np+k], and
	// classKeys interns them when the records have two string leaves or
	// more. refAt[k] lists the records by their code of reference k
	// (those of code x at refAt[k][refStart[k][x]:refStart[k][x+1]]); val
	// holds the scores of a row's classes.
	class      []int32
	nclass     int
	classCodes []int32
	classKeys  map[[maxPattern]int32]int32
	bad        []int32
	refStart   [][]int32
	refAt      [][]int32
	val        []float64
	// classMask holds the patterns of a row's classes; for a coded matrix
	// (codedMatrix), maskCode the code of each pattern's score by mask
	// (-1: not met yet) and valCode the codes of a row's classes.
	classMask []int
	maskCode  []int16
	valCode   []uint8
}

// kernelFill fills the n×m matrix M of the tails (no tuple positions) of
// the elements rec with the record kernel, and the cells it leaves to the
// generated scorer with cell; false when it does not fit the array (M is
// then untouched and the caller fills it). With cm not nil, it fills cm
// instead of M when every row is a row of bitRow and the matrix holds few
// enough distinct scores (cm.ok; see codedMatrix), else M, clearing
// cm.ok.
func (w *Workspace) kernelFill(M []float64, n, m int, rec *Record, cell func(i, j int, build bool) (float64, *Res), cm *codedMatrix) bool {
	if rec.nodes == nil || n*m < kernelMin || rec.n != n || rec.m != m {
		return false
	}
	S := &rec.nodes[rec.k]
	spec := S.Object
	if spec == nil || spec.Shares == nil || spec.KeyThreshold > 1 || len(S.Props) == 0 || len(S.Props) != len(spec.Keys) || S.Union != nil || S.Map {
		return false
	}
	kr := &w.kernel
	kr.members = kr.members[:0]
	for _, pk := range S.Props {
		P := &rec.nodes[pk]
		km := kernelMember{}
		switch {
		case P.Union != nil || P.Any || P.Kind != jsonval.String:
			return false
		case P.ID:
			km.id = true
		case P.Ref > 0:
			km.scope = P.Ref
		case P.Str != nil:
			km.str, km.thr, km.jw = P.Str, P.Threshold, isJaroWinkler(P.Str)
		default:
			return false
		}
		kr.members = append(kr.members, km)
	}
	np := len(kr.members)
	L := spec.Layout
	if L == nil || L.size != rec.size || len(L.off) != np || !slices.Equal(L.names, spec.Keys) {
		return false
	}
	kr.L = L
	for _, km := range kr.members {
		if km.scope > 0 && !w.masked(km.scope-1) {
			if _, _, ok := w.scopes[km.scope-1].stringImage(""); !ok {
				return false // identifiers of another Go type
			}
		}
	}
	kr.columns(np, m, rec)
	// The rows.
	for len(kr.scores) < np {
		kr.scores = append(kr.scores, nil)
		kr.seen = append(kr.seen, map[string]int32{})
		kr.memo = append(kr.memo, nil)
		kr.spill = append(kr.spill, nil)
	}
	for k := range np {
		kr.memo[k] = kr.memo[k][:0]
	}
	for len(kr.jw) < np {
		kr.jw = append(kr.jw, align.JaroWinklerSet{})
	}
	for k, km := range kr.members {
		if km.jw {
			kr.jw[k].Reset(kr.strs[k])
		}
	}
	kr.img = growInts(kr.img, np)
	kr.vs, kr.tmp = growFloats(kr.vs, np), growFloats(kr.tmp, np)
	kr.table, kr.known = kr.table[:0], kr.known[:0]
	if np <= maxPattern {
		for range 1 << np {
			kr.table, kr.known = append(kr.table, 0), append(kr.known, false)
		}
	}
	kr.maskCode = kr.maskCode[:0]
	if cm != nil && len(kr.table) > 0 {
		for range len(kr.table) {
			kr.maskCode = append(kr.maskCode, -1)
		}
	} else {
		cm = nil
	}
	for i := range n {
		row := M[i*m : (i+1)*m]
		if !kr.row(w, rec.g, i) {
			cm = uncoded(cm, M, i, m)
			for j := range m {
				row[j], _ = cell(i, j, false)
			}
			continue
		}
		if kr.bitRow() {
			if cm != nil && kr.bitCode(spec, cm.codes[i*m:(i+1)*m], cm, i, cell) {
				continue
			}
			cm = uncoded(cm, M, i, m)
			kr.bitFill(spec, row, i, cell)
			continue
		}
		cm = uncoded(cm, M, i, m)
		for j := range m {
			if !kr.ok[j] {
				row[j], _ = cell(i, j, false)
				continue
			}
			row[j] = kr.cell(spec, j)
		}
	}
	// The columns hold the caller's strings: dropped, not kept past the call.
	for k := range np {
		clear(kr.codes[k])
		clear(kr.strs[k])
		kr.strs[k] = kr.strs[k][:0]
		clear(kr.seen[k])
		if k < len(kr.jw) {
			kr.jw[k].Reset(nil)
		}
	}
	return true
}

// uncoded gives up coding the matrix M into cm at its row i (of m cells),
// which kernelFill does not code: it clears cm.ok and writes the rows
// coded so far into M.
func uncoded(cm *codedMatrix, M []float64, i, m int) *codedMatrix {
	if cm != nil {
		for k, c := range cm.codes[:i*m] {
			M[k] = cm.vals[c]
		}
		cm.ok = false
	}
	return nil
}

// columns reads the candidate elements of r into kr's columns.
func (kr *recordKernel) columns(np, m int, r *Record) {
	kr.np = np
	for len(kr.codes) < np {
		kr.codes = append(kr.codes, map[string]int32{})
		kr.strs = append(kr.strs, nil)
	}
	kr.code = growInts(kr.code, m*np)
	kr.ok = kr.ok[:0]
	for j := range m {
		ok := true
		for k := range np {
			s, has := kr.L.member(r.p, j, k)
			if !has {
				ok = false
				break
			}
			x, seen := kr.codes[k][s]
			if !seen {
				x = int32(len(kr.strs[k]))
				kr.codes[k][s] = x
				kr.strs[k] = append(kr.strs[k], s)
			}
			kr.code[j*np+k] = x
		}
		kr.ok = append(kr.ok, ok)
	}
	if np <= maxPattern {
		kr.classes(m)
	}
}

// classes sorts the candidate elements read by columns into their classes
// and lists them by their references' codes (recordKernel.class, refAt).
func (kr *recordKernel) classes(m int) {
	np := kr.np
	var strMembers [maxPattern]int
	ns := 0
	for k, km := range kr.members {
		if !km.id && km.scope == 0 && ns < maxPattern {
			strMembers[ns] = k
			ns++
		}
	}
	kr.class = growInts(kr.class, m)
	kr.classCodes = kr.classCodes[:0]
	kr.bad = kr.bad[:0]
	kr.nclass = 0
	switch {
	case ns == 0:
		kr.nclass = 1
		kr.classCodes = append(kr.classCodes, make([]int32, np)...)
	case ns == 1:
		k := strMembers[0]
		kr.nclass = len(kr.strs[k])
		for x := range kr.nclass {
			for t := range np {
				c := int32(0)
				if t == k {
					c = int32(x)
				}
				kr.classCodes = append(kr.classCodes, c)
			}
		}
	default:
		if kr.classKeys == nil {
			kr.classKeys = map[[maxPattern]int32]int32{}
		}
		clear(kr.classKeys)
	}
	for j := range m {
		if !kr.ok[j] {
			kr.class[j] = -1
			kr.bad = append(kr.bad, int32(j))
			continue
		}
		code := kr.code[j*np : j*np+np]
		switch {
		case ns == 0:
			kr.class[j] = 0
		case ns == 1:
			kr.class[j] = code[strMembers[0]]
		default:
			var key [maxPattern]int32
			for t, k := range strMembers[:ns] {
				key[t] = code[k]
			}
			c, seen := kr.classKeys[key]
			if !seen {
				c = int32(kr.nclass)
				kr.nclass++
				kr.classKeys[key] = c
				for t := range np {
					kr.classCodes = append(kr.classCodes, code[t])
				}
			}
			kr.class[j] = c
		}
	}
	for _, j := range kr.bad {
		kr.class[j] = int32(kr.nclass)
	}
	kr.val = growFloats(kr.val, kr.nclass+1)
	kr.val[kr.nclass] = 0 // the class of the bad elements, whose cells bitFill writes last
	if cap(kr.valCode) < kr.nclass+1 {
		kr.valCode = make([]uint8, kr.nclass+1)
		kr.classMask = make([]int, kr.nclass+1)
	}
	kr.valCode = kr.valCode[:kr.nclass+1]
	kr.valCode[kr.nclass] = 0
	kr.classMask = kr.classMask[:kr.nclass+1]
	// The records by their references' codes.
	for len(kr.refStart) < np {
		kr.refStart, kr.refAt = append(kr.refStart, nil), append(kr.refAt, nil)
	}
	for k, km := range kr.members {
		if km.scope == 0 {
			continue
		}
		nc := len(kr.strs[k])
		start := growInts(kr.refStart[k], nc+1)
		clear(start)
		for j := range m {
			if kr.ok[j] {
				start[kr.code[j*np+k]+1]++
			}
		}
		for x := range nc {
			start[x+1] += start[x]
		}
		at := growInts(kr.refAt[k], int(start[nc]))
		for j := range m {
			if kr.ok[j] {
				x := kr.code[j*np+k]
				at[start[x]] = int32(j)
				start[x]++
			}
		}
		// start[x] is now the end of code x's records: shifted back.
		copy(start[1:], start[:nc])
		start[0] = 0
		kr.refStart[k], kr.refAt[k] = start, at
	}
}

// bitFill fills the row of gold element i for a row of bitRow: a cell's
// member scores are those of its candidate's class, but where the
// candidate names the image of the row's reference (few cells), so the
// row is its classes' scores, then the cells of the candidates that name
// a reference's image (patternCell), then those of the elements the
// kernel leaves to the generated scorer (cell). Every cell is the score
// of its pattern, as patternCell computes it.
func (kr *recordKernel) bitFill(spec *ObjectSpec, row []float64, i int, cell func(i, j int, build bool) (float64, *Res)) {
	val := kr.classScores(spec)
	class := kr.class[:len(row)]
	for j, c := range class {
		row[j] = val[c]
	}
	for k, km := range kr.members {
		if x := kr.img[k]; km.scope > 0 && x >= 0 {
			for _, j := range kr.refAt[k][kr.refStart[k][x]:kr.refStart[k][x+1]] {
				row[j] = kr.patternCell(spec, int(j))
			}
		}
	}
	for _, j := range kr.bad {
		row[j], _ = cell(i, int(j), false)
	}
}

// bitCode is bitFill into the codes crow of cm (the row's cells as
// codes, see codedMatrix); false when cm is full, and crow is then not
// fully written.
func (kr *recordKernel) bitCode(spec *ObjectSpec, crow []uint8, cm *codedMatrix, i int, cell func(i, j int, build bool) (float64, *Res)) bool {
	val := kr.classScores(spec)
	vc := kr.valCode[:len(val)]
	for c := range kr.nclass {
		vc[c] = kr.patternCode(kr.classMask[c], val[c], cm)
	}
	class := kr.class[:len(crow)]
	for j, c := range class {
		crow[j] = vc[c]
	}
	for k, km := range kr.members {
		if x := kr.img[k]; km.scope > 0 && x >= 0 {
			for _, j := range kr.refAt[k][kr.refStart[k][x]:kr.refStart[k][x+1]] {
				crow[j] = cm.code(kr.patternCell(spec, int(j)))
			}
		}
	}
	for _, j := range kr.bad {
		x, _ := cell(i, int(j), false)
		crow[j] = cm.code(x)
	}
	return cm.ok
}

// classScores returns the scores of the row's classes (kr.val, the class
// of the bad elements last, 0) and leaves their patterns in kr.classMask.
func (kr *recordKernel) classScores(spec *ObjectSpec) []float64 {
	np := kr.np
	base := 0
	for k, km := range kr.members {
		if km.id || km.scope > 0 && kr.img[k] == -2 {
			base |= 1 << k
		}
	}
	val := kr.val[:kr.nclass+1]
	masks := kr.classMask[:kr.nclass]
	for c := range kr.nclass {
		mask := base
		codes := kr.classCodes[c*np : c*np+np]
		for k, km := range kr.members {
			if !km.id && km.scope == 0 {
				mask |= int(kr.bits[k][codes[k]]) << k
			}
		}
		masks[c] = mask
		val[c] = kr.pattern(spec, mask)
	}
	return val
}

// patternCode is the code in cm of x, the score of the pattern mask,
// memoised by mask.
func (kr *recordKernel) patternCode(mask int, x float64, cm *codedMatrix) uint8 {
	if c := kr.maskCode[mask]; c >= 0 {
		return uint8(c)
	}
	c := cm.code(x)
	if cm.ok {
		kr.maskCode[mask] = int16(c)
	}
	return c
}

// row prepares the gold record i of the slice at base for its row; false
// when it lacks a property (its cells take the generated scorer).
func (kr *recordKernel) row(w *Workspace, base unsafe.Pointer, i int) bool {
	for k := range kr.members {
		if _, has := kr.L.member(base, i, k); !has {
			return false
		}
	}
	for k, km := range kr.members {
		gv, _ := kr.L.member(base, i, k)
		switch {
		case km.id:
		case km.scope > 0:
			// Ref: 1 while masked, else 1 exactly when the candidate
			// names π of the gold identifier.
			kr.img[k] = -2
			if w.masked(km.scope - 1) {
				break
			}
			kr.img[k] = -1
			if mp, has, _ := w.scopes[km.scope-1].stringImage(gv); has {
				if x, ok := kr.codes[k][mp]; ok {
					kr.img[k] = x
				}
			}
		default:
			kr.scores[k] = kr.stringScores(k, km, gv)
		}
	}
	return true
}

// memoMax bounds the memoised scores of a column in a matrix.
const memoMax = 1 << 20

// stringScores returns the scores of the gold string gv against every
// distinct candidate string of column k, from the memo when gv was met in
// an earlier row of the matrix.
func (kr *recordKernel) stringScores(k int, km kernelMember, gv string) []float64 {
	strs := kr.strs[k]
	if off, ok := kr.seen[k][gv]; ok {
		return kr.memo[k][off : int(off)+len(strs)]
	}
	var sc []float64
	if mem := kr.memo[k]; len(mem)+len(strs) <= memoMax {
		// Appended: a reallocation leaves the slices handed out before
		// on the old storage, whose contents stay valid.
		off := len(mem)
		mem = slices.Grow(mem, len(strs))[:off+len(strs)]
		sc = mem[off:]
		kr.memo[k] = mem
		kr.seen[k][gv] = int32(off)
	} else {
		sc = growFloats(kr.spill[k], len(strs))
		kr.spill[k] = sc
	}
	if km.jw {
		kr.jw[k].Scores(sc, gv)
		for x, v := range sc {
			sc[x] = align.ApplyThreshold(v, km.thr)
		}
		return sc
	}
	for x, pv := range strs {
		sc[x] = align.ApplyThreshold(km.str(gv, pv), km.thr)
	}
	return sc
}

// cell is the score of the row's gold record against candidate element j,
// as the generated scorer computes it (ObjectSpec.Paired).
func (kr *recordKernel) cell(spec *ObjectSpec, j int) float64 {
	np := kr.np
	code := kr.code[j*np : j*np+np]
	vs := kr.vs
	mask, pattern := 0, len(kr.table) > 0
	for k, km := range kr.members {
		var s float64
		switch {
		case km.id:
			s = 1
		case km.scope > 0:
			if x := kr.img[k]; x == -2 || x == code[k] {
				s = 1
			}
		default:
			s = kr.scores[k][code[k]]
		}
		vs[k] = s
		switch math.Float64bits(s) {
		case 0:
		case one:
			mask |= 1 << k
		default:
			pattern = false // a -0 could round differently
		}
	}
	if pattern {
		if !kr.known[mask] {
			copy(kr.tmp, vs)
			kr.table[mask], kr.known[mask] = spec.Paired(kr.tmp), true
		}
		return kr.table[mask]
	}
	return spec.Paired(vs)
}

// bitRow reports whether every member score of the row's cells is 0 or 1
// (references, identifiers, and string leaves whose scores against every
// candidate string of their column are), and then fills kr.bits: each
// cell of the row is then the memoised score of its pattern (patternCell).
func (kr *recordKernel) bitRow() bool {
	if len(kr.table) == 0 {
		return false
	}
	for len(kr.bits) < kr.np {
		kr.bits = append(kr.bits, nil)
	}
	for k, km := range kr.members {
		if km.id || km.scope > 0 {
			continue
		}
		b := kr.bits[k][:0]
		for _, v := range kr.scores[k] {
			switch math.Float64bits(v) {
			case 0:
				b = append(b, 0)
			case one:
				b = append(b, 1)
			default:
				kr.bits[k] = b
				return false
			}
		}
		kr.bits[k] = b
	}
	return true
}

// patternCell is cell for a row of bitRow: the pattern of the 0-or-1
// member scores, read from integer comparisons, and its memoised score.
func (kr *recordKernel) patternCell(spec *ObjectSpec, j int) float64 {
	np := kr.np
	code := kr.code[j*np : j*np+np]
	mask := 0
	for k, km := range kr.members {
		switch {
		case km.id:
			mask |= 1 << k
		case km.scope > 0:
			if x := kr.img[k]; x == -2 || x == code[k] {
				mask |= 1 << k
			}
		default:
			mask |= int(kr.bits[k][code[k]]) << k
		}
	}
	return kr.pattern(spec, mask)
}

// pattern is the score of the 0-or-1 member scores whose 1s are the bits
// of mask, memoised.
func (kr *recordKernel) pattern(spec *ObjectSpec, mask int) float64 {
	if !kr.known[mask] {
		for k := range kr.np {
			kr.tmp[k] = float64(mask >> k & 1)
		}
		kr.table[mask], kr.known[mask] = spec.Paired(kr.tmp), true
	}
	return kr.table[mask]
}

// one is the bit pattern of 1.0.
const one = 0x3ff0000000000000

// masked reports whether references into the idx-th scope score 1 (Ref).
func (w *Workspace) masked(idx int) bool {
	return w.MaskAll || w.Cur == idx+1 || idx >= len(w.scopes) || w.scopes[idx] == nil || !w.scopes[idx].done()
}

func growFloats(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

func growInts(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}
