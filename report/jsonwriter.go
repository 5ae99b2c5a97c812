package report

import (
	"bufio"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// jsonWriter streams the JSON report with the layout of encoding/json's
// indented output. Keys are written in the order of the JSONReport types'
// fields; TestJSONMatchesEncodingJSON keeps the two in step.
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
	if e.err != nil {
		e.buf = e.buf[:0]
		return
	}
	_, e.err = e.w.Write(e.buf)
	e.buf = e.buf[:0]
}

func (e *jsonWriter) newline() {
	e.buf = append(e.buf, '\n')
	for i := 0; i < e.depth; i++ {
		e.buf = append(e.buf, "  "...)
	}
}

// sep starts a new member or element of the open object or array.
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

func (e *jsonWriter) rng(r JSONRange) {
	e.num("line", r.Line)
	e.num("column", r.Column)
	e.num("endLine", r.EndLine)
	e.num("endColumn", r.EndColumn)
	e.num("offset", r.Offset)
	e.num("endOffset", r.EndOffset)
}

func (e *jsonWriter) writeReport(results []analyzer.FileResult, rules []*analyzer.Rule) {
	e.open('{')
	e.num("version", JSONVersion)
	e.key("files")
	e.open('[')
	for i := range results {
		e.sep()
		e.file(&results[i])
		if len(e.buf) > 32<<10 {
			e.flush()
		}
	}
	e.close(']')
	s := Summarize(results)
	e.key("summary")
	e.open('{')
	e.num("errors", s.Errors)
	e.num("warnings", s.Warnings)
	e.num("infos", s.Infos)
	e.num("files", s.Files)
	e.num("filesWithFindings", s.FilesWithFindings)
	e.num("filesWithErrors", s.FilesWithErrors)
	e.close('}')
	e.key("rules")
	e.open('[')
	sorted := make([]*analyzer.Rule, 0, len(rules))
	for _, r := range rules {
		if r != nil {
			sorted = append(sorted, r)
		}
	}
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	for _, r := range sorted {
		e.sep()
		e.open('{')
		e.str("id", r.ID)
		e.str("title", r.Doc.Title)
		e.str("severity", severityName(r.Severity))
		e.key("tags")
		e.open('[')
		for _, t := range r.Doc.Tags {
			e.sep()
			e.buf = appendJSONString(e.buf, t)
		}
		e.close(']')
		if r.Doc.Precision != "" {
			e.str("precision", r.Doc.Precision)
		}
		e.close('}')
	}
	e.close(']')
	e.close('}')
	e.buf = append(e.buf, '\n')
}

func (e *jsonWriter) file(r *analyzer.FileResult) {
	lines := r.Lines
	if lines == nil && r.Src != nil {
		lines = luaast.NewLineIndex(r.Src)
	}
	e.open('{')
	e.str("path", r.Path)
	e.key("diagnostics")
	e.open('[')
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		e.sep()
		e.open('{')
		e.str("rule", d.RuleID)
		e.str("severity", severityName(d.Severity))
		e.str("message", d.Message)
		e.rng(jsonRange(lines, d.Span))
		e.key("related")
		e.open('[')
		for _, rel := range d.Related {
			e.sep()
			e.open('{')
			e.str("message", rel.Message)
			e.rng(jsonRange(lines, rel.Span))
			e.close('}')
		}
		e.close(']')
		e.key("fixes")
		e.open('[')
		for _, fx := range d.Fixes {
			e.sep()
			e.open('{')
			e.str("message", fx.Message)
			e.key("edits")
			e.open('[')
			for _, ed := range fx.Edits {
				e.sep()
				e.open('{')
				e.rng(jsonRange(lines, ed.Span))
				e.str("newText", ed.NewText)
				e.close('}')
			}
			e.close(']')
			e.close('}')
		}
		e.close(']')
		e.close('}')
		if len(e.buf) > 32<<10 {
			e.flush()
		}
	}
	e.close(']')
	if r.Err != nil {
		e.str("error", r.Err.Error())
	}
	e.close('}')
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string the way encoding/json does
// without HTML escaping: invalid UTF-8 becomes U+FFFD, U+2028 and U+2029
// are escaped for JavaScript's sake.
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
