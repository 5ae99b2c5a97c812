package jsonw

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
)

func TestAppendString(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", `""`},
		{"plain", "abc", `"abc"`},
		{"quote and backslash", `a"b\c`, `"a\"b\\c"`},
		{"short escapes", "\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"other controls", "\x00\x01\x1b\x1f", `"\u0000\u0001\u001b\u001f"`},
		{"DEL is not escaped", "\x7f", "\"\x7f\""},
		{"HTML characters are not escaped", "<a href='x'>&amp;</a>", `"<a href='x'>&amp;</a>"`},
		{"line and paragraph separators", "a\u2028b\u2029c", `"a\u2028b\u2029c"`},
		{"other separators pass", "\u2027\u202a\u202e", "\"\u2027\u202a\u202e\""},
		{"multi-byte UTF-8", "日本 😀", `"日本 😀"`},
		{"invalid byte", "a\xffb", `"a\ufffdb"`},
		{"truncated sequence", "\xe6\x97", `"\ufffd\ufffd"`},
		{"overlong encoding", "\xc0\xaf", `"\ufffd\ufffd"`},
		{"surrogate half", "\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`},
		{"valid U+FFFD stays literal", "\ufffd", "\"\ufffd\""},
		{"escape at the end", "x\n", `"x\n"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(AppendString([]byte("prefix:"), tt.in))
			if got != "prefix:"+tt.want {
				t.Errorf("AppendString(%q) = %s, want %s", tt.in, got, tt.want)
			}
			if want := string(outputtest.EncodingJSON(t, tt.in)); got[len("prefix:"):]+"\n" != want {
				t.Errorf("AppendString(%q) = %s, encoding/json writes %s", tt.in, got, want)
			}
		})
	}
}

// TestAppendStringEveryByte compares every single byte and every
// two-byte string starting with a control or non-ASCII byte with
// encoding/json.
func TestAppendStringEveryByte(t *testing.T) {
	for c := range 256 {
		checkString(t, string([]byte{byte(c)}))
		if c < 0x20 || c >= 0x80 {
			for d := 0; d < 256; d += 7 {
				checkString(t, string([]byte{byte(c), byte(d)}))
			}
		}
	}
}

func checkString(t testing.TB, s string) {
	t.Helper()
	if got, want := string(AppendString(nil, s))+"\n", string(outputtest.EncodingJSON(t, s)); got != want {
		t.Fatalf("AppendString(%q) = %s, encoding/json writes %s", s, got, want)
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"\\\x00", "\u2028\u2029", "\xff\xed\xa0\x80", "<&>", "日本😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkString(t, s) })
}

// TestWriter builds documents with the Writer and checks them against a
// literal and against encoding/json's encoding of the same value.
func TestWriter(t *testing.T) {
	type inner struct {
		B []int  `json:"b"`
		C string `json:"c"`
	}
	deep := func(n int) (func(*Writer), any) {
		return func(w *Writer) {
				for range n {
					w.BeginArray()
				}
				w.Int(n)
				for range n {
					w.EndArray()
				}
			}, func() any {
				var v any = n
				for range n {
					v = []any{v}
				}
				return v
			}()
	}
	deepWrite, deepValue := deep(30)
	tests := []struct {
		name  string
		write func(*Writer)
		value any    // encoded by encoding/json for comparison
		want  string // "" to compare with encoding/json only
	}{
		{
			name:  "empty object",
			write: func(w *Writer) { w.BeginObject(); w.EndObject() },
			value: struct{}{},
			want:  "{}\n",
		},
		{
			name:  "empty array",
			write: func(w *Writer) { w.BeginArray(); w.EndArray() },
			value: []int{},
			want:  "[]\n",
		},
		{
			name:  "top-level scalars",
			write: func(w *Writer) { w.String("a<b") },
			value: "a<b",
			want:  "\"a<b\"\n",
		},
		{
			name: "members and nesting",
			write: func(w *Writer) {
				w.BeginObject()
				w.IntMember("n", -42)
				w.StringMember("s", "x\u2028")
				w.Key("empty")
				w.BeginArray()
				w.EndArray()
				w.Key("list")
				w.BeginArray()
				w.Int(1)
				w.String("two")
				w.BeginObject()
				w.Key("b")
				w.BeginArray()
				w.Int(3)
				w.EndArray()
				w.StringMember("c", "")
				w.EndObject()
				w.BeginObject()
				w.EndObject()
				w.EndArray()
				w.EndObject()
			},
			value: struct {
				N     int    `json:"n"`
				S     string `json:"s"`
				Empty []int  `json:"empty"`
				List  []any  `json:"list"`
			}{-42, "x\u2028", []int{}, []any{1, "two", inner{[]int{3}, ""}, struct{}{}}},
			want: "{\n  \"n\": -42,\n  \"s\": \"x\\u2028\",\n  \"empty\": [],\n  \"list\": [\n    1,\n    \"two\",\n" +
				"    {\n      \"b\": [\n        3\n      ],\n      \"c\": \"\"\n    },\n    {}\n  ]\n}\n",
		},
		{
			name: "escaped keys",
			write: func(w *Writer) {
				w.BeginObject()
				w.EscapedKey("")
				w.BeginArray()
				w.EndArray()
				w.EscapedKey("a\"k\u2028<\xff")
				w.Int(1)
				w.EndObject()
			},
			value: map[string]any{"a\"k\u2028<\xff": 1, "": []int{}},
			want:  "{\n  \"\": [],\n  \"a\\\"k\\u2028<\\ufffd\": 1\n}\n",
		},
		{
			name: "Key writes the name as is",
			write: func(w *Writer) {
				w.BeginObject()
				w.Key("$schema")
				w.String("x")
				w.StringMember("ruleId", "r")
				w.IntMember("startLine", 3)
				w.EndObject()
			},
			value: struct {
				Schema string `json:"$schema"`
				RuleID string `json:"ruleId"`
				Line   int    `json:"startLine"`
			}{"x", "r", 3},
			want: "{\n  \"$schema\": \"x\",\n  \"ruleId\": \"r\",\n  \"startLine\": 3\n}\n",
		},
		{
			name:  "deeper than the indentation constant",
			write: deepWrite,
			value: deepValue,
		},
		{
			name: "Value at depth",
			write: func(w *Writer) {
				w.BeginObject()
				w.Key("x")
				w.BeginArray()
				w.Value(inner{[]int{1, 2}, "<&>"})
				w.Value(map[string]int{"z": 1, "a": 2})
				w.EndArray()
				w.EndObject()
			},
			value: map[string][]any{"x": {inner{[]int{1, 2}, "<&>"}, map[string]int{"z": 1, "a": 2}}},
			want: "{\n  \"x\": [\n    {\n      \"b\": [\n        1,\n        2\n      ],\n      \"c\": \"<&>\"\n    },\n" +
				"    {\n      \"a\": 2,\n      \"z\": 1\n    }\n  ]\n}\n",
		},
		{
			name:  "Value at the top level",
			write: func(w *Writer) { w.Value([]string{"a"}) },
			value: []string{"a"},
			want:  "[\n  \"a\"\n]\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			w := NewWriter(&buf)
			tt.write(w)
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if tt.want != "" && buf.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", buf.String(), tt.want)
			}
			if want := string(outputtest.EncodingJSON(t, tt.value)); buf.String() != want {
				t.Errorf("differs from encoding/json:\n%s\n---\n%s", buf.String(), want)
			}
		})
	}
}

// TestWriterSeveralDocuments checks that top-level values are each ended
// by a newline, as consecutive Encode calls write them.
func TestWriterSeveralDocuments(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.BeginObject()
	w.IntMember("a", 1)
	w.EndObject()
	w.Int(2)
	w.BeginArray()
	w.EndArray()
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"a\": 1\n}\n2\n[]\n"; buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

// countingWriter records the size of every Write and fails from the
// failAt'th on (never when failAt is 0).
type countingWriter struct {
	bytes.Buffer
	writes []int
	failAt int
}

var errDiskFull = errors.New("disk full")

func (c *countingWriter) Write(p []byte) (int, error) {
	c.writes = append(c.writes, len(p))
	if c.failAt > 0 && len(c.writes) >= c.failAt {
		return 0, errDiskFull
	}
	return c.Buffer.Write(p)
}

// bigDocument writes an array of n small objects.
func bigDocument(w *Writer, n int) {
	w.BeginArray()
	for i := range n {
		w.BeginObject()
		w.IntMember("i", i)
		w.StringMember("s", "some text to fill the buffer")
		w.EndObject()
	}
	w.EndArray()
}

func TestWriterChunks(t *testing.T) {
	const n = 20000
	var out countingWriter
	w := NewWriter(&out)
	bigDocument(w, n)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if len(out.writes) < 2 {
		t.Errorf("%d writes for %d bytes, want the output streamed in chunks", len(out.writes), out.Len())
	}
	for i, size := range out.writes {
		if size > flushSize+1024 {
			t.Errorf("write %d has %d bytes, want about %d at most", i, size, flushSize)
		}
	}
	var want strings.Builder
	want.WriteString("[")
	for i := range n {
		if i > 0 {
			want.WriteString(",")
		}
		want.WriteString("\n  {\n    \"i\": ")
		want.WriteString(strings.TrimSuffix(string(outputtest.EncodingJSON(t, i)), "\n"))
		want.WriteString(",\n    \"s\": \"some text to fill the buffer\"\n  }")
	}
	want.WriteString("\n]\n")
	if out.String() != want.String() {
		t.Error("chunked output differs from the document")
	}
}

func TestWriterError(t *testing.T) {
	out := countingWriter{failAt: 1}
	w := NewWriter(&out)
	bigDocument(w, 20000)
	if err := w.Flush(); !errors.Is(err, errDiskFull) {
		t.Errorf("Flush() = %v, want %v", err, errDiskFull)
	}
	if len(out.writes) != 1 {
		t.Errorf("%d writes, want none after the first error", len(out.writes))
	}
	if err := w.Flush(); !errors.Is(err, errDiskFull) {
		t.Errorf("second Flush() = %v, want the first error again", err)
	}
}

func TestValueError(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.BeginArray()
	w.Value(func() {})
	w.EndArray()
	var unsupported *json.UnsupportedTypeError
	if err := w.Flush(); !errors.As(err, &unsupported) {
		t.Errorf("Flush() = %v, want an *json.UnsupportedTypeError", err)
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %q after an encoding error", buf.String())
	}
}
