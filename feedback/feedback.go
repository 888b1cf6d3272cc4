package feedback

import (
	"cmp"
	"fmt"
	"github.com/objectaligner/oagen/align"
	"math"
	"slices"
	"strings"
)

// The feedback styles of docs/SCORING.md §8.8.6.
const (
	StyleGepa    = "gepa"    // the default templates
	StyleCompact = "compact" // defaults overlaid by the compact set
	StyleJSON    = "json"    // no text; entries and ranks only
)

// FeedbackOptions configures RenderFeedback. Start from
// DefaultFeedbackOptions: the zero value selects nothing (TopK 0) and has a
// dominance threshold of 0.
type FeedbackOptions struct {
	// TopK is the number of operations selected (docs/SCORING.md §8.8.1); 0 selects
	// none, negative is an error. It is ignored when Unlimited is set.
	TopK int
	// Unlimited selects every operation that passes MinScoreDelta.
	Unlimited bool
	// MinScoreDelta drops operations whose delta is below it (key-rename
	// pairs atomic by their add half); negative or NaN is an error. With 0,
	// operations with Δ = 0 are kept.
	MinScoreDelta float64
	// Style is StyleGepa (also when empty), StyleCompact or StyleJSON.
	Style string
	// IncludeSynthesisLine appends the synthesis line of docs/SCORING.md §8.9.
	IncludeSynthesisLine bool
	// DominantFractionThreshold is the share of the shown deficit from
	// which one bucket is named dominant (docs/SCORING.md §8.9; default 0.60), in
	// [0, 1].
	DominantFractionThreshold float64
	// Templates is the template set (nil: DefaultTemplates()).
	Templates *Templates
	// Overrides are extra user overrides layered over Templates. They are
	// validated and compiled on the first render with them and remembered
	// by the Templates (by content, a few sets at most): rendering many
	// times with the same overrides compiles them once. Templates.WithOverrides
	// compiles them ahead, reporting errors before any render.
	Overrides map[string]string
	// RefSemantics, when set, turns on the semantic referential feedback of
	// docs/SCORING.md §8.11: every selected ref_fix and ref_fix_no_target operation
	// for which it returns ok (with a non-empty Target) renders with
	// feedback.op.ref_fix.semantic or feedback.op.ref_fix_no_target.semantic
	// and the feedback.refsem.* fragments instead of its literal template.
	// Scores, operations, selection and ranks are unchanged. nil renders
	// every line literally.
	RefSemantics RefSemanticsFunc
	// Profile selects the text conventions: ProfileDefault (the zero value)
	// shows values as JSON and speaks of objects and arrays,
	// ProfileReference reproduces the reference's text byte for byte.
	// interp.Result.Feedback sets it from the scorer's profile.
	Profile Profile
}

// DefaultFeedbackOptions returns the reference defaults: gepa style, top 5,
// MinScoreDelta 0, synthesis line on, dominance threshold 0.60, packaged
// templates.
func DefaultFeedbackOptions() FeedbackOptions {
	return FeedbackOptions{
		TopK:                      5,
		Style:                     StyleGepa,
		IncludeSynthesisLine:      true,
		DominantFractionThreshold: 0.60,
	}
}

// FeedbackEntry is one selected operation with its rank and text.
type FeedbackEntry struct {
	Op align.Op
	// Rank is the 1-based visible rank; a silent operation (blank template)
	// carries the rank of its key-rename partner, or 0 (docs/SCORING.md §8.8.2).
	// Diagnostics have rank 0.
	Rank int
	// Text is the rendered line without a trailing newline; "" for silent
	// operations and in the json style.
	Text string
	// Silent is true when the operation's template is blank (or its kind has
	// no template), so that it has no line of its own.
	Silent bool
}

// Feedback is the rendered feedback of one scored pair (docs/SCORING.md §8.8).
type Feedback struct {
	// Text is the feedback text, with no trailing newline; "" in the json
	// style.
	Text string
	// Entries are the selected operations in rank order, silent ones
	// included.
	Entries []FeedbackEntry
	// Diagnostics are the pairing_ambiguous operations, set aside before
	// selection, in their ranked order.
	Diagnostics []FeedbackEntry
	// NShown is the number of entries with a line of their own; NTotal the
	// number of non-diagnostic operations before any filtering.
	NShown, NTotal int
	// Truncated is true when fewer operations were selected than NTotal.
	Truncated bool
}

