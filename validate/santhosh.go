package validate

import (
	jsonschema "github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// fromSanthosh reports santhosh's first leaf error: the fallback used only
// when the ordered evaluator finds no error in a value santhosh rejects.
func fromSanthosh(verr *jsonschema.ValidationError) *Error {
	for len(verr.Causes) > 0 {
		verr = verr.Causes[0]
	}
	p := message.NewPrinter(language.English)
	return &Error{
		Path:    append([]string(nil), verr.InstanceLocation...),
		Message: verr.ErrorKind.LocalizedString(p),
	}
}
