package feedback

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/internal/suggest"

	"github.com/BurntSushi/toml"
)

// The packaged templates of docs/SCORING.md §8.10.1 (default feedback),
// docs/SCORING.md §8.10.2 (compact overlay) and docs/SCORING.md §9.1
// (description), kept as data, and the overlay of the default profile
// (ProfileDefault) over the first and the last.
//
//go:embed templates/default.json templates/compact.json templates/describe.json templates/default-profile.json
var templateFS embed.FS

// tkey identifies a template key.
type tkey uint8

// The template keys, in the order of docs/SCORING.md §8.10.1 and §9.1.
const (
	keyIntroPerfect tkey = iota
	keyIntroImperfect
	keyOpPrimitiveReplace
	keyOpPrimitiveReplaceReorder
	keyOpKeyAdd
	keyOpKeyRemove
	keyOpKeyRenameAdd
	keyOpKeyRenameRemove
	keyOpListItemAdd
	keyOpListItemRemove
	keyOpListItemMissing
	keyOpListItemExcess
	keyOpRefFix
	keyOpRefFixNoTarget
	keyRefsemProp
	keyRefsemRelation
	keyRefsemTarget
	keyRefsemTargetAmbiguous
	keyRefsemUsed
	keyRefsemUsedDangling
	keyOpRefFixSemantic
	keyOpRefFixNoTargetSemantic
	keyOpSubtreeReplace
	keyOpNullValueReplace
	keyOpPairingAmbiguous
	keyDiagnosticsIntro
	keySynthesisSingleDominant
	keySynthesisMixed
	keyEmpty
	keyValidationError

	keyDescribeIntroPerfect
	keyDescribeIntroImperfect
	keyDescribeItemMatch
	keyDescribeItemMismatch
	keyDescribeRefMatch
	keyDescribeRefMismatch
	keyDescribeRefNoTarget
	keyDescribeIDMatch
	keyDescribeIDMismatch
	keyDescribeNullMatch
	keyDescribeNullMismatch
	keyDescribeListMatch
	keyDescribeListMismatch
	keyDescribeListExcess
	keyDescribeListMissing
	keyDescribeListAmbiguous
	keyDescribeDictMatch
	keyDescribeDictMismatch
	keyDescribeDictAmbiguous
	keyDescribeDictKeyMatch
	keyDescribeDictKeyMismatch
	keyDescribeDictKeyMissing
	keyDescribeDictKeyExtra
	keyDescribeDictValuePrefix
	keyDescribeValidationError
	keyDescribeRootKindMismatch
	keyOpBranchReplace
	keyDescribeBranchMismatch

	numKeys
)

// param is one placeholder a template key provides, with its Python type.
type param struct {
	slot slot
	typ  argType
}

// keySpec describes one template key: its name and the placeholders it may
// use (docs/SCORING.md §8.8.4; the docs/SCORING.md §8.11 and §9.1 keys as documented on Templates).
type keySpec struct {
	name   string
	params []param
}

// allowed returns the type of placeholder s for this key.
func (k *keySpec) allowed(s slot) (argType, bool) {
	for _, p := range k.params {
		if p.slot == s {
			return p.typ, true
		}
	}
	return argUnset, false
}

func strs(slots ...slot) []param {
	ps := make([]param, len(slots))
	for i, s := range slots {
		ps[i] = param{s, argString}
	}
	return ps
}

// opParams are the placeholders of a per-operation template: the five every
// operation provides (docs/SCORING.md §8.8.4) followed by the kind's own strings.
func opParams(extra ...slot) []param {
	return append([]param{
		{slotRank, argInt},
		{slotScoreDelta, argFloat},
		{slotScoreDeltaPct, argFloat},
		{slotConfidence, argFloat},
		{slotConfidencePct, argFloat},
	}, strs(extra...)...)
}

func scoreParams() []param {
	return []param{{slotScore, argFloat}, {slotScorePct, argFloat}}
}

