// Package eval summarizes the scores of a dataset: where a model's
// structured output fails, by how much and how often. It is the state
// behind "oagen eval" and its -merge of shards, and what a distributed
// pipeline combines.
//
// The flow is: a LineScorer scores the request lines of a dataset, as
// "oagen score -batch" and "oagen eval" do, each into its response line
// and, through an Observer, its Case (an Observer also turns a scored
// interp.Result or a failure into a Case directly); a State accumulates
// Cases (Add) and other States (Merge); State.Finish computes the Summary,
// which is the summary.json document. Case, State and Summary are plain exported data,
// JSON-encodable; Merge is associative and commutative and exact (see
// State), so shards can be scored anywhere and combined later.
//
// # Paths
//
// A path entry aggregates one normalized location of the data: the JSON
// Pointer of the attribution (the per-location decomposition of 1 − score,
// interp.Result.Attribution) with every array step written "*" (tuple-head
// positions, whose schemas differ, keep their index): /people/*/name,
// /period/1. Deficit is attributed where it arises: a missing or invented
// array element counts at the element's path (/people/*), not at its
// members' paths, and the key term of an object member (keyImportance > 0)
// at the member's path.
//
// Outcomes count every value at its own path, objects and arrays as well
// as leaves, in one class each (Outcomes lists them): a gold value the
// alignment pairs with a candidate value is exact, partial or wrong by the
// pair's similarity and the match threshold; a gold value the candidate
// lacks is missing, a candidate value the gold lacks invented; JSON null
// counts as no value on either side, and a declared member that neither
// side of a paired object has is both_absent. So /people/* counts every
// person: a person paired with a similarity of 0.9 is partial there,
// whatever its members score at /people/*/name; /people counts the array as
// a whole and the root path "" the whole value. The values inside a missing
// or invented one are not counted at their own paths. Precision and recall
// come from these counts (PathSummary).
//
// Two kinds of entries are not data paths:
//
//   - "(scope NAME)", kind "scope", one per referential scope: its
//     occurrences are the gold records; exact counts gold records paired
//     with a candidate record by the scope's bijection, missing those
//     paired with none, invented the candidate records paired with none.
//     Its mean_deficit is 0: identifiers always score 1, and the cost of a
//     bad pairing shows at the reference paths (wrong_reference).
//   - "(invalid candidate)", kind "invalid_candidate": a candidate that
//     fails the schema's validation scores 0 and has no alignment; its
//     whole deficit, 1, is counted here.
//
// A candidate whose root kind differs from the gold's (an array for an
// object) scores 0 and counts as wrong at the root path "". So the mean
// deficits of all entries add up to 1 − mean.
//
// # For the report
//
// Per-case data lives in the State, not in the Summary: State.Worst (the
// lowest-scoring cases, ties broken by Case.Key) and State.Sample (a
// deterministic sample: the cases of smallest Case.Key, a hash of the input
// line) are Cases, and their Case.Detail carries the report's own view of
// the case (opaque JSON here) when the producer built one. A producer builds
// it only when State.Wants the case (the CLI does so as it adds cases in
// input order), so that the details of at most Config.Worst + Config.Sample
// cases are ever kept; they travel through Merge like the rest, so a merged
// state embeds the same cases as a whole run. A renderer takes the Summary
// and the State.
package eval
