package frontendtest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// AddFiles adds the files matching the glob pattern to the seed corpus
// of a fuzz target taking one []byte.
func AddFiles(f *testing.F, pattern string) {
	f.Helper()
	files, _ := filepath.Glob(pattern)
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
}

// CheckFound fails t when what Find returned for src is inconsistent:
// a script without one host range and one literal index per byte of its
// text, a range or a literal outside the file, a literal index past its
// literals. A nil result is consistent. It is the check of the front
// ends' FuzzFind targets.
func CheckFound(t *testing.T, src []byte, found *frontend.Found) {
	t.Helper()
	if found == nil {
		return
	}
	for _, s := range found.Scripts {
		if len(s.Text) != len(s.From) || len(s.Text) != len(s.Lit) {
			t.Fatalf("text %d bytes, %d ranges, %d literal indexes", len(s.Text), len(s.From), len(s.Lit))
		}
		for _, sp := range s.From {
			if sp.Start < 0 || sp.End > len(src) || sp.End < sp.Start {
				t.Fatalf("range %v outside the file (%d bytes)", sp, len(src))
			}
		}
		for _, l := range s.Lit {
			if l < 0 || int(l) > len(s.Literals) {
				t.Fatalf("literal index %d of %d", l, len(s.Literals))
			}
		}
		for _, l := range s.Literals {
			if l.Span.Start < 0 || l.Span.End > len(src) || l.Span.End < l.Span.Start {
				t.Fatalf("literal %v outside the file (%d bytes)", l.Span, len(src))
			}
		}
	}
}

// FindOne returns the only script fe finds in src (read as the file
// path), and fails t unless there is exactly one.
func FindOne(t *testing.T, fe frontend.Frontend, path, src string) *frontend.Script {
	t.Helper()
	found, err := fe.Find(path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if found == nil || len(found.Scripts) != 1 {
		n := 0
		if found != nil {
			n = len(found.Scripts)
		}
		t.Fatalf("found %d scripts, want 1", n)
	}
	return found.Scripts[0]
}

// CheckByteMap finds the one script of src with fe (read as the file
// path) and fails t unless its text is text (when not ""), lua (a part
// of it) maps back to the host text host, and every byte of it has one
// host range and one literal index.
func CheckByteMap(t *testing.T, fe frontend.Frontend, path, src, lua, host, text string) {
	t.Helper()
	s := FindOne(t, fe, path, src)
	if text != "" && string(s.Text) != text {
		t.Fatalf("text %q, want %q", s.Text, text)
	}
	i := bytes.Index(s.Text, []byte(lua))
	if i < 0 {
		t.Fatalf("%q not in %q", lua, s.Text)
	}
	sp := s.MapSpan(i, i+len(lua))
	if got := src[sp.Start:sp.End]; got != host {
		t.Errorf("%q maps to %q, want %q", lua, got, host)
	}
	if len(s.From) != len(s.Text) || len(s.Lit) != len(s.Text) {
		t.Errorf("lengths %d %d %d", len(s.Text), len(s.From), len(s.Lit))
	}
}

// FirstByteHost returns the host text that produced the first Lua byte
// of the first occurrence of lua in the one script fe finds in src (read
// as the file path), and the script's text; it fails t unless there is
// one script, with one host range and one literal index per byte, and
// lua is in it.
func FirstByteHost(t *testing.T, fe frontend.Frontend, path, src, lua string) (host, text string) {
	t.Helper()
	s := FindOne(t, fe, path, src)
	if len(s.Text) != len(s.From) || len(s.Text) != len(s.Lit) {
		t.Fatalf("lengths differ: %d %d %d", len(s.Text), len(s.From), len(s.Lit))
	}
	i := bytes.Index(s.Text, []byte(lua))
	if i < 0 {
		t.Fatalf("%q not in script %q", lua, s.Text)
	}
	f := s.From[i]
	return src[f.Start:f.End], string(s.Text)
}