// keySpecs is the table of template keys. It is built once and never
// modified.
var keySpecs = [numKeys]keySpec{
	keyIntroPerfect: {"feedback.intro.perfect", scoreParams()},
	keyIntroImperfect: {"feedback.intro.imperfect", append(scoreParams(),
		param{slotDeficit, argFloat}, param{slotDeficitPct, argFloat},
		param{slotNShown, argInt}, param{slotNTotal, argInt})},
	keyOpPrimitiveReplace:        {"feedback.op.primitive_replace", opParams(slotPath, slotGold, slotPred)},
	keyOpPrimitiveReplaceReorder: {"feedback.op.primitive_replace_reorder", opParams(slotPath, slotListPath, slotGold, slotPred)},
	keyOpKeyAdd:                  {"feedback.op.key_add", opParams(slotPath, slotKey, slotGold)},
	keyOpKeyRemove:               {"feedback.op.key_remove", opParams(slotPath, slotKey, slotPred)},
	keyOpKeyRenameAdd:            {"feedback.op.key_rename_add", opParams(slotGoldPath, slotPredPath, slotGoldKey, slotPredKey, slotGold)},
	keyOpKeyRenameRemove:         {"feedback.op.key_rename_remove", opParams(slotPredPath, slotPredKey, slotPred)},
	keyOpListItemAdd:             {"feedback.op.list_item_add", opParams(slotPath, slotGold)},
	keyOpListItemRemove:          {"feedback.op.list_item_remove", opParams(slotPath, slotPred)},
	keyOpListItemMissing:         {"feedback.op.list_item_missing", opParams(slotPath, slotListPath, slotGold)},
	keyOpListItemExcess:          {"feedback.op.list_item_excess", opParams(slotPath, slotListPath, slotPred)},
	keyOpRefFix:                  {"feedback.op.ref_fix", opParams(slotPath, slotPred, slotValue)},
	keyOpRefFixNoTarget:          {"feedback.op.ref_fix_no_target", opParams(slotPath, slotPred)},
	keyRefsemProp:                {"feedback.refsem.prop", strs(slotKey, slotValue)},
	keyRefsemRelation:            {"feedback.refsem.relation", strs(slotRelationLabel)},
	keyRefsemTarget:              {"feedback.refsem.target", strs(slotScope, slotGoldProps)},
	keyRefsemTargetAmbiguous:     {"feedback.refsem.target_ambiguous", strs(slotScope, slotGoldProps)},
	keyRefsemUsed:                {"feedback.refsem.used", strs(slotScope, slotPredProps)},
	keyRefsemUsedDangling:        {"feedback.refsem.used_dangling", nil},
	keyOpRefFixSemantic: {"feedback.op.ref_fix.semantic",
		opParams(slotPath, slotPred, slotValue, slotRelation, slotTarget, slotUsed, slotScope)},
	keyOpRefFixNoTargetSemantic: {"feedback.op.ref_fix_no_target.semantic",
		opParams(slotPath, slotPred, slotRelation, slotTarget, slotScope)},
	keyOpSubtreeReplace:   {"feedback.op.subtree_replace", opParams(slotPath)},
	keyOpNullValueReplace: {"feedback.op.null_value_replace", opParams(slotPath, slotGold, slotPred)},
	keyOpPairingAmbiguous: {"feedback.op.pairing_ambiguous", opParams(slotPath)},
	keyDiagnosticsIntro:   {"feedback.diagnostics.intro", nil},
	keySynthesisSingleDominant: {"feedback.synthesis.single_dominant", []param{
		{slotDominantKind, argString}, {slotDominantKindHuman, argString},
		{slotDominantFraction, argFloat}, {slotDominantFractionPct, argFloat}}},
	keySynthesisMixed:  {"feedback.synthesis.mixed", strs(slotTopKinds)},
	keyEmpty:           {"feedback.empty", scoreParams()},
	keyValidationError: {"feedback.validation_error", strs(slotPath, slotMessage)},

	keyDescribeIntroPerfect:     {"describe.intro.perfect", strs(slotScorePct)},
	keyDescribeIntroImperfect:   {"describe.intro.imperfect", strs(slotScorePct)},
	keyDescribeItemMatch:        {"describe.item.match", strs(slotIndent, slotGold, slotPred, slotScorePct)},
	keyDescribeItemMismatch:     {"describe.item.mismatch", strs(slotIndent, slotGold, slotPred, slotScorePct)},
	keyDescribeRefMatch:         {"describe.ref.match", strs(slotIndent, slotGold, slotPred, slotValue, slotScorePct)},
	keyDescribeRefMismatch:      {"describe.ref.mismatch", strs(slotIndent, slotGold, slotPred, slotValue, slotScorePct)},
	keyDescribeRefNoTarget:      {"describe.ref.no_target", strs(slotIndent, slotGold, slotPred, slotValue, slotScorePct)},
	keyDescribeIDMatch:          {"describe.id.match", strs(slotIndent, slotGold, slotPred, slotScorePct)},
	keyDescribeIDMismatch:       {"describe.id.mismatch", strs(slotIndent, slotGold, slotPred, slotScorePct)},
	keyDescribeNullMatch:        {"describe.null.match", strs(slotIndent, slotGold, slotPred, slotScorePct)},
	keyDescribeNullMismatch:     {"describe.null.mismatch", strs(slotIndent, slotGold, slotPred, slotScorePct)},
	keyDescribeListMatch:        {"describe.list.match", strs(slotIndent, slotScorePct)},
	keyDescribeListMismatch:     {"describe.list.mismatch", strs(slotIndent, slotScorePct)},
	keyDescribeListExcess:       {"describe.list.excess", strs(slotIndent, slotGold, slotPred)},
	keyDescribeListMissing:      {"describe.list.missing", strs(slotIndent, slotGold, slotPred)},
	keyDescribeListAmbiguous:    {"describe.list.ambiguous", append(strs(slotIndent, slotConfidencePct), param{slotNGold, argInt}, param{slotNPred, argInt})},
	keyDescribeDictMatch:        {"describe.dict.match", strs(slotIndent, slotScorePct)},
	keyDescribeDictMismatch:     {"describe.dict.mismatch", strs(slotIndent, slotScorePct)},
	keyDescribeDictAmbiguous:    {"describe.dict.ambiguous", strs(slotIndent, slotConfidencePct)},
	keyDescribeDictKeyMatch:     {"describe.dict.key.match", strs(slotIndent, slotGold, slotPred, slotScorePct)},
	keyDescribeDictKeyMismatch:  {"describe.dict.key.mismatch", strs(slotIndent, slotGold, slotPred, slotScorePct)},
	keyDescribeDictKeyMissing:   {"describe.dict.key.missing", strs(slotIndent, slotGold, slotValue)},
	keyDescribeDictKeyExtra:     {"describe.dict.key.extra", strs(slotIndent, slotPred, slotValue)},
	keyDescribeDictValuePrefix:  {"describe.dict.value.prefix", strs(slotIndent)},
	keyDescribeValidationError:  {"describe.validation_error", strs(slotPath, slotMessage)},
	keyDescribeRootKindMismatch: {"describe.root.kind_mismatch", strs(slotGold, slotPred, slotScorePct)},
	keyOpBranchReplace:          {"feedback.op.branch_replace", opParams(slotPath, slotGold, slotPred, slotGoldBranch, slotPredBranch)},
	keyDescribeBranchMismatch:   {"describe.branch.mismatch", strs(slotIndent, slotGold, slotPred, slotGoldBranch, slotPredBranch, slotScorePct)},
}

