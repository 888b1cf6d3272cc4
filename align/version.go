package align

// GenVersion is the version of the contract between generated scorers (package
// gen, the `oagen gen` command) and this runtime: the helper functions, match
// tree fields and kernels that generated code calls. It changes whenever that
// contract changes incompatibly.
const GenVersion = 3

// EnforceGenVersion3 exists only while GenVersion is 3. Every generated file
// contains
//
//	const _ = oart.EnforceGenVersion3
//
// so that code generated for another runtime contract fails to compile
// (undefined: EnforceGenVersionN) instead of miscomputing scores, in the way
// protobuf-go's EnforceVersion constants work. When the contract changes, this
// constant is renamed to EnforceGenVersion<N> together with GenVersion.
const EnforceGenVersion3 = GenVersion
