package sarif

import (
	"bufio"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsonWriter streams results with the layout of encoding/json's indented
// output (two spaces, no HTML escaping). Keys follow the field order of
// the model types; TestWriteMatchesEncodingJSON keeps the two in step.
type jsonWriter struct {
	w     *bufio.Writer
	buf   []byte
	depth int
	// first is true when nothing has been written in the innermost open
	// object or array yet.
	first bool
	err   error
}

func (e *jsonWriter) flush() {
	if e.err == nil {
		_, e.err = e.w.Write(e.buf)
	}
	e.buf = e.buf[:0]
}

func (e *jsonWriter) raw(s string) { e.buf = append(e.buf, s...) }

// marshal writes v with encoding/json, indented as a member of the run
// (depth 3); it is used for the small parts of the log before the
// results.
func (e *jsonWriter) marshal(v any) {
	prefix := strings.Repeat("  ", 3)
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil && e.err == nil {
		e.err = err
	}
	e.buf = append(e.buf, strings.TrimSuffix(sb.String(), "\n")...)
}

// newlineIndent is a line break followed by enough indentation for any
// depth the log reaches.
const newlineIndent = "\n                                                "

func (e *jsonWriter) newline() {
	if n := 1 + 2*e.depth; n <= len(newlineIndent) {
		e.buf = append(e.buf, newlineIndent[:n]...)
		return
	}
	e.buf = append(e.buf, '\n')
	for i := 0; i < e.depth; i++ {
		e.buf = append(e.buf, "  "...)
	}
}

func (e *jsonWriter) sep() {
	if !e.first {
		e.buf = append(e.buf, ',')
	}
	e.first = false
	e.newline()
}

func (e *jsonWriter) open(c byte) {
	e.buf = append(e.buf, c)
	e.depth++
	e.first = true
}

func (e *jsonWriter) close(c byte) {
	e.depth--
	if !e.first {
		e.newline()
	}
	e.first = false
	e.buf = append(e.buf, c)
}

func (e *jsonWriter) key(k string) {
	e.sep()
	e.buf = append(e.buf, '"')
	e.buf = append(e.buf, k...)
	e.buf = append(e.buf, `": `...)
}

func (e *jsonWriter) str(k, v string) {
	e.key(k)
	e.buf = appendJSONString(e.buf, v)
}

func (e *jsonWriter) num(k string, v int) {
	e.key(k)
	e.buf = strconv.AppendInt(e.buf, int64(v), 10)
}

func (e *jsonWriter) message(k string, m Message) {
	e.key(k)
	e.open('{')
	e.str("text", m.Text)
	e.close('}')
}

func (e *jsonWriter) artifactLocation(a *ArtifactLocation) {
	e.key("artifactLocation")
	e.open('{')
	if a.URI != "" {
		e.str("uri", a.URI)
	}
	if a.URIBaseID != "" {
		e.str("uriBaseId", a.URIBaseID)
	}
	if a.Description != nil {
		e.message("description", *a.Description)
	}
	e.close('}')
}

func (e *jsonWriter) region(k string, r *Region) {
	e.key(k)
	e.open('{')
	e.num("startLine", r.StartLine)
	e.num("startColumn", r.StartColumn)
	e.num("endLine", r.EndLine)
	e.num("endColumn", r.EndColumn)
	e.close('}')
}

func (e *jsonWriter) location(l *Location) {
	e.open('{')
	if l.ID != 0 {
		e.num("id", l.ID)
	}
	if p := l.PhysicalLocation; p != nil {
		e.key("physicalLocation")
		e.open('{')
		e.artifactLocation(&p.ArtifactLocation)
		if p.Region != nil {
			e.region("region", p.Region)
		}
		e.close('}')
	}
	if l.Message != nil {
		e.message("message", *l.Message)
	}
	e.close('}')
}

func (e *jsonWriter) result(r *Result) {
	e.open('{')
	e.str("ruleId", r.RuleID)
	e.num("ruleIndex", r.RuleIndex)
	e.str("level", r.Level)
	e.message("message", r.Message)
	e.key("locations")
	e.open('[')
	for i := range r.Locations {
		e.sep()
		e.location(&r.Locations[i])
	}
	e.close(']')
	if len(r.RelatedLocations) > 0 {
		e.key("relatedLocations")
		e.open('[')
		for i := range r.RelatedLocations {
			e.sep()
			e.location(&r.RelatedLocations[i])
		}
		e.close(']')
	}
	if len(r.PartialFingerprints) > 0 {
		e.key("partialFingerprints")
		e.open('{')
		// One key today; sorted like encoding/json if more are added.
		keys := make([]string, 0, len(r.PartialFingerprints))
		for k := range r.PartialFingerprints {
			keys = append(keys, k)
		}
		if len(keys) > 1 {
			sortStrings(keys)
		}
		for _, k := range keys {
			e.sep()
			e.buf = appendJSONString(e.buf, k)
			e.buf = append(e.buf, ": "...)
			e.buf = appendJSONString(e.buf, r.PartialFingerprints[k])
		}
		e.close('}')
	}
	if len(r.Fixes) > 0 {
		e.key("fixes")
		e.open('[')
		for i := range r.Fixes {
			f := &r.Fixes[i]
			e.sep()
			e.open('{')
			if f.Description != nil {
				e.message("description", *f.Description)
			}
			e.key("artifactChanges")
			e.open('[')
			for j := range f.ArtifactChanges {
				c := &f.ArtifactChanges[j]
				e.sep()
				e.open('{')
				e.artifactLocation(&c.ArtifactLocation)
				e.key("replacements")
				e.open('[')
				for k := range c.Replacements {
					rep := &c.Replacements[k]
					e.sep()
					e.open('{')
					e.region("deletedRegion", &rep.DeletedRegion)
					if rep.InsertedContent != nil {
						e.key("insertedContent")
						e.open('{')
						e.str("text", rep.InsertedContent.Text)
						e.close('}')
					}
					e.close('}')
				}
				e.close(']')
				e.close('}')
			}
			e.close(']')
			e.close('}')
		}
		e.close(']')
	}
	e.close('}')
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string the way encoding/json does
// without HTML escaping: invalid UTF-8 becomes U+FFFD, U+2028 and U+2029
// are escaped.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