// keyByName returns the key named name.
func keyByName(name string) (tkey, bool) {
	for k := range keySpecs {
		if keySpecs[k].name == name {
			return tkey(k), true
		}
	}
	return 0, false
}

// opKey returns the template key of an operation kind; ok is false for a kind
// outside docs/SCORING.md §8.3.
func opKey(kind align.OpKind) (tkey, bool) {
	switch kind {
	case align.KindPrimitiveReplace:
		return keyOpPrimitiveReplace, true
	case align.KindPrimitiveReplaceReorder:
		return keyOpPrimitiveReplaceReorder, true
	case align.KindKeyAdd:
		return keyOpKeyAdd, true
	case align.KindKeyRemove:
		return keyOpKeyRemove, true
	case align.KindKeyRenameAdd:
		return keyOpKeyRenameAdd, true
	case align.KindKeyRenameRemove:
		return keyOpKeyRenameRemove, true
	case align.KindListItemAdd:
		return keyOpListItemAdd, true
	case align.KindListItemRemove:
		return keyOpListItemRemove, true
	case align.KindListItemMissing:
		return keyOpListItemMissing, true
	case align.KindListItemExcess:
		return keyOpListItemExcess, true
	case align.KindRefFix:
		return keyOpRefFix, true
	case align.KindRefFixNoTarget:
		return keyOpRefFixNoTarget, true
	case align.KindSubtreeReplace:
		return keyOpSubtreeReplace, true
	case align.KindNullValueReplace:
		return keyOpNullValueReplace, true
	case align.KindPairingAmbiguous:
		return keyOpPairingAmbiguous, true
	case align.KindBranchReplace:
		return keyOpBranchReplace, true
	}
	return 0, false
}

