package lint

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Suppression directives are Lua comments of the form
//
//	-- redis-lua-lint: ignore RULE[,RULE...] [-- reason]
//	-- redis-lua-lint: ignore-file RULE[,RULE...] [-- reason]
//	-- redis-lua-lint: disable RULE[,RULE...] [-- reason]
//	-- redis-lua-lint: enable RULE[,RULE...]
//
// `ignore` as a trailing comment silences findings that start on its own
// line; alone on a line it silences the next line that holds code
// (comment-only lines in between, such as other directives, are skipped;
// a blank line ends the search). `disable` silences findings from its own
// line up to the line of a matching `enable` (exclusive), or to the end of
// the file. `ignore-file` silences a rule in the whole file. Rules must be
// named: there is no wildcard (like staticcheck), so a directive never
// hides findings of rules added later. The reason is optional and kept.
// syntax-error can only be silenced with ignore-file, because the rest of
// a file that does not parse is never analysed.

// directivePrefix starts every directive, after the comment's "--".
const directivePrefix = "redis-lua-lint:"

// DirectiveKind is the verb of a suppression directive.
type DirectiveKind int

// Directive verbs.
const (
	DirectiveIgnore DirectiveKind = iota + 1
	DirectiveIgnoreFile
	DirectiveDisable
	DirectiveEnable
)

// directiveVerbs are the verbs by kind, and directiveKind is the reverse
// lookup: an array and a switch rather than a map, whose literal would be
// built at the start of every run.
var directiveVerbs = [...]string{
	DirectiveIgnore:     "ignore",
	DirectiveIgnoreFile: "ignore-file",
	DirectiveDisable:    "disable",
	DirectiveEnable:     "enable",
}

// directiveKind returns the kind of the verb, and false for no verb.
func directiveKind(verb string) (DirectiveKind, bool) {
	switch verb {
	case "ignore":
		return DirectiveIgnore, true
	case "ignore-file":
		return DirectiveIgnoreFile, true
	case "disable":
		return DirectiveDisable, true
	case "enable":
		return DirectiveEnable, true
	}
	return 0, false
}

// String returns the verb as written.
func (k DirectiveKind) String() string {
	if k >= 0 && int(k) < len(directiveVerbs) && directiveVerbs[k] != "" {
		return directiveVerbs[k]
	}
	return fmt.Sprintf("DirectiveKind(%d)", int(k))
}

// DirectiveRule is one rule named by a directive.
type DirectiveRule struct {
	ID   string
	Span luaast.Span
}

// Directive is one parsed `-- redis-lua-lint:` comment.
type Directive struct {
	Kind  DirectiveKind
	Rules []DirectiveRule
	// Reason is the text after a second "--" (may be empty).
	Reason string
	// Span is the whole comment.
	Span luaast.Span
	// Line is the line the directive applies to: its own line for a
	// trailing ignore, disable and enable; the next code line for an
	// ignore alone on its line (0 when there is none).
	Line int
	// Malformed is non-empty when the comment starts like a directive but
	// cannot be read; the message says why.
	Malformed string
}

// ParseDirectives returns the directives among f's comments, in source
// order.
func ParseDirectives(f *luaast.File) []*Directive {
	var out []*Directive
	for _, c := range f.Comments {
		if d := parseDirective(f, c); d != nil {
			out = append(out, d)
		}
	}
	return out
}