// isDiagnostic reports whether o is a diagnostic operation (docs/SCORING.md §8.7 item 2).
func isDiagnostic(o *align.Op) bool {
	return o.Kind == align.KindPairingAmbiguous || o.Op == "describe"
}

// pairRank is one entry of the small pairId → rank table of docs/SCORING.md §8.8.2; pairs
// are rare and few, so a slice with linear search beats a map.
type pairRank struct {
	id   string
	rank int
}

// pairPath is one entry of the pairId → candidate path table of docs/SCORING.md §8.8.2.
type pairPath struct {
	id, path string
}

// RenderFeedback renders the feedback for a pair that scored score, from its
// repair operations ranked by RankOps (diagnostics may be among them), per
// docs/SCORING.md §8.8–8.9: selection, ranks with silent key-rename halves, the
// per-kind lines, the intro, the synthesis line and the diagnostics section.
func RenderFeedback(score float64, ranked []align.Op, opts FeedbackOptions) (Feedback, error) {
	if err := checkRender(score, ranked, opts); err != nil {
		return Feedback{}, err
	}
	set, err := opts.templateSet()
	if err != nil {
		return Feedback{}, err
	}
	fb := selectEntries(ranked, opts, set)
	sems := refSemantics(fb.Entries, opts.RefSemantics)
	predPaths := rankEntries(&fb, set, sems)
	if opts.Style != StyleJSON {
		assemble(&fb, score, set, sems, predPaths, opts)
	}
	return fb, nil
}

// checkRender checks the arguments of RenderFeedback.
func checkRender(score float64, ranked []align.Op, opts FeedbackOptions) error {
	switch {
	case math.IsNaN(score):
		return fmt.Errorf("render feedback: score is NaN")
	case opts.TopK < 0:
		return fmt.Errorf("render feedback: TopK %d is negative (use Unlimited for all operations)", opts.TopK)
	case opts.MinScoreDelta < 0 || math.IsNaN(opts.MinScoreDelta):
		return fmt.Errorf("render feedback: MinScoreDelta %v must be a number ≥ 0", opts.MinScoreDelta)
	case !(opts.DominantFractionThreshold >= 0 && opts.DominantFractionThreshold <= 1):
		return fmt.Errorf("render feedback: DominantFractionThreshold %v: want a number in [0, 1]", opts.DominantFractionThreshold)
	case !validProfile(opts.Profile):
		return fmt.Errorf("render feedback: unknown profile %q", opts.Profile)
	}
	for i := range ranked {
		if math.IsNaN(ranked[i].Delta) {
			return fmt.Errorf("render feedback: operation %s %s at %q has a NaN delta",
				ranked[i].Op, ranked[i].Kind, ranked[i].Path)
		}
	}
	return nil
}

// templateSet returns the templates the options select: their set (with
// Overrides compiled over it) in their profile and style.
func (opts FeedbackOptions) templateSet() (*templateSet, error) {
	styleIdx, err := styleIndex(opts.Style)
	if err != nil {
		return nil, fmt.Errorf("render feedback: %w", err)
	}
	t := opts.Templates
	if t == nil {
		t = DefaultTemplates()
	}
	if len(opts.Overrides) > 0 {
		if t, err = t.layered(opts.Overrides); err != nil {
			return nil, fmt.Errorf("render feedback: %w", err)
		}
	}
	return t.set(opts.Profile, styleIdx), nil
}