// templateSet is one resolved template per key.
type templateSet [numKeys]*compiledTemplate

// The style indices of Templates.resolved.
const (
	styleIdxGepa = iota
	styleIdxCompact
	numStyleIdx
)

// Templates is an immutable, compiled set of feedback and description
// templates: the packaged defaults (docs/SCORING.md §8.10.1, §9.1), the compact overlay
// (docs/SCORING.md §8.10.2) and optional user overrides, already layered per style
// (docs/SCORING.md §8.8.6: defaults → compact overlay → user overrides). A *Templates is
// safe for concurrent use.
//
// Placeholders available per key are those of docs/SCORING.md §8.8.4. For the
// other keys this package allows: feedback.refsem.prop {key, value};
// feedback.refsem.relation {relation_label}; feedback.refsem.target and
// target_ambiguous {scope, gold_props}; feedback.refsem.used {scope,
// pred_props}; feedback.refsem.used_dangling none; feedback.op.ref_fix.semantic
// the per-operation five plus {path, pred, value, relation, target, used,
// scope}; feedback.op.ref_fix_no_target.semantic the five plus {path, pred,
// relation, target, scope}. Description keys take the string placeholders
// indent, gold, pred (Python str()) and score_pct (already rendered as "77%");
// ref leaves add value; list.excess/missing take indent, gold, pred;
// list.ambiguous takes indent, confidence_pct, and the integers n_gold,
// n_pred; dict.ambiguous takes indent, confidence_pct; dict.value.prefix takes
// indent; intro keys take score_pct; describe.validation_error takes path,
// message. describe.dict.key.missing (indent, gold = the key, value = its gold
// value) and describe.dict.key.extra (indent, pred = the key, value = its
// value) describe a key one side lacks; only the default profile uses them
// (the reference describes such a key with describe.dict.key.mismatch and a
// "None" side). describe.root.kind_mismatch (gold, pred, score_pct) describes
// a candidate whose root is of another kind than the gold's; only the default
// profile uses it (the reference gives such a pair its intro line alone).
// feedback.op.branch_replace (the per-operation five plus path, gold, pred,
// gold_branch, pred_branch) and describe.branch.mismatch (indent, gold, pred,
// gold_branch, pred_branch, score_pct) show a value in another branch of a
// union than the gold's (docs/SCORING.md §1.8); only the default profile
// has unions.
//
// Each profile has its own layering: the reference profile's is the one
// above; the default profile's inserts the packaged default-profile overlay
// right after the packaged defaults. User overrides apply to both.
type Templates struct {
	resolved [numProfiles][numStyleIdx]templateSet
	// user holds the compiled user overrides (nil: none for that key).
	user templateSet
	// layers memoizes the overrides compiled over these templates for
	// FeedbackOptions.Overrides (see Templates.layered).
	layers *layerMemo
}

