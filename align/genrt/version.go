package genrt

// The contract between generated scorers and this package, in the manner of
// protobuf-go's protoimpl: GenVersion is the contract that the oagen of this
// module writes; generated code records it and checks, at compile time, that
// this package still runs it and that it is not newer than this package:
//
//	const (
//		_ = genrt.EnforceVersion(5 - genrt.MinVersion) // the generated code is recent enough
//		_ = genrt.EnforceVersion(genrt.MaxVersion - 5) // this package is recent enough
//	)
//
// A negative constant does not convert to EnforceVersion, so code generated
// outside the window fails to compile ("constant -1 overflows
// genrt.EnforceVersion") instead of miscomputing scores. The window
// [MinVersion, MaxVersion] is at least two versions wide: code that an
// older oagen generated keeps building after its module is upgraded, until
// it is regenerated (internal/genwindow builds a file generated at
// MinVersion against this package). A change that generated code can ignore
// (a new helper) leaves the versions alone; a change to what generated code
// calls raises GenVersion and keeps what code of MinVersion calls; only a
// change that breaks such code raises MinVersion, and never past
// GenVersion - 1.
//
// Version 5: the JSON entry points take their interpreter from
// interp.JSONFallback, and the support functions a file shares among its
// roots carry a root's prefix (several oagen gen runs into one package).
//
// Version 6: generated code scores unions, maps, JSON values and "type"
// lists with containers through helpers of this package (UnionBranch, Fit,
// FitMap, CanonAt, EncodeMapAt, Object.WeighKeys, the Node fields Members,
// Weighted and Weight). Files of versions 4 and 5 call none of them and
// still build.
//
// Version 7: an array whose items are the records of a scope hands the
// scope's record matrix to the array skeleton (Kept, Elems.Kept), so that
// the main pass does not fill it again. Files of earlier versions leave
// Elems.Kept unset and fill it as before.
//
// Version 8: the derivation of a scope whose records are flat records
// fills its record matrix with the record kernel (RecordsOf,
// Workspace.FillRecords). Files of earlier versions fill it cell by cell
// as before.
const (
	// GenVersion is the contract version that oagen gen writes.
	GenVersion = 8
	// MinVersion is the oldest contract version this package still runs.
	MinVersion = 4
	// MaxVersion is the newest contract version this package runs.
	MaxVersion = GenVersion
)

// EnforceVersion is the type of the version checks of generated code.
type EnforceVersion uint

// This package runs its own contract.
const (
	_ = EnforceVersion(GenVersion - MinVersion)
	_ = EnforceVersion(MaxVersion - GenVersion)
	// The window holds the previous contract too.
	_ = EnforceVersion(GenVersion - 1 - MinVersion)
)