// selectEntries selects the operations shown (docs/SCORING.md §8.8.1): the
// entries and diagnostics of the feedback, its counts and truncation.
func selectEntries(ranked []align.Op, opts FeedbackOptions, set *templateSet) Feedback {
	// Selection (docs/SCORING.md §8.8.1). Pair decisions follow the add half of each pair.
	var pairKeep map[string]bool
	if opts.MinScoreDelta > 0 {
		for i := range ranked {
			o := &ranked[i]
			if o.PairID != "" && o.Op == "add" && !isDiagnostic(o) {
				if pairKeep == nil {
					pairKeep = make(map[string]bool)
				}
				pairKeep[o.PairID] = o.Delta >= opts.MinScoreDelta
			}
		}
	}
	fb := Feedback{}
	nDiag := 0
	for i := range ranked {
		if isDiagnostic(&ranked[i]) {
			nDiag++
		}
	}
	// In the default profile a fix location is a line: the silent half of a
	// key rename is selected with its partner and counts neither in top-k
	// nor in the total (docs/SCORING.md §8.8.1). The reference counts operations.
	byLine := opts.Profile == ProfileDefault
	silentOp := func(o *align.Op) bool { return byLine && o.PairID != "" && opTemplate(set, o.Kind).isBlank() }
	nSilent := 0
	for i := range ranked {
		if o := &ranked[i]; !isDiagnostic(o) && silentOp(o) {
			nSilent++
		}
	}
	fb.NTotal = len(ranked) - nDiag - nSilent
	limit := opts.TopK
	if opts.Unlimited {
		limit = fb.NTotal
	}
	fb.Entries = make([]FeedbackEntry, 0, min(limit, fb.NTotal)+nSilent)
	if nDiag > 0 {
		fb.Diagnostics = make([]FeedbackEntry, 0, nDiag)
	}
	var chosenPairs map[string]bool // default profile: pairs with a selected line
	nChosen := 0
	for i := range ranked {
		o := &ranked[i]
		if isDiagnostic(o) || silentOp(o) || nChosen >= limit {
			continue
		}
		keep := o.Delta >= opts.MinScoreDelta
		if o.PairID != "" {
			if k, ok := pairKeep[o.PairID]; ok {
				keep = k
			}
		}
		if keep {
			nChosen++
			if byLine && o.PairID != "" {
				if chosenPairs == nil {
					chosenPairs = make(map[string]bool)
				}
				chosenPairs[o.PairID] = true
			}
		}
	}
	nChosen = 0
	for i := range ranked {
		o := &ranked[i]
		if isDiagnostic(o) {
			fb.Diagnostics = append(fb.Diagnostics, FeedbackEntry{Op: *o})
			continue
		}
		if silentOp(o) {
			if chosenPairs[o.PairID] {
				fb.Entries = append(fb.Entries, FeedbackEntry{Op: *o})
			}
			continue
		}
		if nChosen >= limit {
			continue
		}
		keep := o.Delta >= opts.MinScoreDelta
		if o.PairID != "" {
			if k, ok := pairKeep[o.PairID]; ok {
				keep = k
			}
		}
		if keep {
			nChosen++
			fb.Entries = append(fb.Entries, FeedbackEntry{Op: *o})
		}
	}
	fb.Truncated = nChosen < fb.NTotal
	return fb
}

// refSemantics returns the semantic description of each selected reference
// operation (docs/SCORING.md §8.11), nil when there is none.
func refSemantics(entries []FeedbackEntry, rs RefSemanticsFunc) []*RefSemantic {
	// Semantic reference lines (docs/SCORING.md §8.11), decided per selected operation.
	var sems []*RefSemantic
	if rs != nil {
		for i := range entries {
			o := &entries[i].Op
			if !isRefKind(o.Kind) {
				continue
			}
			if sem, ok := rs(o); ok && len(sem.Target) > 0 {
				if sems == nil {
					sems = make([]*RefSemantic, len(entries))
				}
				sems[i] = &sem
			}
		}
	}
	return sems
}

// semAt is entry i's semantic description, nil when it has none.
func semAt(sems []*RefSemantic, i int) *RefSemantic {
	if sems == nil {
		return nil
	}
	return sems[i]
}