// maxLayers bounds the override sets a Templates remembers compiled over
// it: a program renders with a few, a server with one per request at
// worst, which then costs what compiling cost before.
const maxLayers = 16

// layerMemo holds the Templates that WithOverrides returned for sets of
// overrides, by their content (overridesKey). Its values are immutable
// and derived from the key alone, so sharing it changes no result, only
// the work done; a mutex makes it safe for concurrent renders.
type layerMemo struct {
	mu    sync.Mutex
	byKey map[string]*Templates
	order []string // keys by insertion, the oldest first (evicted first)
}

// overridesKey is the content of a set of overrides as one string: the
// keys in order, each with its text, length-prefixed so that no two sets
// share it.
func overridesKey(overrides map[string]string) string {
	names := slices.Sorted(maps.Keys(overrides))
	var b strings.Builder
	for _, k := range names {
		v := overrides[k]
		fmt.Fprintf(&b, "%d:%s%d:%s", len(k), k, len(v), v)
	}
	return b.String()
}

// layered is WithOverrides(overrides) compiled once per set of overrides
// (by content) and remembered by t (at most maxLayers sets): rendering
// many times with the same FeedbackOptions.Overrides compiles them once.
// Errors are not remembered.
func (t *Templates) layered(overrides map[string]string) (*Templates, error) {
	if t == nil {
		t = DefaultTemplates()
	}
	key := overridesKey(overrides)
	m := t.layers
	m.mu.Lock()
	nt, ok := m.byKey[key]
	m.mu.Unlock()
	if ok {
		return nt, nil
	}
	nt, err := t.WithOverrides(overrides)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if prev, ok := m.byKey[key]; ok {
		return prev, nil // compiled concurrently: keep one
	}
	if m.byKey == nil {
		m.byKey = map[string]*Templates{}
	}
	if len(m.order) == maxLayers {
		delete(m.byKey, m.order[0])
		m.order = m.order[1:]
	}
	m.byKey[key] = nt
	m.order = append(m.order, key)
	return nt, nil
}

// packaged holds the compiled packaged templates; built once at package
// initialisation and never modified.
type packaged struct {
	defaults templateSet // docs/SCORING.md §8.10.1 and §9.1, every key set
	profile  templateSet // the default profile's overlay, nil where it has no entry
	compact  templateSet // docs/SCORING.md §8.10.2, nil where the overlay has no entry
	base     *Templates  // defaults without user overrides
}

var builtin = mustLoadPackaged()

// mustLoadPackaged compiles the embedded templates. They are part of the
// binary, so a failure is a build defect (the package tests exercise it).
func mustLoadPackaged() *packaged {
	p := &packaged{}
	for _, f := range []string{"templates/default.json", "templates/describe.json"} {
		if err := loadEmbedded(f, &p.defaults); err != nil {
			panic(err)
		}
	}
	for k := range p.defaults {
		if p.defaults[k] == nil {
			panic(fmt.Sprintf("align: packaged templates lack %q", keySpecs[k].name))
		}
	}
	if err := loadEmbedded("templates/compact.json", &p.compact); err != nil {
		panic(err)
	}
	if err := loadEmbedded("templates/default-profile.json", &p.profile); err != nil {
		panic(err)
	}
	p.base = &Templates{layers: &layerMemo{}}
	p.base.resolve(p)
	return p
}

func loadEmbedded(name string, dst *templateSet) error {
	data, err := templateFS.ReadFile(name)
	if err != nil {
		return fmt.Errorf("align: packaged templates: %w", err)
	}
	entries, err := parseJSONOverrides(name, data)
	if err != nil {
		return fmt.Errorf("align: packaged templates: %w", err)
	}
	for _, e := range entries {
		k, ct, err := compileEntry(e)
		if err != nil {
			return fmt.Errorf("align: packaged templates: %w", err)
		}
		dst[k] = ct
	}
	return nil
}

