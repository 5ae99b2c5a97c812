package goembed

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// IDs of the rules that only call sites make possible (their definitions
// live in package rules, with the Lua rules).
const (
	NumkeysMismatchRuleID      = frontend.NumkeysMismatchRuleID
	CrossSlotKeysRuleID        = frontend.CrossSlotKeysRuleID
	ScriptBuiltAtRuntimeRuleID = frontend.ScriptBuiltAtRuntimeRuleID
)

// Input is one type-checked Go package to search for scripts.
type Input struct {
	Fset  *token.FileSet
	Files []*ast.File
	// Info must hold Types, Defs, Uses and Selections.
	Info *types.Info
	// ReadFile returns the content of a Go file of the package; nil means
	// os.ReadFile. The content is needed because positions inside raw
	// strings count the carriage returns the Go scanner drops.
	ReadFile func(filename string) ([]byte, error)
	// Partial says that Info is incomplete: the package does not
	// type-check, or its files were checked without their imports. Calls
	// whose callee has no type are then recognised by name (see
	// classifyByName) and their scripts linted, without the call-site
	// rules (TypedRuleIDs); and the constants whose text calls a Redis
	// command are linted on their own (see scriptConstants).
	Partial bool

	srcs map[*token.File][]byte
	// defused are the constants too large to build that the files read
	// from their syntax had defused before type checking (see
	// defuseLargeConstants): the first of each file.
	defused map[*token.File]frontend.Span
}

// fileOf returns the content of the file holding pos and the position of
// its first byte.
func (in *Input) fileOf(pos token.Pos) ([]byte, token.Pos, bool) {
	tf := in.Fset.File(pos)
	if tf == nil {
		return nil, 0, false
	}
	if src, ok := in.srcs[tf]; ok {
		return src, token.Pos(tf.Base()), src != nil
	}
	read := in.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	src, err := read(tf.Name())
	if err != nil || len(src) != tf.Size() {
		src = nil
	}
	if in.srcs == nil {
		in.srcs = map[*token.File][]byte{}
	}
	in.srcs[tf] = src
	return src, token.Pos(tf.Base()), src != nil
}

// Diagnostic is a finding in Go code: a Lua rule's finding mapped into the
// string literal holding the script, or a call-site rule's finding.
type Diagnostic struct {
	RuleID   string
	Severity analyzer.Severity
	Message  string
	Pos, End token.Pos
	Related  []Related
	Fixes    []Fix
}

// Related is a secondary location of a Diagnostic.
type Related struct {
	Pos, End token.Pos
	Message  string
}

// Fix is a suggested fix: edits of the Go source that belong together.
type Fix struct {
	Message string
	Edits   []Edit
	// Safe is the Lua fix's analyzer.Fix.Safe.
	Safe bool
}

// Edit replaces the Go source [Pos, End) with NewText (already encoded for
// the literal it lands in).
type Edit struct {
	Pos, End token.Pos
	NewText  string
}

// Result is what Check found in a package.
type Result struct {
	// Diagnostics are sorted by position and free of duplicates (a
	// constant used by several calls is linted once per call).
	Diagnostics []Diagnostic
	// Files are the names of the Go files holding a checked call or the
	// text of a linted script, sorted.
	Files []string
	// Errs are internal errors of the engine on some script (with the
	// script's position), and positions that could not be mapped.
	Errs []error
	// Scripts is the number of scripts linted (a constant used by several
	// calls counts once).
	Scripts int
	// FileErrs are the files of which a part was not linted: a constant
	// larger than the file may assemble (see frontend.Budget).
	FileErrs []FileError
	// ByName is the number of calls recognised by name in a Partial
	// input whose call-site rules were skipped (all but redigo's
	// NewScript, whose keyCount is checked without types).
	ByName int
}

