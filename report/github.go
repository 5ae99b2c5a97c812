package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// GitHub writes results as GitHub Actions workflow commands, one line per
// finding, which the runner turns into annotations on the pull request:
//
//	::error file=a.lua,line=3,col=5,endLine=3,endColumn=12,title=dynamic-key::key built by concatenation
//
// error, warning and info become ::error, ::warning and ::notice. Columns
// count UTF-16 code units, as in SARIF (what the GitHub UI indexes lines
// by); col and endColumn are only given for single-line spans because
// GitHub ignores or rejects columns on multi-line annotations. A file
// that could not be checked becomes an ::error on the file. Data and
// property values are escaped as the runner expects (% \r \n, and : , in
// properties). file= is FileResult.Path, which GitHub resolves against the
// repository root, so run the linter from there.
//
// The runner unescapes nothing else, so another control character (ESC,
// tab, DEL, C1), a bidi control or a byte that is not UTF-8 can only be
// written raw, which would let a file name colour or reorder the log.
// Every line is one line of printable text instead: such characters are
// written as Go-style escapes (\x1b, \u202e) in messages, and a path
// holding one is not given as file= (the escaped name would name a file
// that does not exist): the annotation then has no file, and its message
// starts with the path and position, escaped ("a\x1b.lua:3:5: ..."). GitHub shows only the
// first 10 annotations of each kind per step (50 per job); the others
// stay in the log, and SARIF upload is the way to see every finding.
func GitHub(w io.Writer, results []lint.FileResult) error {
	s := NewGitHubStream(w)
	for i := range results {
		if err := s.File(&results[i]); err != nil {
			return err
		}
	}
	return s.Close()
}

// githubStream is the Stream of GitHub.
type githubStream struct {
	bw  *bufio.Writer
	buf []byte
}

// NewGitHubStream returns a Stream writing what GitHub writes.
func NewGitHubStream(w io.Writer) Stream {
	return &githubStream{bw: bufio.NewWriterSize(w, 64<<10)}
}

func (s *githubStream) File(r *lint.FileResult) error {
	lines := r.Lines
	if lines == nil && r.Src != nil {
		lines = luaast.NewLineIndex(r.Src)
	}
	fileProp := gitHubFileProperty(r.Path)
	if r.Err != nil {
		s.buf = append(s.buf[:0], "::error "...)
		if fileProp {
			s.buf = append(s.buf, "file="...)
			s.buf = appendGitHubProperty(s.buf, r.Path)
			s.buf = append(s.buf, ',')
		}
		s.buf = append(s.buf, "title=redis-lua-lint::"...)
		if !fileProp {
			s.buf = appendGitHubData(s.buf, r.Path)
			s.buf = append(s.buf, ": "...)
		}
		s.buf = appendGitHubData(s.buf, "could not check file: "+r.Err.Error())
		s.buf = append(s.buf, '\n')
		if _, err := s.bw.Write(s.buf); err != nil {
			return fmt.Errorf("writing GitHub annotations: %w", err)
		}
	}
	for j := range r.Diagnostics {
		s.buf = appendGitHubDiagnostic(s.buf[:0], r.Path, fileProp, lines, &r.Diagnostics[j])
		if _, err := s.bw.Write(s.buf); err != nil {
			return fmt.Errorf("writing GitHub annotations: %w", err)
		}
	}
	return nil
}

func (s *githubStream) Close() error {
	if err := s.bw.Flush(); err != nil {
		return fmt.Errorf("writing GitHub annotations: %w", err)
	}
	return nil
}