// resolve fills t.resolved from the packaged layers and t.user.
func (t *Templates) resolve(p *packaged) {
	for prof := range numProfiles {
		for k := range numKeys {
			base := p.defaults[k]
			if prof == profileIndex(ProfileDefault) && p.profile[k] != nil {
				base = p.profile[k]
			}
			g, c := base, base
			if p.compact[k] != nil {
				c = p.compact[k]
			}
			if u := t.user[k]; u != nil {
				g, c = u, u
			}
			t.resolved[prof][styleIdxGepa][k] = g
			t.resolved[prof][styleIdxCompact][k] = c
		}
	}
}

// DefaultTemplates returns the packaged templates with no user overrides. The
// returned value is shared and immutable.
func DefaultTemplates() *Templates { return builtin.base }

// WithOverrides returns a new Templates with overrides (template key →
// template text) layered over t's own overrides. Keys are those of docs/SCORING.md
// §8.10.1, §8.10.2 and §9.1. Every override is validated: unknown keys,
// malformed syntax and placeholders outside the key's set are errors. As docs/SCORING.md
// §8.8.6 requires, an override replaces a key only when its text differs from
// the packaged default; an override equal to the packaged default removes an
// earlier override of that key. The templates are compiled here, once.
func (t *Templates) WithOverrides(overrides map[string]string) (*Templates, error) {
	if t == nil {
		t = DefaultTemplates()
	}
	names := make([]string, 0, len(overrides))
	for name := range overrides {
		names = append(names, name)
	}
	slices.Sort(names) // deterministic first error
	nt := &Templates{user: t.user, layers: &layerMemo{}}
	for _, name := range names {
		k, ct, err := compileEntry(overrideEntry{key: name, text: overrides[name]})
		if err != nil {
			return nil, err
		}
		if ct.src == builtin.defaults[k].src {
			nt.user[k] = nil
			continue
		}
		nt.user[k] = ct
	}
	nt.resolve(builtin)
	return nt, nil
}

// Lookup returns the template text in effect for key under profile p and
// style ("gepa", "" or "compact"; "json" resolves like "gepa").
func (t *Templates) Lookup(p Profile, style, key string) (string, bool) {
	k, ok := keyByName(key)
	if !ok || !validProfile(p) {
		return "", false
	}
	idx, err := styleIndex(style)
	if err != nil {
		return "", false
	}
	return t.set(p, idx)[k].src, true
}

// set returns the resolved templates of a profile (valid) and style index.
func (t *Templates) set(p Profile, idx int) *templateSet {
	if t == nil {
		t = DefaultTemplates()
	}
	return &t.resolved[max(profileIndex(p), 0)][idx] // an unknown profile reads as the default
}

// styleIndex maps a style name to its template layering.
func styleIndex(style string) (int, error) {
	switch style {
	case StyleGepa, "", StyleJSON:
		return styleIdxGepa, nil
	case StyleCompact:
		return styleIdxCompact, nil
	}
	return 0, fmt.Errorf("unknown feedback style %q (want %q, %q or %q)", style, StyleGepa, StyleCompact, StyleJSON)
}

// TemplateError reports an invalid template override, with its location in
// the file it came from when known.
type TemplateError struct {
	File      string // file name given to LoadTemplateOverrides; "" for WithOverrides
	Line, Col int    // 1-based; 0 when unknown
	Key       string // template key; "" when the error is not about one key
	Msg       string
	Err       error // underlying error, if any
}

