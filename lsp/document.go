package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// document is one open text document.
type document struct {
	uri     protocol.DocumentUri
	path    string // the file's path ("" for a URI that is not a file)
	langID  string
	version protocol.Integer
	text    []byte
	// last is the newest lint of the document (nil before the first);
	// it is current when last.version == version.
	last *checked
}

// uriPath returns the file system path of a file: URI, or "" for other
// schemes (untitled buffers).
func uriPath(uri protocol.DocumentUri) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	p := u.Path
	// A Windows drive path keeps no slash before its drive letter.
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:]
	}
	return filepath.FromSlash(p)
}

// pathURI returns the file: URI of an absolute path.
func pathURI(path string) protocol.DocumentUri {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// applyChanges applies didChange content changes to text in order: whole
// replacements, or ranges in the text as each previous change left it.
func applyChanges(text []byte, changes []any) ([]byte, error) {
	for i, ch := range changes {
		switch c := ch.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			text = []byte(c.Text)
		case protocol.TextDocumentContentChangeEvent:
			if c.Range == nil {
				text = []byte(c.Text)
				continue
			}
			t := newLineTable(text)
			start, end := t.offset(c.Range.Start), t.offset(c.Range.End)
			if end < start {
				return nil, fmt.Errorf("change %d: range end %d:%d before its start %d:%d", i,
					c.Range.End.Line, c.Range.End.Character, c.Range.Start.Line, c.Range.Start.Character)
			}
			out := make([]byte, 0, len(text)-(end-start)+len(c.Text))
			out = append(out, text[:start]...)
			out = append(out, c.Text...)
			text = append(out, text[end:]...)
		default:
			return nil, fmt.Errorf("change %d: unknown content change %T", i, ch)
		}
	}
	return text, nil
}