// site is one recognised call.
type site struct {
	call *ast.CallExpr
	api  apiCall
	// lua is the linted script of a call with a constant source.
	lua *luaSource
	// keys is what the script reads of KEYS (valid when lua != nil).
	keys frontend.KeysRead
	// byName marks a call recognised by its name, without types, whose
	// call-site rules are skipped.
	byName bool
	// named marks every call recognised by its name, redigo's NewScript
	// included (whose keyCount is checked without types): a source built
	// at run time is not reported for them (script-built-at-runtime needs
	// types).
	named bool
	// wrapper marks a call of a project's own scripting method (see
	// wrapperCall): neither the client's keys nor its contract are known.
	wrapper bool
}

// checker holds the state of one Check.
type checker struct {
	in    *Input
	eng   *lint.Engine
	ix    *index
	sites map[*ast.CallExpr]*site
	rules map[string]*analyzer.Rule
	res   Result
	files map[string]bool
	// linted are the scripts linted, by the Go range of their text.
	linted map[span]bool
	// tails are what follows the Script(src) calls of rueidis builder
	// chains.
	tails map[*ast.CallExpr]*builderTail
	// collect, when set, receives the scripts and call sites instead of
	// linting them (the Frontend of one file, see Find).
	collect *scriptCollector
}

// Check finds the Lua scripts the package passes to go-redis, redigo and
// rueidis, lints each with eng (every enabled rule, suppression comments
// inside the script included) and maps the findings into the Go source;
// then it runs the call-site rules (numkeys-mismatch, cross-slot-keys,
// script-built-at-runtime), honouring eng.Config for them too.
func Check(in *Input, eng *lint.Engine) *Result {
	c := newChecker(in, eng)
	c.run()
	return &c.res
}

// newChecker returns a checker of in with eng (nil when collecting).
func newChecker(in *Input, eng *lint.Engine) *checker {
	c := &checker{in: in, eng: eng, ix: newIndex(in), sites: map[*ast.CallExpr]*site{}, rules: map[string]*analyzer.Rule{},
		files: map[string]bool{}, linted: map[span]bool{}}
	if eng != nil {
		for _, r := range eng.Rules {
			c.rules[r.ID] = r
		}
	}
	return c
}

// run finds the calls and scripts of c.in, lints them (or collects them)
// and fills c.res.
func (c *checker) run() {
	in := c.in
	var order []*site
	c.tails = builderTails(in.Files)
	for _, f := range in.Files {
		var clients clientImports
		if in.Partial {
			clients = fileClients(f)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := calleeFunc(in.Info, call)
			api, ok := classify(fn)
			byName, named := false, false
			if !ok && fn == nil && in.Partial {
				api, ok = classifyByName(in.Info, clients, call, c.isSource)
				byName = ok
				named = ok
			}
			if !ok {
				// A call sending the command by its name: whatever the
				// callee, with types or without. Its numkeys needs no
				// types; a source built at run time needs them.
				if api, ok = commandCall(call, c.isSource); !ok {
					api, ok = builderCall(call, c.isSource)
				}
				named = ok && in.Partial
			}
			wrapper := false
			if !ok && fn == nil && in.Partial {
				// Without types a project's own scripting API looks like
				// a client's; with them, only the clients' own are.
				api, ok = wrapperCall(c.ix, call)
				wrapper = ok
			}
			if ok {
				// redigo's NewScript(keyCount, src) is a function of the
				// package the file imports: its keyCount needs no types.
				if byName && api.lib == redigo && api.kind == newScript {
					byName = false
				}
				s := &site{call: call, api: api, byName: byName, named: named, wrapper: wrapper}
				c.sites[call] = s
				order = append(order, s)
				if byName {
					c.res.ByName++
				}
			}
			return true
		})
	}
	// Sources first: run-time calls look up the script they run.
	for _, s := range order {
		if s.api.src >= 0 && s.api.src < len(s.call.Args) {
			c.lintSource(s)
		}
	}
	for _, s := range order {
		if !s.byName && !s.wrapper {
			c.checkKeys(s)
		}
	}
	if in.Partial {
		for _, sc := range scriptConstants(in.Info, in.Files, c.ix) {
			c.lintConstant(sc)
		}
		for _, lit := range libraryLiterals(in.Files) {
			c.lintLibrary(lit)
		}
	}
	c.res.FileErrs = c.ix.budgetErrors()
	c.res.Diagnostics = dedupe(c.res.Diagnostics)
	for name := range c.files {
		c.res.Files = append(c.res.Files, name)
	}
	sort.Strings(c.res.Files)
}

