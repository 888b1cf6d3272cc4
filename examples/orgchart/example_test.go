package orgchart_test

import (
	"fmt"
	"os"

	"github.com/objectaligner/oagen/examples/orgchart"
	"github.com/objectaligner/oagen/feedback"
)

// ExampleScoreOrgChartJSON scores the paper's Fig. 1 pair (docs/SCORING.md §11) through
// the generated code and prints the feedback of docs/SCORING.md §11.5. The candidate
// renumbers every person; the bijection person 1→91, 2→94, 3→93, 4→92, 5→90
// (WL tells the two "Dave" records apart by whom they mentor) makes the
// renumbering free.
func ExampleScoreOrgChartJSON() {
	gold, err := os.ReadFile("gold.json")
	if err != nil {
		panic(err)
	}
	cand, err := os.ReadFile("candidate.json")
	if err != nil {
		panic(err)
	}
	s, typed, err := orgchart.ScoreOrgChartJSONDetail(gold, cand)
	if err != nil {
		panic(err)
	}
	fmt.Println(s, typed)
	ops, err := orgchart.RepairOrgChartJSON(gold, cand)
	if err != nil {
		panic(err)
	}
	fb, err := feedback.RenderFeedback(s, ops, feedback.DefaultFeedbackOptions())
	if err != nil {
		panic(err)
	}
	fmt.Println(fb.Text)
	// Output:
	// 0.7678571428571429 true
	// The prediction scored 0.77 (deficit 0.23). Top 5 of 5 fix locations:
	// 1. /agenda/0: extraneous array item "reviews". Removing it recovers +0.062.
	// 2. /agenda/2: missing array item "reviews". Adding it recovers +0.062.
	// 3. /period/1: expected 2025, got 2026. Fixing this recovers +0.062.
	// 4. /people: array is missing item {"id": 6, "name": "Eve", "role": "Intern"}. Adding it recovers +0.042.
	// 5. /agenda/2: expected "closing", got "closin". Fixing this recovers +0.003.
	// The deficit is spread across multiple issue types (missing array item, value, extraneous array item).
}

func ptr[T any](v T) *T { return &v }

// ExampleScoreOrgChart scores typed values: a candidate that only renames
// the identifiers scores 1, one whose mentorship points at the wrong person
// loses the reference. RepairOrgChart gives the fix, in the candidate's
// identifiers, and feedback.RenderFeedback renders the fixes as text
// (docs/SCORING.md §8.8). A gold that cannot be scored against (here a
// duplicated identifier) is an error, never a silent 0.
func ExampleScoreOrgChart() {
	person := func(id int64, name string, role orgchart.OrgChartPeopleItemRole) orgchart.OrgChartPeopleItem {
		return orgchart.OrgChartPeopleItem{ID: ptr(id), Name: ptr(name), Role: ptr(role)}
	}
	gold := &orgchart.OrgChart{
		People: []orgchart.OrgChartPeopleItem{
			person(1, "Alice", orgchart.OrgChartPeopleItemRoleManager),
			person(2, "Bob", orgchart.OrgChartPeopleItemRoleEngineer),
		},
		Mentorships: []orgchart.OrgChartMentorshipsItem{{Mentor: ptr(int64(1)), Mentee: ptr(int64(2))}},
	}
	renamed := &orgchart.OrgChart{
		People: []orgchart.OrgChartPeopleItem{
			person(20, "Bob", orgchart.OrgChartPeopleItemRoleEngineer),
			person(10, "Alice", orgchart.OrgChartPeopleItemRoleManager),
		},
		Mentorships: []orgchart.OrgChartMentorshipsItem{{Mentor: ptr(int64(10)), Mentee: ptr(int64(20))}},
	}
	score := func() {
		s, err := orgchart.ScoreOrgChart(gold, renamed)
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Println(s)
	}
	score()
	renamed.Mentorships[0].Mentee = ptr(int64(10))
	score()
	ops, err := orgchart.RepairOrgChart(gold, renamed)
	if err != nil {
		panic(err)
	}
	for _, op := range ops {
		fmt.Println(op.Kind, op.Path, op.Value)
	}
	s, err := orgchart.ScoreOrgChart(gold, renamed)
	if err != nil {
		panic(err)
	}
	fb, err := feedback.RenderFeedback(s, ops, feedback.DefaultFeedbackOptions())
	if err != nil {
		panic(err)
	}
	fmt.Println(fb.Text)
	gold.People[1].ID = ptr(int64(1))
	score()
	fmt.Println(orgchart.CheckOrgChartGold(gold))
	// Output:
	// 1
	// 0.75
	// ref_fix /mentorships/0/mentee 20
	// The prediction scored 0.75 (deficit 0.25). Top 1 of 1 fix locations:
	// 1. /mentorships/0/mentee: wrong reference (got 10, change to 20). Fixing this recovers +0.250.
	// Focus on reference errors — they account for 100% of the deficit shown.
	// error: invalid gold at /people/1/id: duplicate identifier 1 in scope "person"
	// invalid gold at /people/1/id: duplicate identifier 1 in scope "person"
}
