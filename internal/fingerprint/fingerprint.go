// Package fingerprint identifies a finding across runs, for the reports
// whose consumers match findings from one run to the next (SARIF's
// partialFingerprints, GitLab Code Quality's fingerprint): the sha256 of
// the rule ID, the file's path as the report writes it, the text of the
// finding's first line with white space collapsed, and the index of the
// finding among those of the file with the same rule and line text. It
// does not depend on line numbers, columns or messages, so edits
// elsewhere in the file keep it, and re-indenting the line keeps it too.
package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// File computes the fingerprints of one file's findings. The findings
// must be given in the order of the report (the occurrence indexes count
// them in that order). The zero File is not usable: call NewFile.
type File struct {
	path  string
	src   []byte
	lines *luaast.LineIndex
	// occurrences counts findings per rule and normalised line text.
	occurrences map[occurrenceKey]int
	// lastLine and lastText cache the normalised text of the line last
	// looked up, as findings often share a line.
	lastLine int
	lastText string
	scratch  []byte
}

// occurrenceKey groups the findings of a file whose fingerprints would
// otherwise be equal.
type occurrenceKey struct{ rule, lineText string }

// NewFile returns the fingerprinter of the file at path (as the report
// writes it) with source src and its line index (nil when the source is
// unknown: then the line text is empty).
func NewFile(path string, src []byte, lines *luaast.LineIndex) *File {
	if lines == nil && src != nil {
		lines = luaast.NewLineIndex(src)
	}
	return &File{path: path, src: src, lines: lines, occurrences: map[occurrenceKey]int{}, lastLine: -1}
}

// Of returns the fingerprint, 64 hex digits, of the next finding of rule
// ruleID that starts at start.
func (f *File) Of(ruleID string, start luaast.Pos) string {
	lineText := ""
	if f.lines != nil {
		n := f.lines.Position(start).Line
		if n != f.lastLine {
			f.scratch = AppendNormalizedSpace(f.scratch[:0], Line(f.src, f.lines, n))
			f.lastLine, f.lastText = n, string(f.scratch)
		}
		lineText = f.lastText
	}
	key := occurrenceKey{ruleID, lineText}
	n := f.occurrences[key]
	f.occurrences[key] = n + 1
	f.scratch = AppendInput(f.scratch[:0], ruleID, f.path, lineText, n)
	sum := sha256.Sum256(f.scratch)
	// hex.EncodeToString would allocate twice.
	var digest [2 * sha256.Size]byte
	hex.Encode(digest[:], sum[:])
	return string(digest[:])
}

// AppendInput appends what a fingerprint's sha256 is taken of: rule ID,
// path, normalised line text and occurrence index, separated by NUL
// bytes.
func AppendInput(dst []byte, rule, path, lineText string, occurrence int) []byte {
	dst = append(dst, rule...)
	dst = append(dst, 0)
	dst = append(dst, path...)
	dst = append(dst, 0)
	dst = append(dst, lineText...)
	dst = append(dst, 0)
	return strconv.AppendInt(dst, int64(occurrence), 10)
}

// Line returns 1-based line n of src without its break.
func Line(src []byte, lines *luaast.LineIndex, n int) []byte {
	start := int(lines.LineStart(n))
	end := len(src)
	if n < lines.LineCount() {
		end = int(lines.LineStart(n + 1))
	}
	start, end = min(start, len(src)), min(end, len(src))
	for end > start && (src[end-1] == '\n' || src[end-1] == '\r') {
		end--
	}
	return src[start:end]
}

// AppendNormalizedSpace appends s with runs of white space collapsed to
// one space and the ends trimmed, so re-indenting a line keeps its
// fingerprint.
func AppendNormalizedSpace(b, s []byte) []byte {
	start := len(b)
	space := false
	for _, c := range s {
		if c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' || c == '\n' {
			space = len(b) > start
			continue
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, c)
	}
	return b
}