// isSource reports whether e is a script source whose text is known: a
// string constant, or a variable or template resolving to one.
func (c *checker) isSource(e ast.Expr) bool {
	return isStringConst(c.in.Info, e) || c.ix.resolveSource(e).lua != nil
}

// filename returns the name of the Go file holding pos.
func (c *checker) filename(pos token.Pos) string {
	return c.in.Fset.PositionFor(pos, false).Filename
}

// setting returns the configuration of a call-site rule for the file at
// pos; ok is false when the rule is unknown to the engine or disabled.
func (c *checker) setting(id string, pos token.Pos) (analyzer.Severity, bool) {
	r := c.rules[id]
	if r == nil {
		return 0, false
	}
	s := c.eng.Config.Setting(r, c.filename(pos))
	if !s.Enabled {
		return 0, false
	}
	if s.Severity != 0 {
		return s.Severity, true
	}
	return lint.TestFileSeverity(id, filepath.ToSlash(c.filename(pos)), r.Severity, 0), true
}

func (c *checker) report(d Diagnostic) {
	c.files[c.filename(d.Pos)] = true
	c.res.Diagnostics = append(c.res.Diagnostics, d)
}

// lintSource resolves the source of a call and lints it, or reports it as
// built at run time.
func (c *checker) lintSource(s *site) {
	arg := s.call.Args[s.api.src]
	c.files[c.filename(s.call.Pos())] = true
	src := c.ix.resolveSource(arg)
	// Functions libraries are replaced by name, so a library built at run
	// time does not fill the script cache: only EVAL scripts. A template
	// (fmt.Sprintf of a constant format) is built at run time and linted.
	if src.builtBy != "" && s.api.kind != loadLibrary && !s.named && !s.wrapper {
		if c.collect != nil {
			c.collect.runtime(s.api.name, arg, src.builtBy)
		} else if sev, ok := c.setting(ScriptBuiltAtRuntimeRuleID, arg.Pos()); ok {
			c.report(Diagnostic{
				RuleID:   ScriptBuiltAtRuntimeRuleID,
				Severity: sev,
				Pos:      arg.Pos(),
				End:      arg.End(),
				Message: fmt.Sprintf("the script passed to %s is built at run time (%s): every variant is a new script in the server's script cache; "+
					"keep the script constant and pass the values in ARGV", s.api.name, src.builtBy),
			})
		}
	}
	if src.lua == nil {
		return
	}
	s.lua = src.lua
	src.lua.setWhole(arg)
	for _, f := range src.lua.From {
		if p := token.Pos(f.Start); p.IsValid() {
			c.files[c.filename(p)] = true
			break
		}
	}
	path := c.filename(s.call.Pos())
	if c.collect != nil {
		c.collect.site = s
	}
	c.lintScript(path, src.lua, arg)
	if c.collect != nil {
		c.collect.site = nil
		return
	}
	s.keys = frontend.ReadKeys(path, src.lua.Text)
}