// Error returns "file:line:col: key: msg", omitting the parts that are unknown.
func (e *TemplateError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
			if e.Col > 0 {
				fmt.Fprintf(&b, ":%d", e.Col)
			}
		}
		b.WriteString(": ")
	}
	if e.Key != "" {
		fmt.Fprintf(&b, "template %q: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the underlying error.
func (e *TemplateError) Unwrap() error { return e.Err }

// overrideEntry is one key/text pair read from an override file.
type overrideEntry struct {
	key       string
	text      string
	file      string
	line, col int
}

func (e overrideEntry) errorf(err error, format string, args ...any) *TemplateError {
	return &TemplateError{File: e.file, Line: e.line, Col: e.col, Key: e.key, Msg: fmt.Sprintf(format, args...), Err: err}
}

// compileEntry validates and compiles one override.
func compileEntry(e overrideEntry) (tkey, *compiledTemplate, error) {
	k, ok := keyByName(e.key)
	if !ok {
		te := e.errorf(nil, "unknown template key %q%s", e.key, didYouMean(e.key))
		te.Key = "" // named in Msg: the key is not a template key
		return 0, nil, te
	}
	ct, err := parseTemplate(e.text)
	if err != nil {
		return 0, nil, e.errorf(err, "%v", err)
	}
	spec := &keySpecs[k]
	for _, sg := range ct.segs {
		if !sg.field {
			continue
		}
		typ, ok := spec.allowed(sg.slot)
		if !ok {
			return 0, nil, e.errorf(nil, "placeholder {%s} is not available for this key (available: %s)", sg.name, paramList(spec))
		}
		if sg.prec != noSpec && typ == argString {
			return 0, nil, e.errorf(nil, "placeholder {%s} is a string; the format spec \".%df\" needs a number", sg.name, sg.prec)
		}
	}
	return k, ct, nil
}

// paramList names the placeholders of a key, for error messages.
func paramList(spec *keySpec) string {
	if len(spec.params) == 0 {
		return "none"
	}
	names := make([]string, len(spec.params))
	for i, p := range spec.params {
		names[i] = "{" + slotNames[p.slot] + "}"
	}
	return strings.Join(names, ", ")
}

// didYouMean suggests the known key closest to name, as ` (did you mean
// "…"?)`, or returns "". A key written without its namespace
// ("op.key_add") suggests the key it ends.
func didYouMean(name string) string {
	names := make([]string, len(keySpecs))
	for k := range keySpecs {
		names[k] = keySpecs[k].name
		if strings.HasSuffix(names[k], "."+name) {
			return fmt.Sprintf(" (did you mean %q?)", names[k])
		}
	}
	return suggest.DidYouMean(name, names)
}

// LoadTemplateOverrides reads template overrides from a JSON or TOML file and
// validates them (key known, syntax well-formed, placeholders allowed for the
// key); name is used to choose the format and in error messages. A ".toml"
// name is read as TOML and a ".json" name as JSON; otherwise the content
// decides (a document starting with '{' is JSON).
//
// JSON: one flat object of template key → string. TOML: key = "string"
// pairs, where a dotted template key is written quoted
// ("feedback.op.key_add" = "…") or through tables ([feedback.op] then
// key_add = "…"), which are flattened with dots. Duplicate keys and
// non-string values are errors. Errors are *TemplateError values naming
// name:line:col.
func LoadTemplateOverrides(name string, data []byte) (map[string]string, error) {
	var (
		entries []overrideEntry
		err     error
	)
	// A leading byte order mark is skipped (and does not count in columns).
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	switch strings.ToLower(filepath.Ext(name)) {
	case ".toml":
		entries, err = parseTOMLOverrides(name, data)
	case ".json":
		entries, err = parseJSONOverrides(name, data)
	default:
		if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
			entries, err = parseJSONOverrides(name, data)
		} else {
			entries, err = parseTOMLOverrides(name, data)
		}
	}
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(entries))
	for _, e := range entries {
		if _, _, err := compileEntry(e); err != nil {
			return nil, err
		}
		out[e.key] = e.text
	}
	return out, nil
}

