package frontend

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// IDs of the rules that only call sites make possible (their definitions
// live in package rules, with the Lua rules).
const (
	NumkeysMismatchRuleID      = "numkeys-mismatch"
	CrossSlotKeysRuleID        = "cross-slot-keys"
	ScriptBuiltAtRuntimeRuleID = "script-built-at-runtime"
)

// Check lints the scripts that fe finds in the host file src (at path)
// with eng: every enabled rule on each script (suppression comments inside
// the script, and host comments above it, honoured), then the call-site
// rules. Findings are mapped into the host file. ok is false when the
// file holds no script, nor a call passing one built at run time.
func Check(eng *lint.Engine, fe Frontend, path string, src []byte) (res lint.FileResult, ok bool) {
	if !fe.MayHold(src) {
		return lint.FileResult{}, false
	}
	found, err := fe.Find(path, src)
	res = lint.FileResult{Path: path, Src: src, Lines: luaast.NewLineIndex(src)}
	if err != nil {
		res.Err = fmt.Errorf("cannot read the %s file: %w", fe.Language(), err)
		return res, true
	}
	if found == nil {
		return lint.FileResult{}, false
	}
	overErr := found.Budget.Err(res.Lines)
	if len(found.Scripts) == 0 && len(found.Runtime) == 0 {
		if overErr != nil {
			res.Err = overErr
			return res, true
		}
		return lint.FileResult{}, false
	}
	c := &checker{eng: eng, path: path, src: src, lines: res.Lines, dirs: hostDirectives(src, res.Lines)}
	for _, s := range found.Scripts {
		if libraryPiece(s) {
			continue
		}
		c.lintScript(s)
	}
	for _, r := range found.Runtime {
		c.runtime(r, found.Scripts)
	}
	res.Diagnostics = analyzer.SortDiagnostics(dedupe(c.diags))
	res.Err = errors.Join(append(c.errs, overErr)...)
	return res, true
}

// libraryPiece reports whether s is a piece of a Functions library that
// the host assembles (a constant registering functions, with no #!lua
// line, that no call runs as it is): alone it is neither a library nor an
// EVAL script, and the library the host builds from it is linted where a
// call loads it.
func libraryPiece(s *Script) bool {
	return s.Call == nil && len(s.Calls) == 0 && bytes.Contains(s.Text, []byte("register_function")) &&
		!bytes.HasPrefix(bytes.TrimSpace(s.Text), []byte("#!"))
}

// checker holds the state of one Check.
type checker struct {
	eng   *lint.Engine
	path  string
	src   []byte
	lines *luaast.LineIndex
	dirs  directives
	diags []analyzer.Diagnostic
	errs  []error
}

// lintScript lints one script and runs the call-site rules on its call.
func (c *checker) lintScript(s *Script) {
	r, s, hostCode := Lint(c.eng, c.path, s)
	if r.Err != nil {
		pos := c.lines.Position(luaast.Pos(s.Whole.Start))
		c.errs = append(c.errs, fmt.Errorf("script at line %d: %w", pos.Line, r.Err))
	}
	silenced := c.dirs.silenced(c.lines, s)
	for _, d := range r.Diagnostics {
		if silenced[d.RuleID] || hostCode && NamesRule(d.RuleID) {
			continue
		}
		c.diags = append(c.diags, s.mapDiagnostic(d, c.lines))
	}
	for i, call := range append([]*CallSite{s.Call}, s.Calls...) {
		if call == nil || call.Library {
			continue
		}
		if i > 0 {
			// A later call's own line may hold a directive too.
			for r := range c.dirs.silencedAt(c.lines, call.Span.Start) {
				if silenced == nil {
					silenced = map[string]bool{}
				}
				silenced[r] = true
			}
		}
		c.numkeys(s, call, silenced)
		c.crossSlot(call, silenced)
	}
}

// Lint lints s with eng as a script of the host file path. Where a
// placeholder stands for statements (a host function that returns Lua
// code, a line separator between two statements) it does not parse as a
// name; as a call it does, as a statement and as a value alike. The
// syntax error is then at the placeholder, or just after it when the
// stand-in glued to the next word (`1 " + NEW_LINE + "if` reads as
// `1 __host_value__if`): s is linted again with each placeholder read as
// a call, and if that parses, hostCode says that the host fills in code,
// whose names the rules of NamesRule must not judge. linted is the
// script r is about: s, or the copy of it that was linted again.
func Lint(eng *lint.Engine, path string, s *Script) (r lint.FileResult, linted *Script, hostCode bool) {
	r = eng.CheckScript(path, s.Text, s.LintPlaceholders())
	if len(s.Placeholders) > 0 && hasSyntaxError(r) {
		if alt := s.withStandIn(callStandIn); alt != nil {
			if ar := eng.CheckScript(path, alt.Text, alt.LintPlaceholders()); !hasSyntaxError(ar) {
				return ar, alt, true
			}
		}
	}
	return r, s, false
}

