// Package jsonw streams indented JSON by hand, byte for byte what
// encoding/json's Encoder writes with SetIndent("", "  ") and
// SetEscapeHTML(false).
//
// It exists because encoding/json, walking the document by reflection, was
// about 10× slower than direct appends on a report of 100k findings; the
// JSON report and the SARIF writer use it for their bulk (findings), and
// their tests compare every byte with encoding/json's output for the same
// document, so the schema types stay the single source of truth.
//
// The Writer does not check nesting: the caller opens and closes objects
// and arrays in order and starts every object member with Key (or
// EscapedKey for a key from data).
package jsonw

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// flushSize is how many buffered bytes the end of an object or array
// writes out; checking only there keeps the hot appends free of it.
const flushSize = 64 << 10

// Writer writes one JSON document (or several, each followed by a newline
// as json.Encoder does) to an io.Writer; the first write error is kept and
// returned by Flush, and later output is dropped.
type Writer struct {
	w     io.Writer
	buf   []byte
	depth int
	// empty is true while the innermost open object or array has no
	// member or element yet.
	empty bool
	// keyed is true between Key and the member's value, which then needs
	// no separator.
	keyed bool
	err   error
}

// NewWriter returns a Writer that writes to w in chunks of about 64 KiB.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w, buf: make([]byte, 0, flushSize+4096)}
}

// Flush writes out what is buffered and returns the first error of any
// write so far.
func (w *Writer) Flush() error {
	w.flush()
	return w.err
}

func (w *Writer) flush() {
	if w.err == nil && len(w.buf) > 0 {
		_, w.err = w.w.Write(w.buf)
	}
	w.buf = w.buf[:0]
}

// newlineIndent is a line break followed by the indentation of most
// depths, so newline is one append.
const newlineIndent = "\n                                                "

// newline starts a line indented for the current depth.
func (w *Writer) newline() {
	if n := 1 + 2*w.depth; n <= len(newlineIndent) {
		w.buf = append(w.buf, newlineIndent[:n]...)
	} else {
		w.newlineDeep()
	}
}

func (w *Writer) newlineDeep() {
	w.buf = append(w.buf, '\n')
	for range w.depth {
		w.buf = append(w.buf, "  "...)
	}
}

// sep starts a member or element of the innermost object or array.
func (w *Writer) sep() {
	if !w.empty {
		w.buf = append(w.buf, ',')
	}
	w.empty = false
	w.newline()
}

// beginValue writes what goes before a value: nothing after a key or at
// the top level, else the separator of an array element.
func (w *Writer) beginValue() {
	if w.keyed {
		w.keyed = false
		return
	}
	if w.depth > 0 {
		w.sep()
	}
}

// endValue ends a top-level value with a newline, as json.Encoder does.
func (w *Writer) endValue() {
	if w.depth == 0 {
		w.buf = append(w.buf, '\n')
	}
}

func (w *Writer) begin(c byte) {
	w.beginValue()
	w.buf = append(w.buf, c)
	w.depth++
	w.empty = true
}

func (w *Writer) end(c byte) {
	w.depth--
	if !w.empty {
		w.newline()
	}
	w.empty = false
	w.buf = append(w.buf, c)
	w.endValue()
	if len(w.buf) >= flushSize {
		w.flush()
	}
}

// BeginObject starts an object, as a member's value after Key or as an
// array element.
func (w *Writer) BeginObject() { w.begin('{') }

// EndObject ends the innermost object.
func (w *Writer) EndObject() { w.end('}') }

// BeginArray starts an array, as a member's value after Key or as an
// array element.
func (w *Writer) BeginArray() { w.begin('[') }

// EndArray ends the innermost array.
func (w *Writer) EndArray() { w.end(']') }

// Key starts a member of the innermost object whose name needs no
// escaping, as every member name of a schema: it is written as is, so it
// must not contain '"', '\\', control characters or non-ASCII bytes. The
// member's value must follow.
func (w *Writer) Key(name string) {
	w.key(name)
	w.keyed = true
}

func (w *Writer) key(name string) {
	w.sep()
	w.buf = appendName(w.buf, name)
}

// appendName appends name and the colon of a member, name unescaped:
// escaping the names of a large document cost a fifth of the time to
// write it.
func appendName(dst []byte, name string) []byte {
	dst = append(dst, '"')
	dst = append(dst, name...)
	return append(dst, `": `...)
}

// EscapedKey starts a member of the innermost object whose key is any
// string (a map key from data), escaped like a string value. The
// member's value must follow.
func (w *Writer) EscapedKey(k string) {
	w.sep()
	w.buf = AppendString(w.buf, k)
	w.buf = append(w.buf, ": "...)
	w.keyed = true
}

// String writes a string value.
func (w *Writer) String(s string) {
	w.beginValue()
	w.buf = AppendString(w.buf, s)
	w.endValue()
}

// Int writes an integer value.
func (w *Writer) Int(n int) {
	w.beginValue()
	w.buf = strconv.AppendInt(w.buf, int64(n), 10)
	w.endValue()
}

// StringMember writes the member name, which Key's rule applies to, with
// the string value v.
func (w *Writer) StringMember(name, v string) {
	// Not w.key(name): that is too large to be inlined, and this is the
	// hottest method.
	w.sep()
	w.buf = appendName(w.buf, name)
	w.buf = AppendString(w.buf, v)
}

// BoolMember writes the member name, which Key's rule applies to, with
// the boolean value v.
func (w *Writer) BoolMember(name string, v bool) {
	w.sep()
	w.buf = appendName(w.buf, name)
	w.buf = strconv.AppendBool(w.buf, v)
}

// IntMember writes the member name, which Key's rule applies to, with
// the integer value v.
func (w *Writer) IntMember(name string, v int) {
	w.sep()
	w.buf = appendName(w.buf, name)
	w.buf = strconv.AppendInt(w.buf, int64(v), 10)
}

// Value writes v with encoding/json, indented for the current depth; it
// is meant for the small, rarely written parts of a document, where
// reflection costs nothing that matters. An encoding error is kept and
// returned by Flush.
func (w *Writer) Value(v any) {
	w.beginValue()
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	enc.SetIndent(strings.Repeat("  ", w.depth), "  ")
	if err := enc.Encode(v); err != nil {
		if w.err == nil {
			w.err = err
		}
		return
	}
	// Encode ends the value with a newline, which only a top-level value
	// keeps.
	w.buf = append(w.buf, strings.TrimSuffix(sb.String(), "\n")...)
	w.endValue()
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string the way encoding/json does
// without HTML escaping: control characters, '"' and '\\' are escaped,
// invalid UTF-8 becomes U+FFFD (each bad byte), and U+2028 and U+2029 are
// escaped because JavaScript does not allow them in string literals.
func AppendString(dst []byte, s string) []byte {
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
