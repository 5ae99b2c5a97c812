package frontend

import (
	"bytes"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Host-language suppression comments. A script embedded in a host file
// honours the directives inside its Lua (`-- redis-lua-lint: ignore R`),
// and host comments of the same form:
//
//	// redis-lua-lint: ignore RULE[,RULE...]       (the script below)
//	# redis-lua-lint: ignore-file RULE[,RULE...]   (every script of the file)
//
// An ignore alone on a comment line silences the rules for the script
// whose text starts on the next line, or whose call does; as a trailing
// comment, for the script starting on its own line. Any comment marker of
// the host languages counts: //, #, /*, *, --, and the directive must
// open the comment.

// hostDirective is one host comment directive.
type hostDirective struct {
	line  int // the line it applies to (0: the whole file)
	rules []string
}

// directives are the host directives of a file.
type directives []hostDirective

// hostDirectives finds the host comment directives of src.
func hostDirectives(src []byte, lines *luaast.LineIndex) directives {
	const prefix = "redis-lua-lint:"
	if !bytes.Contains(src, []byte(prefix)) {
		return nil
	}
	var out directives
	for off := 0; off < len(src); {
		i := bytes.Index(src[off:], []byte(prefix))
		if i < 0 {
			break
		}
		at := off + i
		off = at + len(prefix)
		lineStart := bytes.LastIndexByte(src[:at], '\n') + 1
		lineEnd := len(src)
		if j := bytes.IndexByte(src[at:], '\n'); j >= 0 {
			lineEnd = at + j
		}
		before := strings.TrimRight(string(src[lineStart:at]), " \t")
		marker := ""
		for _, m := range []string{"//", "#", "/*", "*", "--"} {
			if strings.HasSuffix(before, m) {
				marker = m
				break
			}
		}
		if marker == "" {
			continue
		}
		code := strings.TrimSpace(strings.TrimSuffix(before, marker))
		rest := string(src[off:lineEnd])
		rest = strings.TrimSuffix(strings.TrimSpace(rest), "*/")
		if k := strings.Index(rest, " --"); k >= 0 {
			rest = rest[:k] // a reason
		}
		fields := strings.Fields(strings.ReplaceAll(rest, ",", " "))
		if len(fields) < 2 {
			continue
		}
		line := lines.Position(luaast.Pos(at)).Line
		d := hostDirective{rules: fields[1:]}
		switch fields[0] {
		case "ignore-file":
			d.line = 0
		case "ignore":
			d.line = line
			if code == "" {
				d.line = line + 1
			}
		default:
			continue
		}
		out = append(out, d)
	}
	return out
}

// Silenced returns the rules that the host comment directives of src
// silence for a script whose host text, or call, starts at one of the
// offsets at: for front ends that do not go through Check (the Go
// packages, linted with their types).
func Silenced(src []byte, at ...int) map[string]bool {
	lines := luaast.NewLineIndex(src)
	ds := hostDirectives(src, lines)
	out := map[string]bool{}
	for _, pos := range at {
		for r := range ds.silencedAt(lines, pos) {
			out[r] = true
		}
	}
	return out
}

// silencedAt returns the rules the directives silence for a script or call
// starting at host offset pos.
func (ds directives) silencedAt(lines *luaast.LineIndex, pos int) map[string]bool {
	if len(ds) == 0 {
		return nil
	}
	line := lines.Position(luaast.Pos(pos)).Line
	out := map[string]bool{}
	for _, d := range ds {
		if d.line == 0 || d.line == line {
			for _, r := range d.rules {
				out[r] = true
			}
		}
	}
	return out
}

// silenced returns the rules the directives silence for the script s: at
// the start of its text, of its host expression, or of its call.
func (ds directives) silenced(lines *luaast.LineIndex, s *Script) map[string]bool {
	if len(ds) == 0 {
		return nil
	}
	out := ds.silencedAt(lines, s.Whole.Start)
	if len(s.Literals) > 0 {
		for r := range ds.silencedAt(lines, s.Literals[0].Span.Start) {
			out[r] = true
		}
	}
	if s.Call != nil {
		for r := range ds.silencedAt(lines, s.Call.Span.Start) {
			out[r] = true
		}
	}
	return out
}
