package multiroot

// Ticket is a support ticket extracted from an e-mail.
type Ticket struct {
	Title    string   `json:"title" oa:"score=levenshtein,valueWeight=2"`
	Reporter Customer `json:"reporter"`
	Tags     []string `json:"tags" oa:"order=align"`
}

// Order is an order extracted from the same e-mails.
type Order struct {
	Number string   `json:"number" oa:"score=exact"`
	Buyer  Customer `json:"buyer"`
	Total  float64  `json:"total" oa:"score=relative"`
}

// Customer is the person behind a ticket or an order: one struct type
// that both generated scorers read.
type Customer struct {
	Name  string `json:"name" oa:"score=jaro_winkler"`
	Email string `json:"email,omitempty" oa:"score=exact"`
}