// lineCol converts a byte offset of data to a 1-based line and byte column.
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, start := 1, int64(0)
	for i := int64(0); i < off; i++ {
		if data[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return line, int(off-start) + 1
}

// parseJSONOverrides reads a flat JSON object of strings, in document order,
// with the position of every key.
func parseJSONOverrides(name string, data []byte) ([]overrideEntry, error) {
	fail := func(off int64, err error, format string, args ...any) error {
		line, col := lineCol(data, off)
		return &TemplateError{File: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Err: err}
	}
	syntax := func(err error, off int64) error {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = se.Offset
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return fail(int64(len(data)), err, "invalid JSON: unexpected end of input")
		}
		return fail(off, err, "invalid JSON: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, syntax(err, dec.InputOffset())
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fail(0, nil, "template overrides must be a JSON object of strings")
	}
	var entries []overrideEntry
	seen := map[string]bool{}
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil, syntax(err, dec.InputOffset())
		}
		if d, ok := tok.(json.Delim); ok && d == '}' {
			break
		}
		key, _ := tok.(string)
		start := before
		for start < int64(len(data)) && strings.IndexByte(" \t\r\n,", data[start]) >= 0 {
			start++
		}
		line, col := lineCol(data, start)
		e := overrideEntry{key: key, file: name, line: line, col: col}
		if seen[key] {
			return nil, e.errorf(nil, "duplicate key")
		}
		seen[key] = true
		vtok, err := dec.Token()
		if err != nil {
			return nil, syntax(err, dec.InputOffset())
		}
		text, ok := vtok.(string)
		if !ok {
			return nil, e.errorf(nil, "value must be a string")
		}
		e.text = text
		entries = append(entries, e)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fail(dec.InputOffset(), err, "unexpected data after the JSON object")
	}
	return entries, nil
}

// tomlProbe is decoded into to learn the position of a TOML value: the TOML
// package attaches the value's line and column to errors returned by a
// TextUnmarshaler (it does not expose key positions otherwise).
type tomlProbe struct{}

var errTOMLProbe = errors.New("position probe")

// UnmarshalText always fails with errTOMLProbe.
func (*tomlProbe) UnmarshalText([]byte) error { return errTOMLProbe }

// parseTOMLOverrides reads TOML string pairs, flattening tables with dots,
// in document order.
func parseTOMLOverrides(name string, data []byte) ([]overrideEntry, error) {
	var top map[string]toml.Primitive
	md, err := toml.Decode(string(data), &top)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &TemplateError{File: name, Line: pe.Position.Line, Col: pe.Position.Col, Msg: "invalid TOML: " + pe.Message, Err: err}
		}
		return nil, &TemplateError{File: name, Msg: "invalid TOML: " + err.Error(), Err: err}
	}
	var entries []overrideEntry
	for _, key := range md.Keys() {
		typ := md.Type(key...)
		if typ == "Hash" {
			continue
		}
		prim, err := tomlLookup(&md, top, key)
		if err != nil {
			return nil, &TemplateError{File: name, Key: strings.Join(key, "."), Msg: err.Error(), Err: err}
		}
		e := overrideEntry{key: strings.Join(key, "."), file: name}
		e.line, e.col = tomlPosition(&md, prim)
		if typ != "String" {
			return nil, e.errorf(nil, "value must be a string, not a TOML %s", typ)
		}
		if err := md.PrimitiveDecode(prim, &e.text); err != nil {
			return nil, e.errorf(err, "%v", err)
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// tomlPosition returns the line and column of a TOML value (0 when unknown).
// Decoding into tomlProbe yields a ParseError carrying the position for
// string-like values; for arrays and tables the TOML package reports only
// the line, in its "toml: line N" message prefix.
func tomlPosition(md *toml.MetaData, prim toml.Primitive) (line, col int) {
	err := md.PrimitiveDecode(prim, &tomlProbe{})
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return pe.Position.Line, pe.Position.Col
	}
	if err != nil {
		if _, serr := fmt.Sscanf(err.Error(), "toml: line %d", &line); serr == nil {
			return line, 0
		}
	}
	return 0, 0
}

// tomlLookup returns the undecoded value at key.
func tomlLookup(md *toml.MetaData, top map[string]toml.Primitive, key toml.Key) (toml.Primitive, error) {
	cur := top
	for i, k := range key {
		p, ok := cur[k]
		if !ok {
			break
		}
		if i == len(key)-1 {
			return p, nil
		}
		var next map[string]toml.Primitive
		if err := md.PrimitiveDecode(p, &next); err != nil {
			return toml.Primitive{}, fmt.Errorf("reading table %q: %w", strings.Join(key[:i+1], "."), err)
		}
		cur = next
	}
	return toml.Primitive{}, fmt.Errorf("key %q not found in the decoded document", strings.Join(key, "."))
}
