package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Schemas are the schemas a server knows by name, and its default schema
// (used by requests without a "schema" member).
type Schemas struct {
	byName map[string]*Schema
	def    *Schema
}

// Schema is one schema file loaded at start-up.
type Schema struct {
	// Name is the name requests use ("" for the default schema given
	// without a name).
	Name string
	// File is the file it was read from.
	File string
	// Data is its JSON text.
	Data []byte
	// SHA256 is the hex digest of Data.
	SHA256 string
}

// errUnknownSchema marks a request naming a schema the server does not know.
var errUnknownSchema = errors.New("unknown schema name")

// LoadSchemas reads the schemas of "-schema" flags: each spec is NAME=FILE
// (a named schema) or FILE (the default schema; at most one). The schemas
// are only read here; they are compiled when first used (a schema that
// does not compile is an error response naming the file), unless the
// caller compiles them eagerly.
func LoadSchemas(specs []string) (*Schemas, error) {
	s := &Schemas{byName: map[string]*Schema{}}
	for _, spec := range specs {
		name, file, named := strings.Cut(spec, "=")
		if !named {
			name, file = "", spec
		}
		if named && name == "" {
			return nil, fmt.Errorf("-schema %q: empty name (want NAME=FILE or FILE)", spec)
		}
		if file == "" {
			return nil, fmt.Errorf("-schema %q: empty file name", spec)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		sch := &Schema{Name: name, File: file, Data: data, SHA256: hex.EncodeToString(sum[:])}
		switch {
		case !named && s.def != nil:
			return nil, fmt.Errorf("-schema %s: a default schema (%s) is already given; name the others NAME=FILE", file, s.def.File)
		case !named:
			s.def = sch
		case s.byName[name] != nil:
			return nil, fmt.Errorf("-schema %s: the name %q is already given to %s", spec, name, s.byName[name].File)
		default:
			s.byName[name] = sch
		}
	}
	return s, nil
}

// Default returns the default schema, or nil.
func (s *Schemas) Default() *Schema {
	if s == nil {
		return nil
	}
	return s.def
}

// List returns the named schemas sorted by name, then the default schema
// if there is one.
func (s *Schemas) List() []*Schema {
	if s == nil {
		return nil
	}
	out := make([]*Schema, 0, len(s.byName)+1)
	for _, sch := range s.byName {
		out = append(out, sch)
	}
	slices.SortFunc(out, func(a, b *Schema) int { return strings.Compare(a.Name, b.Name) })
	if s.def != nil {
		out = append(out, s.def)
	}
	return out
}

// resolve is the request engine's Resolve: the schema a request names.
func (s *Schemas) resolve(name string) ([]byte, string, error) {
	if s != nil {
		if sch := s.byName[name]; sch != nil {
			return sch.Data, filepath.ToSlash(sch.File), nil
		}
	}
	var known []string
	for _, sch := range s.List() {
		if sch.Name != "" {
			known = append(known, strconv.Quote(sch.Name))
		}
	}
	if len(known) == 0 {
		return nil, "", fmt.Errorf("%w %q: the server has no named schemas", errUnknownSchema, name)
	}
	return nil, "", fmt.Errorf("%w %q (known: %s)", errUnknownSchema, name, strings.Join(known, ", "))
}
