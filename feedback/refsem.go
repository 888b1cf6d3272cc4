package feedback

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
)

// RefProp, RefSemantic and RefSemanticsFunc describe the endpoints of a
// reference repair for the semantic referential feedback of
// docs/SCORING.md §8.11: package interp computes them (Result.RefSemantics),
// RenderFeedback renders them.
type (
	RefProp          = interp.RefProp
	RefSemantic      = interp.RefSemantic
	RefSemanticsFunc = interp.RefSemanticsFunc
)

// isRefKind reports whether kind has a semantic rendering (docs/SCORING.md §8.11).
func isRefKind(kind align.OpKind) bool {
	return kind == align.KindRefFix || kind == align.KindRefFixNoTarget
}

// semanticKey returns the skeleton template key of a reference kind.
func semanticKey(kind align.OpKind) tkey {
	if kind == align.KindRefFix {
		return keyOpRefFixSemantic
	}
	return keyOpRefFixNoTargetSemantic
}

// refFragments are the rendered fragments of a semantic line (docs/SCORING.md §8.11
// step 7), filled into the skeleton's relation, target, used and scope
// placeholders.
type refFragments struct {
	relation, target, used, scope string
}

// buildRefFragments renders the fragments of one semantic line with the
// resolved templates of set: every property as feedback.refsem.prop joined
// with ", ", the target (certain or ambiguous), the relation label (values
// joined with " / ", or "" when there are none) and, for ref_fix, the used
// fragment (the candidate endpoint's properties, or the dangling text).
func buildRefFragments(set *templateSet, kind align.OpKind, sem *RefSemantic, p Profile) refFragments {
	var a argSet
	f := refFragments{scope: sem.Scope}
	if len(sem.Relation) > 0 {
		var label []byte
		for i := range sem.Relation {
			if i > 0 {
				label = append(label, " / "...)
			}
			label = appendFmtValue(label, &sem.Relation[i], p)
		}
		a.setString(slotRelationLabel, string(label))
		f.relation = set[keyRefsemRelation].renderString(&a)
	}
	a.setString(slotScope, sem.Scope)
	a.setString(slotGoldProps, renderRefProps(set, sem.Target, p))
	if sem.Ambiguous {
		f.target = set[keyRefsemTargetAmbiguous].renderString(&a)
	} else {
		f.target = set[keyRefsemTarget].renderString(&a)
	}
	if kind == align.KindRefFix {
		if sem.Dangling {
			f.used = set[keyRefsemUsedDangling].renderString(&a)
		} else {
			a.setString(slotPredProps, renderRefProps(set, sem.Used, p))
			f.used = set[keyRefsemUsed].renderString(&a)
		}
	}
	return f
}

// renderRefProps renders properties with feedback.refsem.prop ({key},
// {value} = fmt(value)) joined with ", ".
func renderRefProps(set *templateSet, props []RefProp, p Profile) string {
	var (
		a   argSet
		out []byte
	)
	for i := range props {
		if i > 0 {
			out = append(out, ", "...)
		}
		a.setString(slotKey, props[i].Key)
		a.setString(slotValue, FmtValue(props[i].Value, p))
		out = set[keyRefsemProp].render(out, &a)
	}
	return string(out)
}