// lintScript lints the script ls, found at the Go expression at, as a
// script of the file path, and reports its findings.
func (c *checker) lintScript(path string, ls *luaSource, at ast.Expr) {
	key, ok := ls.origin()
	if !ok {
		key = span{at.Pos(), at.End()}
	}
	if !c.linted[key] {
		c.linted[key] = true
		c.res.Scripts++
	}
	if c.collect != nil {
		c.collect.script(ls, at)
		return
	}
	// A verb where a statement stands (a format filled in with Lua code)
	// is linted again as a call, as in frontend.Check.
	res, linted, hostCode := frontend.Lint(c.eng, path, &ls.Script)
	if linted != &ls.Script {
		ls = &luaSource{Script: *linted, raw: ls.raw, format: ls.format}
	}
	if res.Err != nil {
		p := c.in.Fset.Position(at.Pos())
		c.res.Errs = append(c.res.Errs, fmt.Errorf("script at %s: %w", p, res.Err))
	}
	silenced := c.hostSilenced(at)
	for _, d := range res.Diagnostics {
		// Code filled in by the host may declare the names the rest uses.
		if !silenced[d.RuleID] && !(hostCode && frontend.NamesRule(d.RuleID)) {
			c.report(c.mapDiagnostic(ls, d))
		}
	}
}

// hostSilenced returns the rules a Go comment directive above the
// expression at silences (see frontend.Silenced).
func (c *checker) hostSilenced(at ast.Expr) map[string]bool {
	src, base, ok := c.in.fileOf(at.Pos())
	if !ok || !bytes.Contains(src, []byte("redis-lua-lint:")) {
		return nil
	}
	return frontend.Silenced(src, int(at.Pos()-base))
}

// lintConstant lints a constant holding a script in a Partial input,
// unless a call linted it already.
func (c *checker) lintConstant(sc scriptConstant) {
	src := c.ix.resolveSource(sc.value)
	if src.lua == nil {
		return
	}
	src.lua.setWhole(sc.value)
	if o, ok := src.lua.origin(); ok && c.linted[o] {
		return
	}
	path := c.filename(sc.name.Pos())
	c.files[path] = true
	c.lintScript(path, src.lua, sc.value)
}

// lintLibrary lints a literal holding a Functions library in a Partial
// input, unless a call or a declaration linted it already. A library
// whose #!lua line holds a format verb (#!lua name=%s) is a template that
// fmt.Sprintf fills in: its verbs are placeholders.
func (c *checker) lintLibrary(lit *ast.BasicLit) {
	src := c.ix.resolveSource(lit)
	ls := src.lua
	if ls == nil {
		return
	}
	if o, ok := ls.origin(); !ok || c.linted[o] {
		return
	}
	text := bytes.TrimLeft(ls.Text, " \t\r\n")
	if line, _, _ := bytes.Cut(text, []byte("\n")); formatVerbIn.Match(line) {
		if ls = ls.formatted(); ls == nil {
			return
		}
	}
	ls.setWhole(lit)
	path := c.filename(lit.Pos())
	c.files[path] = true
	c.lintScript(path, ls, lit)
}

// formatVerbIn matches a fmt verb in a text (%% is not one).
var formatVerbIn = regexp.MustCompile(`(^|[^%])(%%)*%[+\-# 0]*(\[\d+\])?(\d+|\*)?(\.(\[\d+\])?(\d+|\*)?)?[a-zA-Z]`)

// mapDiagnostic maps a Lua finding into Go. A fix is kept only when every
// edit can be written in the Go literal it lands in.
func (c *checker) mapDiagnostic(ls *luaSource, d analyzer.Diagnostic) Diagnostic {
	sp := ls.mapSpan(int(d.Span.Start), int(d.Span.End))
	msg := frontend.HostLines(d.Message, ls.Text, func(off int) int {
		return c.in.Fset.Position(ls.mapSpan(off, off+1).pos).Line
	})
	out := Diagnostic{RuleID: d.RuleID, Severity: d.Severity, Message: msg, Pos: sp.pos, End: sp.end}
	for _, r := range d.Related {
		rs := ls.mapSpan(int(r.Span.Start), int(r.Span.End))
		out.Related = append(out.Related, Related{Pos: rs.pos, End: rs.end, Message: r.Message})
	}
fixes:
	for _, f := range d.Fixes {
		gf := Fix{Message: f.Message, Safe: f.Safe}
		for _, e := range f.Edits {
			es, lit, ok := ls.mapEdit(int(e.Span.Start), int(e.Span.End))
			if !ok {
				continue fixes
			}
			text, ok := ls.encode(e.NewText, lit)
			if !ok {
				continue fixes
			}
			gf.Edits = append(gf.Edits, Edit{Pos: es.pos, End: es.end, NewText: text})
		}
		if len(gf.Edits) > 0 {
			out.Fixes = append(out.Fixes, gf)
		}
	}
	return out
}