// rankEntries numbers the shown entries (docs/SCORING.md §8.8.2; in the
// json style silence follows the gepa templates), marks the silent ones
// and returns the candidate paths of the silent halves of key renames.
func rankEntries(fb *Feedback, set *templateSet, sems []*RefSemantic) []pairPath {
	// Ranks (docs/SCORING.md §8.8.2). In the json style silence follows the gepa templates.
	var (
		ranks     []pairRank
		predPaths []pairPath
	)
	rank := 0
	for i := range fb.Entries {
		e := &fb.Entries[i]
		if lineTemplate(set, &e.Op, semAt(sems, i)).isBlank() {
			e.Silent = true
			for _, pr := range ranks {
				if pr.id == e.Op.PairID && e.Op.PairID != "" {
					e.Rank = pr.rank
				}
			}
			if e.Op.Kind == align.KindKeyRenameRemove {
				predPaths = append(predPaths, pairPath{e.Op.PairID, e.Op.Path})
			}
			continue
		}
		rank++
		e.Rank = rank
		if e.Op.PairID != "" {
			ranks = append(ranks, pairRank{e.Op.PairID, rank})
		}
	}
	fb.NShown = rank
	for i := range fb.Diagnostics {
		d := &fb.Diagnostics[i]
		d.Silent = opTemplate(set, d.Op.Kind).isBlank()
	}
	return predPaths
}

// assemble renders the text of the feedback and of each entry.
func assemble(fb *Feedback, score float64, set *templateSet, sems []*RefSemantic, predPaths []pairPath, opts FeedbackOptions) {
	// Assembly (docs/SCORING.md §8.8.5). Every line is rendered into one buffer; entry texts
	// are substrings of the final text, so lines cost no extra allocation.
	type span struct{ entry, start, end int }
	var (
		a         argSet
		buf       = make([]byte, 0, 96*(len(fb.Entries)+len(fb.Diagnostics)+2))
		spanStack [16]span
		spans     = spanStack[:0]
	)
	a.setFloat(slotScore, score)
	a.setFloat(slotScorePct, 100*score)
	if fb.NShown == 0 {
		k := keyEmpty
		if score >= 1 {
			k = keyIntroPerfect
		}
		buf = set[k].render(buf, &a)
	} else {
		deficit := 1 - score
		a.setFloat(slotDeficit, deficit)
		a.setFloat(slotDeficitPct, 100*deficit)
		a.setInt(slotNShown, fb.NShown)
		a.setInt(slotNTotal, fb.NTotal)
		buf = set[keyIntroImperfect].render(buf, &a)
		first := true
		for i := range fb.Entries {
			e := &fb.Entries[i]
			if e.Silent {
				continue
			}
			if !first {
				buf = append(buf, '\n')
			}
			first = false
			start := len(buf)
			if sem := semAt(sems, i); sem != nil {
				frags := buildRefFragments(set, e.Op.Kind, sem, opts.Profile)
				buf = renderOpLine(buf, lineTemplate(set, &e.Op, sem), &a, &e.Op, e.Rank, predPaths, &frags, opts.Profile)
			} else {
				buf = renderOpLine(buf, opTemplate(set, e.Op.Kind), &a, &e.Op, e.Rank, predPaths, nil, opts.Profile)
			}
			spans = append(spans, span{i, start, len(buf)})
		}
		if opts.IncludeSynthesisLine {
			buf = appendSynthesis(buf, set, &a, fb.Entries, opts.DominantFractionThreshold, opts.Profile)
		}
	}
	diagVisible := 0
	for i := range fb.Diagnostics {
		if !fb.Diagnostics[i].Silent {
			diagVisible++
		}
	}
	if diagVisible > 0 {
		buf = set[keyDiagnosticsIntro].render(buf, &a)
		for i := range fb.Diagnostics {
			d := &fb.Diagnostics[i]
			if d.Silent {
				continue
			}
			buf = append(buf, '\n')
			start := len(buf)
			buf = renderOpLine(buf, opTemplate(set, d.Op.Kind), &a, &d.Op, 0, predPaths, nil, opts.Profile)
			spans = append(spans, span{-1 - i, start, len(buf)})
		}
	}
	fb.Text = string(buf)
	for _, s := range spans {
		if s.entry >= 0 {
			fb.Entries[s.entry].Text = fb.Text[s.start:s.end]
		} else {
			fb.Diagnostics[-1-s.entry].Text = fb.Text[s.start:s.end]
		}
	}
}

// opTemplate returns the template of an operation kind, or nil (silent) for
// a kind outside docs/SCORING.md §8.3.
func opTemplate(set *templateSet, kind align.OpKind) *compiledTemplate {
	k, ok := opKey(kind)
	if !ok {
		return nil
	}
	return set[k]
}