// callStandIn is the text a placeholder is read as where it stands for
// code: a call, with a space on each side so that it cannot glue to the
// words around it.
const callStandIn = " " + analyzer.PlaceholderName + "() "

// Parses reports whether the text of s reads as Lua, its placeholders
// standing as names or, failing that, as calls: what tells a script from
// a string that mentions redis.call in prose.
func (s *Script) Parses() bool {
	if _, err := luaast.Parse("", s.Text); err == nil {
		return true
	}
	alt := s.withStandIn(callStandIn)
	if alt == nil {
		return false
	}
	_, err := luaast.Parse("", alt.Text)
	return err == nil
}

// LintPlaceholders returns the placeholders of s as the engine takes them.
func (s *Script) LintPlaceholders() []lint.Placeholder {
	phs := make([]lint.Placeholder, len(s.Placeholders))
	for i, p := range s.Placeholders {
		phs[i] = lint.Placeholder{Span: luaast.Span{Start: luaast.Pos(p.Lua.Start), End: luaast.Pos(p.Lua.End)}, Text: p.Text}
	}
	return phs
}

// withStandIn returns a copy of s whose placeholders stand as text
// instead of analyzer.PlaceholderName, or nil when s has none.
func (s *Script) withStandIn(text string) *Script {
	if len(s.Placeholders) == 0 || len(s.From) != len(s.Text) || len(s.Lit) != len(s.Text) {
		return nil
	}
	out := *s
	out.Text, out.From, out.Lit, out.Placeholders = nil, nil, nil, nil
	prev := 0
	for _, p := range s.Placeholders {
		if p.Lua.Start < prev || p.Lua.End > len(s.Text) {
			return nil
		}
		out.Text = append(out.Text, s.Text[prev:p.Lua.Start]...)
		out.From = append(out.From, s.From[prev:p.Lua.Start]...)
		out.Lit = append(out.Lit, s.Lit[prev:p.Lua.Start]...)
		start := len(out.Text)
		for i := range len(text) {
			out.Text = append(out.Text, text[i])
			out.From = append(out.From, p.Host)
			out.Lit = append(out.Lit, 0)
		}
		q := p
		q.Lua = Span{start, len(out.Text)}
		out.Placeholders = append(out.Placeholders, q)
		prev = p.Lua.End
	}
	out.Text = append(out.Text, s.Text[prev:]...)
	out.From = append(out.From, s.From[prev:]...)
	out.Lit = append(out.Lit, s.Lit[prev:]...)
	return &out
}

// NamesRule reports whether the rule judges the names a whole script
// declares and uses: where host code fills in statements, those may
// declare the names the rest uses (`'.$this->nowCode().'` defining
// `local now`), so these rules hold back, as on a fragment.
func NamesRule(id string) bool {
	return id == "undefined-global" || id == "unused-variable"
}

func hasSyntaxError(r lint.FileResult) bool {
	for _, d := range r.Diagnostics {
		if d.RuleID == analyzer.SyntaxErrorRuleID {
			return true
		}
	}
	return false
}

// setting returns the severity of a call-site rule for the file, and
// false when the rule is unknown to the engine or disabled.
func (c *checker) setting(id string) (sev analyzer.Severity, configured, ok bool) {
	for _, r := range c.eng.Rules {
		if r.ID != id {
			continue
		}
		s := c.eng.Config.Setting(r, c.path)
		if !s.Enabled {
			return 0, false, false
		}
		if s.Severity != 0 {
			return s.Severity, true, true
		}
		return lint.TestFileSeverity(id, c.path, r.Severity, 0), false, true
	}
	return 0, false, false
}

func (c *checker) report(id string, at Span, msg string, related ...analyzer.Related) {
	sev, _, ok := c.setting(id)
	if !ok {
		return
	}
	c.diags = append(c.diags, analyzer.Diagnostic{RuleID: id, Severity: sev, Message: msg, Span: hostSpan(at), Related: related})
}

// numkeys reports a script that reads a KEYS element beyond the count its
// call passes.
func (c *checker) numkeys(s *Script, call *CallSite, silenced map[string]bool) {
	n, at := call.NumKeys, call.NumKeysSpan
	passes := fmt.Sprintf("%s passes %s", call.API, plural(n, "key"))
	if n < 0 {
		if !call.KeysKnown {
			return
		}
		n, at = len(call.Keys), call.KeysSpan
		passes = fmt.Sprintf("%s passes %s", call.API, plural(n, "key"))
	}
	k := ReadKeys(c.path, s.Text)
	if !k.Known || k.Max <= n || silenced[NumkeysMismatchRuleID] {
		return
	}
	rel := s.mapSpan(int(k.MaxSpan.Start), int(k.MaxSpan.End))
	c.report(NumkeysMismatchRuleID, at,
		fmt.Sprintf("the script reads KEYS[%d] but %s: KEYS[%d] is nil in the script; pass every key the script reads", k.Max, passes, k.Max),
		analyzer.Related{Span: rel, Message: fmt.Sprintf("KEYS[%d] read here", k.Max)})
}