// gitHubFileProperty reports whether path can be given as file=: whether
// the property escapes (% \r \n : ,) are all it needs, so the runner
// reads back the path itself (see GitHub).
func gitHubFileProperty(path string) bool {
	for i := 0; i < len(path); {
		c := path[i]
		if c >= 0x20 && c < 0x7F || c == '\r' || c == '\n' {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(path[i:])
		if c < 0x80 || (r == utf8.RuneError && size == 1) || r < 0xA0 || isBidiControl(r) {
			return false
		}
		i += size
	}
	return true
}

// appendGitHubDiagnostic appends the annotation of d, a finding in the
// file at path; fileProp says whether path is given as file= (else the
// message starts with path and position, see GitHub).
func appendGitHubDiagnostic(buf []byte, path string, fileProp bool, lines *luaast.LineIndex, d *analyzer.Diagnostic) []byte {
	switch d.Severity {
	case analyzer.SeverityError:
		buf = append(buf, "::error "...)
	case analyzer.SeverityWarning:
		buf = append(buf, "::warning "...)
	default:
		buf = append(buf, "::notice "...)
	}
	if !fileProp {
		if d.RuleID == "" {
			buf = buf[:len(buf)-1] // no property: "::error::message"
		} else {
			buf = append(buf, "title="...)
			buf = appendGitHubProperty(buf, d.RuleID)
		}
		buf = append(buf, "::"...)
		buf = appendGitHubData(buf, path)
		if lines != nil {
			pos := lines.Position(d.Span.Start)
			buf = append(buf, ':')
			buf = strconv.AppendInt(buf, int64(pos.Line), 10)
			buf = append(buf, ':')
			buf = strconv.AppendInt(buf, int64(lines.UTF16Column(d.Span.Start)), 10)
		}
		buf = append(buf, ": "...)
		buf = appendGitHubData(buf, d.Message)
		return append(buf, '\n')
	}
	buf = append(buf, "file="...)
	buf = appendGitHubProperty(buf, path)
	if lines != nil {
		start, end := d.Span.Start, d.Span.End
		if end < start {
			end = start
		}
		a, b := lines.Position(start), lines.Position(end)
		buf = append(buf, ",line="...)
		buf = strconv.AppendInt(buf, int64(a.Line), 10)
		if a.Line == b.Line {
			buf = append(buf, ",col="...)
			buf = strconv.AppendInt(buf, int64(lines.UTF16Column(start)), 10)
		}
		buf = append(buf, ",endLine="...)
		buf = strconv.AppendInt(buf, int64(b.Line), 10)
		if a.Line == b.Line {
			buf = append(buf, ",endColumn="...)
			buf = strconv.AppendInt(buf, int64(lines.UTF16Column(end)), 10)
		}
	}
	if d.RuleID != "" {
		buf = append(buf, ",title="...)
		buf = appendGitHubProperty(buf, d.RuleID)
	}
	buf = append(buf, "::"...)
	buf = appendGitHubData(buf, d.Message)
	return append(buf, '\n')
}

// appendGitHubData escapes a workflow command's message the way the
// runner unescapes it: % first, then the line breaks that would end the
// command (an annotation may span lines). Other controls and bidi
// characters, which the runner would pass to the log raw, are written as
// Go-style escapes (\x1b, \u202e) so they cannot colour or reorder it.
func appendGitHubData(dst []byte, s string) []byte {
	return appendGitHubEscaped(dst, s, false)
}

// appendGitHubProperty escapes a workflow command property value: as data,
// plus the ':' and ',' that separate properties.
func appendGitHubProperty(dst []byte, s string) []byte {
	return appendGitHubEscaped(dst, s, true)
}

func appendGitHubEscaped(dst []byte, s string, property bool) []byte {
	start := 0 // s[start:i] is pending, copied as is
	for i := 0; i < len(s); i++ {
		c := s[i]
		var esc string
		switch {
		case c == '%':
			esc = "%25"
		case c == '\r':
			esc = "%0D"
		case c == '\n':
			esc = "%0A"
		case property && c == ':':
			esc = "%3A"
		case property && c == ',':
			esc = "%2C"
		case c < 0x20 || c == 0x7F || c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if c >= 0x80 && !(r == utf8.RuneError && size == 1) && r >= 0xA0 && !isBidiControl(r) {
				i += size - 1
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = appendSafe(dst, s[i:i+size])
			i += size - 1
			start = i + 1
			continue
		default:
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, esc...)
		start = i + 1
	}
	return append(dst, s[start:]...)
}