// lineTemplate returns the template a selected operation renders with: the
// semantic skeleton of its kind when sem is set (docs/SCORING.md §8.11), else its own.
func lineTemplate(set *templateSet, o *align.Op, sem *RefSemantic) *compiledTemplate {
	if sem != nil {
		return set[semanticKey(o.Kind)]
	}
	return opTemplate(set, o.Kind)
}

// renderOpLine appends the line of one operation (docs/SCORING.md §8.8.4) with values
// shown in profile p. Only the placeholders the template uses are computed.
// frags carries the fragments of a semantic reference line (docs/SCORING.md §8.11); nil
// for a literal line.
func renderOpLine(dst []byte, tp *compiledTemplate, a *argSet, o *align.Op, rank int, predPaths []pairPath, frags *refFragments, p Profile) []byte {
	for i := range tp.segs {
		sg := &tp.segs[i]
		if !sg.field {
			continue
		}
		switch sg.slot {
		case slotRank:
			a.setInt(slotRank, rank)
		case slotScoreDelta:
			a.setFloat(slotScoreDelta, o.Delta)
		case slotScoreDeltaPct:
			a.setFloat(slotScoreDeltaPct, 100*o.Delta)
		case slotConfidence:
			a.setFloat(slotConfidence, o.Confidence)
		case slotConfidencePct:
			a.setFloat(slotConfidencePct, 100*o.Confidence)
		case slotPath, slotGoldPath:
			a.setString(sg.slot, displayPath(o.Path, p))
		case slotListPath:
			a.setString(slotListPath, displayPath(listPath(o, p), p))
		case slotKey, slotGoldKey:
			a.setString(sg.slot, lastPointerToken(o.Path))
		case slotPredPath:
			a.setString(slotPredPath, opPredPath(o, predPaths))
		case slotPredKey:
			a.setString(slotPredKey, lastPointerToken(opPredPath(o, predPaths)))
		case slotGold:
			a.setValue(slotGold, &o.Gold, p)
		case slotPred:
			a.setValue(slotPred, &o.Pred, p)
		case slotValue:
			a.setValue(slotValue, &o.Value, p)
		case slotGoldBranch:
			a.setString(slotGoldBranch, o.GoldBranch)
		case slotPredBranch:
			a.setString(slotPredBranch, o.PredBranch)
		case slotRelation, slotTarget, slotUsed, slotScope:
			// The semantic reference placeholders (docs/SCORING.md §8.11); a literal line
			// does not provide them.
			v := ""
			if frags != nil {
				switch sg.slot {
				case slotRelation:
					v = frags.relation
				case slotTarget:
					v = frags.target
				case slotUsed:
					v = frags.used
				case slotScope:
					v = frags.scope
				}
			}
			a.setString(sg.slot, v)
		default:
			a.setString(sg.slot, "")
		}
	}
	return tp.render(dst, a)
}

// displayPath is an operation's path as a line shows it: in the default
// profile the root, "", is shown as "/", as in validation errors and
// pairing diagnostics; the reference shows it as it is, empty.
func displayPath(path string, p Profile) string {
	if path == "" && p == ProfileDefault {
		return "/"
	}
	return path
}

// listPath is the path of the list an element fix of an unordered list
// is in: in the default profile an extraneous element and a replaced one
// are named by their candidate index (docs/SCORING.md §8.4), so the list is
// the path's parent; otherwise the operation's path is the list's.
func listPath(o *align.Op, p Profile) string {
	if p == ProfileDefault && (o.Kind == align.KindListItemExcess || o.Kind == align.KindPrimitiveReplaceReorder) {
		if i := strings.LastIndexByte(o.Path, '/'); i >= 0 {
			return o.Path[:i]
		}
	}
	return o.Path
}

// opPredPath is the candidate-side path of an operation: for a rename's add
// half, the path of its selected silent remove half ("" when that half was
// not selected, docs/SCORING.md §8.8.2); otherwise the operation's own path.
func opPredPath(o *align.Op, predPaths []pairPath) string {
	if o.Kind != align.KindKeyRenameAdd {
		return o.Path
	}
	p := ""
	for _, pp := range predPaths {
		if pp.id == o.PairID {
			p = pp.path
		}
	}
	return p
}