func parseDirective(f *luaast.File, c *luaast.Comment) *Directive {
	if int(c.Span.End) > len(f.Src) || c.Span.Start < 0 {
		return nil
	}
	// Most comments are not directives: look for the prefix in the
	// source bytes before copying the comment into a string.
	at := bytes.Index(f.Src[c.Span.Start:c.Span.End], []byte(directivePrefix))
	if at < 0 {
		return nil
	}
	// "--- redis-lua-lint:" (a LuaDoc-style comment) counts too.
	text := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(c.Text), "-"))
	if text == "" || !strings.HasPrefix(text, directivePrefix) {
		return nil
	}
	raw := string(f.Src[c.Span.Start:c.Span.End])
	base := int(c.Span.Start) + at + len(directivePrefix)
	rest := raw[at+len(directivePrefix):]
	if c.Long {
		// Drop the closing long bracket.
		if i := strings.LastIndex(rest, "]"); i >= 0 {
			if j := strings.LastIndex(rest[:i], "]"); j >= 0 {
				rest = rest[:j]
			}
		}
	}
	d := &Directive{Span: c.Span}
	if i := strings.Index(rest, "--"); i >= 0 {
		d.Reason = strings.TrimSpace(rest[i+2:])
		rest = rest[:i]
	}
	// Verb.
	off := 0
	for off < len(rest) && directiveSpace(rest[off]) {
		off++
	}
	end := off
	for end < len(rest) && !directiveSpace(rest[end]) {
		end++
	}
	verb := rest[off:end]
	kind, ok := directiveKind(verb)
	if !ok {
		if verb == "" {
			d.Malformed = "directive without a verb: write ignore, ignore-file, disable or enable followed by rule IDs"
		} else {
			d.Malformed = fmt.Sprintf("unknown directive %q (%s)", verb, hintFor(verb, []string{"disable", "enable", "ignore", "ignore-file"}))
		}
		d.Line = f.Lines.Position(c.Span.Start).Line
		return d
	}
	d.Kind = kind
	// Rule IDs: separated by commas and/or spaces.
	i := end
	for i < len(rest) {
		for i < len(rest) && (directiveSpace(rest[i]) || rest[i] == ',') {
			i++
		}
		j := i
		for j < len(rest) && !directiveSpace(rest[j]) && rest[j] != ',' {
			j++
		}
		if j > i {
			d.Rules = append(d.Rules, DirectiveRule{ID: rest[i:j], Span: luaast.Span{Start: luaast.Pos(base + i), End: luaast.Pos(base + j)}})
		}
		i = j
	}
	if len(d.Rules) == 0 {
		d.Malformed = fmt.Sprintf("%s directive names no rule: write the rule IDs to silence (there is no wildcard)", verb)
	}
	startLine := f.Lines.Position(c.Span.Start).Line
	d.Line = startLine
	if kind == DirectiveIgnore && !hasCodeBefore(f.Src, f.Lines, c.Span.Start) {
		endLine := f.Lines.Position(c.Span.End).Line
		if hasCodeAfter(f.Src, f.Lines, c.Span.End) {
			// `--[[ redis-lua-lint: ignore x ]] code`: the code it prefixes.
			d.Line = endLine
		} else {
			d.Line = nextCodeLine(f, endLine)
		}
	}
	return d
}

func directiveSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '\f' || b == '\v'
}

// hasCodeBefore reports whether the line of p has non-blank text before p.
func hasCodeBefore(src []byte, li *luaast.LineIndex, p luaast.Pos) bool {
	start := li.LineStart(li.Position(p).Line)
	return strings.TrimSpace(string(src[start:p])) != ""
}

// hasCodeAfter reports whether the line of p has code after p (text other
// than blanks and a trailing comment).
func hasCodeAfter(src []byte, li *luaast.LineIndex, p luaast.Pos) bool {
	if int(p) >= len(src) {
		return false
	}
	line := li.Position(p).Line
	end := len(src)
	if line < li.LineCount() {
		end = int(li.LineStart(line + 1))
	}
	rest := strings.TrimSpace(string(src[p:end]))
	return rest != "" && !strings.HasPrefix(rest, "--")
}

// nextCodeLine returns the first line after line that holds something
// other than comments, skipping comment-only lines; 0 when a blank line or
// the end of the file comes first.
func nextCodeLine(f *luaast.File, line int) int {
	commentAt := func(p luaast.Pos) *luaast.Comment {
		i := sort.Search(len(f.Comments), func(i int) bool { return f.Comments[i].Span.End > p })
		if i < len(f.Comments) && f.Comments[i].Span.Start <= p {
			return f.Comments[i]
		}
		return nil
	}
	for l := line + 1; l <= f.Lines.LineCount(); l++ {
		start := f.Lines.LineStart(l)
		text := f.Lines.LineText(l)
		if strings.TrimSpace(text) == "" {
			return 0
		}
		// Walk the line: if every non-blank byte is inside a comment, the
		// line is comment-only.
		codeOnLine := false
		for k := 0; k < len(text); k++ {
			if directiveSpace(text[k]) {
				continue
			}
			p := start + luaast.Pos(k)
			if c := commentAt(p); c != nil {
				if int(c.Span.End-start) >= len(text) {
					break
				}
				k = int(c.Span.End-start) - 1
				continue
			}
			codeOnLine = true
			break
		}
		if codeOnLine {
			return l
		}
	}
	return 0
}

// SuppressOptions tells Suppress which rules exist and which are enabled
// for the file.
type SuppressOptions struct {
	// Known lists every rule ID a directive may name.
	Known []string
	// Enabled reports whether a rule is enabled for this file; a directive
	// for a disabled rule is never reported as unused.
	Enabled func(ruleID string) bool
	// ReportUnused is true when unused-suppression is enabled.
	ReportUnused bool
	// SilencedAlso maps a rule ID to the other rule IDs whose directives
	// also silence its findings (Rule.MovedFrom): findings that moved
	// from one rule to another stay silenced by the directives written
	// for them, and those directives stay used.
	SilencedAlso map[string][]string
	// Parsed is false for a file with syntax errors: only ignore-file
	// applies (to syntax-error) and nothing is reported as unused, since
	// the rules did not run.
	Parsed bool
}