// checkKeys runs numkeys-mismatch and cross-slot-keys on a call that
// passes keys (or, for redigo's NewScript, declares their count).
func (c *checker) checkKeys(s *site) {
	call, api := s.call, s.api
	switch {
	case api.command || api.builder:
		c.commandKeys(s)
		return
	case api.lib == redigo && api.kind == newScript:
		// redigo: keyCount is the contract of every Do of the script.
		if s.lua == nil || len(call.Args) < 2 {
			return
		}
		if n, ok := c.intConst(call.Args[api.keyCount]); ok && n >= 0 {
			if c.collect != nil {
				c.collect.call(s, call, api.name, n, call.Args[api.keyCount], nil, nil)
				return
			}
			c.numkeys(s, n, call.Args[api.keyCount], fmt.Sprintf("NewScript declares keyCount %d", n))
		}
		return
	case api.kind != evalSource && api.kind != evalKeysOnly && api.kind != runScript:
		return
	}
	script := s
	if api.kind == runScript {
		script = c.scriptObject(recvOf(call), 0)
	}
	var keys []ast.Expr
	if api.variadicKeys {
		// redigo (*Script).Do(c, keysAndArgs...): the first keyCount
		// arguments are the keys.
		if script == nil || script.api.lib != redigo || call.Ellipsis.IsValid() || len(script.call.Args) < 2 {
			return
		}
		n, ok := c.intConst(script.call.Args[script.api.keyCount])
		if !ok || n < 0 || api.keys+n > len(call.Args) {
			return
		}
		keys = call.Args[api.keys : api.keys+n]
		if c.collect != nil {
			c.collect.call(script, call, api.name, -1, nil, keys, call)
			return
		}
	} else {
		if api.keys >= len(call.Args) {
			return
		}
		arg := call.Args[api.keys]
		list, ok := c.keyList(arg, 0)
		if !ok {
			return
		}
		keys = list
		if c.collect != nil {
			c.collect.call(script, call, api.name, -1, nil, keys, arg)
			return
		}
		if script != nil && script.lua != nil {
			c.numkeys(script, len(list), arg, fmt.Sprintf("this call passes %s", plural(len(list), "key")))
		}
	}
	c.crossSlot(keys)
}

// numkeys reports when the script reads a KEYS element beyond n.
func (c *checker) numkeys(script *site, n int, at ast.Expr, passes string) {
	k := script.keys
	if !k.Known || k.Max <= n {
		return
	}
	sev, ok := c.setting(NumkeysMismatchRuleID, at.Pos())
	if !ok {
		return
	}
	rs := script.lua.mapSpan(int(k.MaxSpan.Start), int(k.MaxSpan.End))
	c.report(Diagnostic{
		RuleID:   NumkeysMismatchRuleID,
		Severity: sev,
		Pos:      at.Pos(),
		End:      at.End(),
		Message: fmt.Sprintf("the script reads KEYS[%d] but %s: KEYS[%d] is nil in the script; pass every key the script reads",
			k.Max, passes, k.Max),
		Related: []Related{{Pos: rs.pos, End: rs.end, Message: fmt.Sprintf("KEYS[%d] read here", k.Max)}},
	})
}

