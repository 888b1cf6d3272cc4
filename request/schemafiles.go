package request

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"syscall"

	"github.com/objectaligner/oagen/ir"
)

// SchemaFiles resolves the string "schema" members of dataset lines to
// schema files under one root directory (EngineConfig.Resolve). A name is
// a path relative to the root, or an absolute path inside it; it is
// refused, without being opened, when it leaves the root ("..", an
// absolute path elsewhere), and refused when it reaches outside through a
// symbolic link (the file is opened through an os.Root). Only regular
// files are read: devices, FIFOs and sockets are refused without being
// read (the file is opened without blocking and checked with fstat), and a
// file larger than the size cap is refused before it is read. Each
// distinct name is opened once: its content, or its error, is remembered
// for the life of the SchemaFiles.
//
// Errors name the path as the line gave it and the root; they never quote
// the file's content (see RedactSchemaError for compile errors).
type SchemaFiles struct {
	root    *os.Root
	dir     string // the root, absolute and clean
	maxSize int64
	mu      sync.Mutex
	files   map[string]*schemaFile
}

// schemaFile is the outcome of reading one name, once.
type schemaFile struct {
	once sync.Once
	data []byte
	err  error
}

// ErrOutsideRoot is the error (wrapped) of a schema name that leaves the
// schema root.
var ErrOutsideRoot = errors.New("outside the schema root")

// OpenSchemaFiles returns the resolver of schema files under the directory
// dir; files larger than maxSize bytes are refused. Close it when done.
func OpenSchemaFiles(dir string, maxSize int64) (*SchemaFiles, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("schema root %s: %w", dir, err)
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("schema root: %w", err)
	}
	return &SchemaFiles{root: root, dir: abs, maxSize: maxSize, files: map[string]*schemaFile{}}, nil
}

// Dir returns the root directory (absolute).
func (s *SchemaFiles) Dir() string { return s.dir }

// Close releases the root directory.
func (s *SchemaFiles) Close() error { return s.root.Close() }

// Resolve returns the content of the schema file name, and name itself as
// the file its errors carry. It is safe for concurrent use.
func (s *SchemaFiles) Resolve(name string) ([]byte, string, error) {
	s.mu.Lock()
	f, ok := s.files[name]
	if !ok {
		f = &schemaFile{}
		s.files[name] = f
	}
	s.mu.Unlock()
	f.once.Do(func() { f.data, f.err = s.read(name) })
	return f.data, name, f.err
}

// read reads one schema file (see SchemaFiles).
func (s *SchemaFiles) read(name string) ([]byte, error) {
	rel, err := s.local(name)
	if err != nil {
		return nil, err
	}
	// O_NONBLOCK: opening a FIFO must not wait for a writer. It does not
	// change how a regular file reads.
	file, err := s.root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Err.Error() == "path escapes from parent" {
			return nil, fmt.Errorf("schema file %q: %w %s (a symbolic link leads out of it; see -schema-root)", name, ErrOutsideRoot, s.dir)
		}
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("schema file %q: %w", name, pe.Err)
		}
		return nil, fmt.Errorf("schema file %q: %w", name, err)
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return nil, fmt.Errorf("schema file %q: %w", name, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("schema file %q: not a regular file (%s)", name, fileKind(st.Mode()))
	}
	if st.Size() > s.maxSize {
		return nil, fmt.Errorf("schema file %q: larger than the limit of %d bytes", name, s.maxSize)
	}
	// The size can change under us: read at most one byte past the cap.
	data, err := io.ReadAll(io.LimitReader(file, s.maxSize+1))
	if err != nil {
		return nil, fmt.Errorf("schema file %q: %w", name, err)
	}
	if int64(len(data)) > s.maxSize {
		return nil, fmt.Errorf("schema file %q: larger than the limit of %d bytes", name, s.maxSize)
	}
	return data, nil
}

// local turns a schema name into a path relative to the root, refusing
// one that leaves it.
func (s *SchemaFiles) local(name string) (string, error) {
	p := filepath.FromSlash(name)
	if filepath.IsAbs(p) {
		rel, err := filepath.Rel(s.dir, filepath.Clean(p))
		if err != nil || !filepath.IsLocal(rel) {
			return "", fmt.Errorf("schema file %q: %w %s (see -schema-root)", name, ErrOutsideRoot, s.dir)
		}
		return rel, nil
	}
	if !filepath.IsLocal(p) {
		return "", fmt.Errorf("schema file %q: %w %s (see -schema-root)", name, ErrOutsideRoot, s.dir)
	}
	return p, nil
}

// fileKind names the type of a file that is not regular.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}

// quoted matches the quoted text of a diagnostic: Go-quoted strings and
// quoted characters.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)+'`)

// RedactSchemaError returns err with the quoted text of its schema
// diagnostics elided ("unknown type \"…\""), so that the error of a schema
// file a dataset line names quotes nothing of the file beyond the
// position, the JSON Pointer and the message's own words. Other errors
// are returned as they are.
func RedactSchemaError(err error) error {
	var list ir.ErrorList
	if !errors.As(err, &list) {
		return err
	}
	out := make(ir.ErrorList, len(list))
	for i, d := range list {
		d.Message = quoted.ReplaceAllStringFunc(d.Message, func(q string) string {
			if q[0] == '\'' {
				return "'…'"
			}
			return `"…"`
		})
		out[i] = d
	}
	return out
}