// Suppress applies the directives in file's comments to diags: it returns
// the findings that stay and the unused-suppression findings (without
// severity; the caller applies the configured one). Positions are offsets
// into file.Src, so a script embedded in another file must be suppressed
// before its diagnostics are mapped.
func Suppress(file *luaast.File, diags []analyzer.Diagnostic, opts SuppressOptions) (kept, unused []analyzer.Diagnostic) {
	dirs := ParseDirectives(file)
	if len(dirs) == 0 {
		return diags, nil
	}
	known := map[string]bool{}
	for _, id := range opts.Known {
		known[id] = true
	}
	enabled := func(id string) bool { return opts.Enabled == nil || opts.Enabled(id) }

	type entry struct {
		dir      *Directive
		rule     DirectiveRule
		from, to int // line range, inclusive; to < 0 means end of file
		used     bool
		isFile   bool
		unusable string // why this entry can never apply
	}
	var entries []*entry
	var problems []analyzer.Diagnostic
	problem := func(span luaast.Span, format string, args ...any) {
		problems = append(problems, analyzer.Diagnostic{RuleID: analyzer.UnusedSuppressionRuleID, Span: span, Message: fmt.Sprintf(format, args...)})
	}
	open := map[string]*entry{} // disable regions without their enable yet
	for _, d := range dirs {
		if d.Malformed != "" {
			problem(d.Span, "%s", d.Malformed)
			continue
		}
		for _, r := range d.Rules {
			if !known[r.ID] {
				hint := hintFor(r.ID, opts.Known)
				if r.ID == "all" || strings.ContainsAny(r.ID, "*?") {
					hint = "name each rule: wildcards are not supported"
				}
				if hint != "" {
					hint = " (" + hint + ")"
				}
				problem(r.Span, "unknown rule %q in suppression%s", r.ID, hint)
				continue
			}
			e := &entry{dir: d, rule: r}
			switch d.Kind {
			case DirectiveIgnore:
				e.from, e.to = d.Line, d.Line
				if d.Line == 0 {
					e.unusable = "it is followed by a blank line or the end of the file, not by code"
				}
			case DirectiveIgnoreFile:
				e.isFile = true
			case DirectiveDisable:
				if prev := open[r.ID]; prev != nil {
					problem(r.Span, "%q is already disabled since line %d", r.ID, prev.from)
					continue
				}
				e.from, e.to = d.Line, -1
				open[r.ID] = e
			case DirectiveEnable:
				prev := open[r.ID]
				if prev == nil {
					problem(r.Span, "enable %q without a disable before it", r.ID)
					continue
				}
				prev.to = d.Line - 1
				delete(open, r.ID)
				continue // the region is the disable's entry
			}
			if r.ID == analyzer.SyntaxErrorRuleID && !e.isFile {
				e.unusable = "syntax-error can only be silenced with ignore-file"
			}
			entries = append(entries, e)
		}
	}

	covers := func(e *entry, line int) bool {
		if e.unusable != "" {
			return false
		}
		if e.isFile {
			return true
		}
		return line >= e.from && (e.to < 0 || line <= e.to)
	}
	filter := func(in []analyzer.Diagnostic, mark bool) []analyzer.Diagnostic {
		var out []analyzer.Diagnostic
		for _, dg := range in {
			line := file.Lines.Position(dg.Span.Start).Line
			silenced := false
			for _, e := range entries {
				if e.rule.ID != dg.RuleID && !slices.Contains(opts.SilencedAlso[dg.RuleID], e.rule.ID) || !covers(e, line) {
					continue
				}
				if !opts.Parsed && !e.isFile {
					continue
				}
				silenced = true
				if mark {
					e.used = true
				}
			}
			if !silenced {
				out = append(out, dg)
			}
		}
		return out
	}
	kept = filter(diags, true)
	if !opts.Parsed || !opts.ReportUnused {
		return kept, nil
	}
	for _, e := range entries {
		if e.used || e.rule.ID == analyzer.UnusedSuppressionRuleID || !enabled(e.rule.ID) {
			continue
		}
		switch {
		case e.unusable != "":
			problem(e.rule.Span, "suppression of %q has no effect: %s", e.rule.ID, e.unusable)
		case e.dir.Kind == DirectiveIgnoreFile:
			problem(e.rule.Span, "unused suppression: no %q finding in this file", e.rule.ID)
		case e.dir.Kind == DirectiveDisable:
			problem(e.rule.Span, "unused suppression: no %q finding in the disabled region", e.rule.ID)
		default:
			problem(e.rule.Span, "unused suppression: no %q finding on line %d", e.rule.ID, e.from)
		}
	}
	// Directives naming unused-suppression itself silence these reports.
	unused = filter(problems, false)
	return kept, unused
}
