package lsp

import (
	"bytes"
	"slices"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// directive is how suppression comments start (see lint/suppress.go).
const directive = "-- redis-lua-lint: ignore "

// maxIgnores bounds the ignore comments one code action request offers.
const maxIgnores = 32

// codeAction offers, for each finding in the range, its suggested fixes
// and a comment that silences its rule on its line.
func (s *Server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	actions := []protocol.CodeAction{}
	if len(p.Context.Only) > 0 && !slices.Contains(p.Context.Only, protocol.CodeActionKindQuickFix) {
		return actions, nil
	}
	c, _ := s.current(p.TextDocument.URI)
	if c == nil || !c.linted {
		return actions, nil
	}
	uri := p.TextDocument.URI
	start, end := c.lines.offset(p.Range.Start), c.lines.offset(p.Range.End)
	kind := protocol.CodeActionKindQuickFix
	// One ignore per rule and line (one comment silences every finding
	// of the rule there), for at most maxIgnores lines: each is checked
	// by parsing the edited text, and a request for a whole file of
	// findings must stay quick.
	type ruleLine struct {
		rule string
		line int
	}
	seen := map[ruleLine]bool{}
	var ignores []protocol.CodeAction
	for i := range c.result.Diagnostics {
		d := &c.result.Diagnostics[i]
		if int(d.Span.Start) > end || int(d.Span.End) < start {
			continue
		}
		pd := s.diagnostic(uri, c, d)
		for fi, f := range d.Fixes {
			edits := make([]protocol.TextEdit, 0, len(f.Edits))
			for _, e := range f.Edits {
				edits = append(edits, protocol.TextEdit{Range: c.lines.rangeOf(e.Span), NewText: e.NewText})
			}
			preferred := fi == 0
			actions = append(actions, protocol.CodeAction{
				Title: f.Message, Kind: &kind, Diagnostics: []protocol.Diagnostic{pd}, IsPreferred: &preferred,
				Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{uri: edits}},
			})
		}
		key := ruleLine{d.RuleID, c.lines.lineOf(int(d.Span.Start))}
		// The comment is Lua: a host file would need its front end's.
		if !c.lua || seen[key] || len(seen) >= maxIgnores {
			continue
		}
		seen[key] = true
		if e, ok := ignoreEdit(c.result.Src, c.lines, d); ok {
			ignores = append(ignores, protocol.CodeAction{
				Title: "Ignore " + d.RuleID + " on this line", Kind: &kind, Diagnostics: []protocol.Diagnostic{pd},
				Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{uri: {e}}},
			})
		}
	}
	actions = append(actions, ignores...)
	return actions, nil
}

// ignoreEdit returns the edit that silences d's rule on the line d
// starts on with a suppression comment: a rule added to an ignore
// comment already ending the line, else a trailing comment, else a
// comment alone on the line above (with the line's indentation). Each
// candidate is checked by parsing the edited text: it must still parse,
// and the comment must be an ignore directive that names the rule and
// applies to d's line (a comment appended inside a long string, or after
// a comment, is not). ok is false when no candidate passes, and for
// syntax-error, which only ignore-file silences.
func ignoreEdit(src []byte, lines *lineTable, d *analyzer.Diagnostic) (protocol.TextEdit, bool) {
	if d.RuleID == analyzer.SyntaxErrorRuleID {
		return protocol.TextEdit{}, false
	}
	orig, err := luaast.Parse("", src)
	if err != nil {
		return protocol.TextEdit{}, false
	}
	line := lines.lineOf(int(d.Span.Start))
	lineStart, lineEnd := lines.starts[line], lines.lineEnd(line)
	type candidate struct {
		at     int // insertion offset
		text   string
		before bool // inserted before the finding (its offset moves)
	}
	var cands []candidate
	luaLine := orig.Lines.Position(d.Span.Start).Line
	for _, dir := range lint.ParseDirectives(orig) {
		if dir.Kind == lint.DirectiveIgnore && dir.Malformed == "" && dir.Line == luaLine && len(dir.Rules) > 0 &&
			int(dir.Span.Start) > lineStart && int(dir.Span.End) <= lineEnd {
			cands = append(cands, candidate{at: int(dir.Rules[len(dir.Rules)-1].Span.End), text: "," + d.RuleID})
		}
	}
	code := bytes.TrimRight(src[lineStart:lineEnd], " \t")
	cands = append(cands, candidate{at: lineStart + len(code), text: " " + directive + d.RuleID})
	indent := lineStart
	for indent < lineEnd && (src[indent] == ' ' || src[indent] == '\t') {
		indent++
	}
	eol := "\n"
	if b := src[lineEnd:min(lineEnd+2, len(src))]; bytes.HasPrefix(b, []byte("\r\n")) {
		eol = "\r\n"
	} else if bytes.HasPrefix(b, []byte("\r")) {
		eol = "\r"
	}
	cands = append(cands, candidate{at: lineStart, text: string(src[lineStart:indent]) + directive + d.RuleID + eol, before: true})

	for _, c := range cands {
		edited := make([]byte, 0, len(src)+len(c.text))
		edited = append(append(append(edited, src[:c.at]...), c.text...), src[c.at:]...)
		f, err := luaast.Parse("", edited)
		if err != nil {
			continue
		}
		start := d.Span.Start
		if c.before {
			start += luaast.Pos(len(c.text))
		}
		want := f.Lines.Position(start).Line
		for _, dir := range lint.ParseDirectives(f) {
			if dir.Kind == lint.DirectiveIgnore && dir.Line == want && namesRule(dir, d.RuleID) {
				pos := lines.position(luaast.Pos(c.at))
				return protocol.TextEdit{Range: protocol.Range{Start: pos, End: pos}, NewText: c.text}, true
			}
		}
	}
	return protocol.TextEdit{}, false
}

// namesRule reports whether the directive names the rule.
func namesRule(d *lint.Directive, id string) bool {
	for _, r := range d.Rules {
		if r.ID == id {
			return true
		}
	}
	return false
}