// crossSlot reports the first constant key whose slot differs from the
// first constant key's.
func (c *checker) crossSlot(keys []ast.Expr) {
	var first ast.Expr
	var firstKey string
	firstSlot := -1
	for _, k := range keys {
		key, ok := c.stringConst(k)
		if !ok {
			continue
		}
		slot := redisfacts.KeySlot(key)
		if firstSlot < 0 {
			first, firstKey, firstSlot = k, key, slot
			continue
		}
		if slot == firstSlot {
			continue
		}
		sev, ok := c.setting(CrossSlotKeysRuleID, k.Pos())
		if !ok {
			return
		}
		c.report(Diagnostic{
			RuleID:   CrossSlotKeysRuleID,
			Severity: sev,
			Pos:      k.Pos(),
			End:      k.End(),
			Message: fmt.Sprintf("keys %s (slot %d) and %s (slot %d) hash to different cluster slots: a cluster rejects the call with CROSSSLOT; "+
				"give the keys a common {hash tag}", strconv.Quote(firstKey), firstSlot, strconv.Quote(key), slot),
			Related: []Related{{Pos: first.Pos(), End: first.End(), Message: fmt.Sprintf("key %s (slot %d)", strconv.Quote(firstKey), firstSlot)}},
		})
		return
	}
}

// scriptObject follows the receiver of a script method to the NewScript
// call that made it: the call itself, or a variable assigned once.
func (c *checker) scriptObject(e ast.Expr, depth int) *site {
	if e == nil || depth > maxDepth {
		return nil
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if call, ok := e.(*ast.CallExpr); ok {
		if s := c.sites[call]; s != nil && s.api.kind == newScript {
			return s
		}
		return nil
	}
	if v := c.ix.onlyValue(e); v != nil {
		return c.scriptObject(v, depth+1)
	}
	return nil
}

// recvOf returns the receiver expression of a method call, or nil.
func recvOf(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// keyList returns the elements of a keys slice whose length the code
// shows: a slice literal, nil, or a variable assigned once to one.
func (c *checker) keyList(e ast.Expr, depth int) ([]ast.Expr, bool) {
	if depth > maxDepth {
		return nil, false
	}
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.Ident:
		if _, ok := c.in.Info.Uses[x].(*types.Nil); ok {
			return nil, true
		}
	case *ast.CompositeLit:
		tv, ok := c.in.Info.Types[x]
		if !ok {
			return nil, false
		}
		if _, ok := tv.Type.Underlying().(*types.Slice); !ok {
			return nil, false
		}
		for _, el := range x.Elts {
			if _, ok := el.(*ast.KeyValueExpr); ok {
				return nil, false // indexed elements: the length is not the count
			}
		}
		return x.Elts, true
	}
	if v := c.ix.onlyValue(e); v != nil {
		return c.keyList(v, depth+1)
	}
	return nil, false
}

func (c *checker) stringConst(e ast.Expr) (string, bool) { return c.ix.stringVal(e) }

func (c *checker) intConst(e ast.Expr) (int, bool) {
	tv, ok := c.in.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	n, ok := constant.Int64Val(tv.Value)
	if !ok || n > math.MaxInt32 || n < math.MinInt32 {
		return 0, false
	}
	return int(n), true
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// dedupe sorts diags by position, rule and message and drops exact
// duplicates.
func dedupe(diags []Diagnostic) []Diagnostic {
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i], diags[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		if a.RuleID != b.RuleID {
			return a.RuleID < b.RuleID
		}
		if a.End != b.End {
			return a.End < b.End
		}
		return a.Message < b.Message
	})
	out := diags[:0]
	for _, d := range diags {
		if n := len(out); n > 0 && out[n-1].Pos == d.Pos && out[n-1].End == d.End && out[n-1].RuleID == d.RuleID && out[n-1].Message == d.Message {
			continue
		}
		out = append(out, d)
	}
	return out
}