// Bucket returns the synthesis bucket of an operation kind (docs/SCORING.md §8.3); an
// unknown kind is its own bucket.
func Bucket(kind align.OpKind) string {
	switch kind {
	case align.KindPrimitiveReplace:
		return "primitive-value"
	case align.KindPrimitiveReplaceReorder:
		return "list-item-value"
	case align.KindKeyAdd:
		return "missing-key"
	case align.KindKeyRemove:
		return "extraneous-key"
	case align.KindKeyRenameAdd, align.KindKeyRenameRemove:
		return "key-rename"
	case align.KindListItemAdd, align.KindListItemMissing:
		return "missing-list-item"
	case align.KindListItemRemove, align.KindListItemExcess:
		return "extraneous-list-item"
	case align.KindRefFix:
		return "reference"
	case align.KindRefFixNoTarget:
		return "unresolved-reference"
	case align.KindSubtreeReplace:
		return "subtree"
	case align.KindNullValueReplace:
		return "null-value"
	case align.KindBranchReplace:
		return "union-branch"
	}
	return string(kind)
}

// bucketSum is one synthesis bucket with its delta sum.
type bucketSum struct {
	name string
	sum  float64
}

// appendSynthesis appends the synthesis line of docs/SCORING.md §8.9 over the selected
// entries (silent ones included; diagnostics are never among them), naming
// the buckets as profile p does (BucketName).
func appendSynthesis(dst []byte, set *templateSet, a *argSet, entries []FeedbackEntry, threshold float64, p Profile) []byte {
	var (
		stack   [16]bucketSum
		buckets = stack[:0]
		total   float64
	)
	for i := range entries {
		o := &entries[i].Op
		name := Bucket(o.Kind)
		j := slices.IndexFunc(buckets, func(b bucketSum) bool { return b.name == name })
		if j < 0 {
			buckets = append(buckets, bucketSum{name: name})
			j = len(buckets) - 1
		}
		buckets[j].sum += o.Delta
		total += o.Delta
	}
	if total > 0 {
		dom := 0
		for j := range buckets {
			if buckets[j].sum > buckets[dom].sum {
				dom = j
			}
		}
		fraction := buckets[dom].sum / total
		if fraction >= threshold {
			a.setString(slotDominantKind, buckets[dom].name)
			a.setString(slotDominantKindHuman, BucketName(buckets[dom].name, p))
			a.setFloat(slotDominantFraction, fraction)
			a.setFloat(slotDominantFractionPct, 100*fraction)
			return set[keySynthesisSingleDominant].render(dst, a)
		}
	}
	slices.SortStableFunc(buckets, func(x, y bucketSum) int { return cmp.Compare(y.sum, x.sum) })
	var topStack [96]byte
	top := topStack[:0]
	for j := 0; j < len(buckets) && j < 3; j++ {
		if j > 0 {
			top = append(top, ", "...)
		}
		top = append(top, BucketName(buckets[j].name, p)...)
	}
	a.setString(slotTopKinds, string(top))
	return set[keySynthesisMixed].render(dst, a)
}

// RenderValidationError renders the feedback of a candidate that fails JSON
// Schema validation (docs/SCORING.md §8.8.7): feedback.validation_error with path and
// message. path is the failing location already rendered as docs/SCORING.md §8.4's last
// bullet describes (see ValidationErrorPath), with the templates of profile
// p. t nil means DefaultTemplates().
func RenderValidationError(path, message string, t *Templates, p Profile) string {
	var a argSet
	a.setString(slotPath, path)
	a.setString(slotMessage, message)
	return t.set(p, styleIdxGepa)[keyValidationError].renderString(&a)
}

// ValidationErrorPath renders a validation error location for
// RenderValidationError: "/" followed by the raw, unescaped tokens joined
// with "/" ("/" for the root), as docs/SCORING.md §8.4 requires.
func ValidationErrorPath(tokens []string) string {
	return "/" + strings.Join(tokens, "/")
}
