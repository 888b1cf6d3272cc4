package gen

import (
	"fmt"
	"strings"
	"unicode"
)

// initialisms are the words Go writes in one case (the list of golint and
// staticcheck, plus a few common in extraction schemas).
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "CSV": true, "DNS": true,
	"EOF": true, "GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IDS": true,
	"IP": true, "JSON": true, "LHS": true, "PDF": true, "QPS": true, "RAM": true, "RHS": true,
	"RPC": true, "SKU": true, "SLA": true, "SMTP": true, "SQL": true, "SSH": true, "TCP": true,
	"TLS": true, "TTL": true, "UDP": true, "UI": true, "UID": true, "UUID": true, "URI": true,
	"URL": true, "UTF8": true, "VAT": true, "VM": true, "XML": true, "XMPP": true, "XSRF": true,
	"XSS": true,
}

// nameWords splits a name into words: at every character that is not an ASCII
// letter or digit, at a lower-case letter or digit followed by an upper-case
// letter (orderId → order, Id), and before the last capital of a capital run
// followed by a lower-case letter (HTTPServer → HTTP, Server).
func nameWords(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
			flush()
			continue
		}
		if len(cur) > 0 && unicode.IsUpper(r) {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// goName turns a property name, $defs key or title into an exported Go
// identifier: the words (see nameWords) each get an upper-case first letter, or
// all upper case when they are an initialism (ID, URL, HTTP, …); a name that
// would not start with a letter gets the prefix "X". An empty result is
// "X".
func goName(s string) string {
	var b strings.Builder
	for _, w := range nameWords(s) {
		if up := strings.ToUpper(w); initialisms[up] {
			b.WriteString(up)
			continue
		}
		rs := []rune(w)
		b.WriteRune(unicode.ToUpper(rs[0]))
		b.WriteString(string(rs[1:]))
	}
	out := b.String()
	if out == "" || !unicode.IsLetter(rune(out[0])) {
		out = "X" + out
	}
	return out
}

// lowerFirst returns s with its first word in lower case, for unexported
// names built from exported ones (IDKey → idKey).
func lowerFirst(s string) string {
	ws := nameWords(s)
	if len(ws) == 0 {
		return s
	}
	return strings.ToLower(ws[0]) + s[len(ws[0]):]
}

// unique returns name, or name followed by the smallest suffix 2, 3, … that
// is not in used, and marks the result used.
func unique(name string, used map[string]bool) string {
	out := name
	for i := 2; used[out]; i++ {
		out = fmt.Sprintf("%s%d", name, i)
	}
	used[out] = true
	return out
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func isExportedIdent(s string) bool { return isIdent(s) && s[0] >= 'A' && s[0] <= 'Z' }