// crossSlot reports the first literal key whose slot differs from the
// first literal key's.
func (c *checker) crossSlot(call *CallSite, silenced map[string]bool) {
	if !call.KeysKnown || silenced[CrossSlotKeysRuleID] {
		return
	}
	var first *Key
	firstSlot := -1
	for i := range call.Keys {
		k := &call.Keys[i]
		if !k.Known {
			continue
		}
		slot := redisfacts.KeySlot(k.Value)
		if first == nil {
			first, firstSlot = k, slot
			continue
		}
		if slot == firstSlot {
			continue
		}
		c.report(CrossSlotKeysRuleID, k.Span,
			fmt.Sprintf("keys %s (slot %d) and %s (slot %d) hash to different cluster slots: a cluster rejects the call with CROSSSLOT; "+
				"give the keys a common {hash tag}", strconv.Quote(first.Value), firstSlot, strconv.Quote(k.Value), slot),
			analyzer.Related{Span: hostSpan(first.Span), Message: fmt.Sprintf("key %s (slot %d)", strconv.Quote(first.Value), firstSlot)})
		return
	}
}

// runtime reports a call passing a script built at run time.
func (c *checker) runtime(r Runtime, scripts []*Script) {
	if c.dirs.silencedAt(c.lines, r.Span.Start)[ScriptBuiltAtRuntimeRuleID] {
		return
	}
	sev, configured, ok := c.setting(ScriptBuiltAtRuntimeRuleID)
	if !ok {
		return
	}
	msg := fmt.Sprintf("the script passed to %s is built at run time (%s): every variant is a new script in the server's script cache; "+
		"keep the script constant and pass the values in ARGV", r.API, r.BuiltBy)
	if fieldsOnly(r, scripts) {
		// A field of the object (a key prefix the client was made with)
		// makes one variant per instance, most often one in all.
		msg += " (its run-time parts are fields of the object: one variant per instance)"
		if !configured {
			sev = analyzer.SeverityInfo
		}
	}
	c.diags = append(c.diags, analyzer.Diagnostic{RuleID: ScriptBuiltAtRuntimeRuleID, Severity: sev, Message: msg, Span: hostSpan(r.Span)})
}

// fieldsOnly reports whether every run-time part of the script the call r
// runs is a field of the object the code runs in: this.x, self.x,
// $this->x, @x (in the host syntax around it: ${...}, {...}, #{...}).
func fieldsOnly(r Runtime, scripts []*Script) bool {
	n := 0
	for _, s := range scripts {
		runs := false
		for _, call := range append([]*CallSite{s.Call}, s.Calls...) {
			if call != nil && call.Span.Start <= r.Span.Start && r.Span.End <= call.Span.End {
				runs = true
			}
		}
		if !runs {
			continue
		}
		for _, p := range s.Placeholders {
			if !objectField.MatchString(p.Text) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// objectField matches the host text of a run-time part that reads a field
// of the object: this.x / self.x / $this->x (maybe deeper), or a Ruby
// @x, bare or inside ${...}, #{...} or {...}.
var objectField = regexp.MustCompile(`^(?:\$\{|#\{|\{)?\s*(?:(?:this|self|\$this)\s*(?:\.|->|\?\.)\s*[A-Za-z_]\w*(?:\s*(?:\.|->|\?\.)\s*[A-Za-z_]\w*)*|@[A-Za-z_]\w*)\s*\}?$`)

func hostSpan(s Span) luaast.Span {
	return luaast.Span{Start: luaast.Pos(s.Start), End: luaast.Pos(s.End)}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// dedupe drops exact duplicates (a script a front end found twice).
func dedupe(diags []analyzer.Diagnostic) []analyzer.Diagnostic {
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i], diags[j]
		if a.Span != b.Span {
			if a.Span.Start != b.Span.Start {
				return a.Span.Start < b.Span.Start
			}
			return a.Span.End < b.Span.End
		}
		if a.RuleID != b.RuleID {
			return a.RuleID < b.RuleID
		}
		return a.Message < b.Message
	})
	out := diags[:0]
	for _, d := range diags {
		if n := len(out); n > 0 && out[n-1].Span == d.Span && out[n-1].RuleID == d.RuleID && out[n-1].Message == d.Message {
			continue
		}
		out = append(out, d)
	}
	return out
}
