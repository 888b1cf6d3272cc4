package genrt

// The contract between generated scorers and this package, in the manner of
// protobuf-go's protoimpl: GenVersion is the contract that the oagen of this
// module writes; generated code records it and checks, at compile time, that
// this package still runs it and that it is not newer than this package:
//
//	const (
//		_ = genrt.EnforceVersion(4 - genrt.MinVersion) // the generated code is recent enough
//		_ = genrt.EnforceVersion(genrt.MaxVersion - 4) // this package is recent enough
//	)
//
// A negative constant does not convert to EnforceVersion, so code generated
// outside the window fails to compile ("constant -1 overflows
// genrt.EnforceVersion") instead of miscomputing scores. A change that
// generated code can ignore (a new helper) leaves the versions alone; a
// change to what existing generated code calls raises GenVersion and, when
// older code can no longer run, MinVersion.
const (
	// GenVersion is the contract version that oagen gen writes.
	GenVersion = 4
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
)
