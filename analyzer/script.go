package analyzer

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// ScriptAnalysis classifies the file (EVAL script or Functions library),
// reads its shebang flags and finds the library's function registrations.
// It also holds the structural index (functions, calls, local bindings)
// the other shared analyses build on, so the tree is walked once.
var ScriptAnalysis = &Analysis{
	Name: "script",
	Doc:  "script kind, shebang flags, Functions registrations and the file's structural index",
	Run: func(pass *Pass) any {
		sc := scratchOf(pass, func(s *scratch) *scriptScratch { return &s.script })
		return newScriptInfo(pass.File, pass.Includes, sc)
	},
	slot: slotScript,
}

// scriptScratch is the memory of ScriptAnalysis's result and index, reused
// from file to file by a worker (see scratch.go).
type scriptScratch struct {
	info       ScriptInfo
	ix         index
	varID      mapBuf[*luaast.Variable, int32]
	funcPos    mapBuf[*luaast.FunctionExpr, int32]
	paths      mapBuf[pathKey, string]
	defVars    sliceBuf[*luaast.Variable]
	defs       sliceBuf[[]def]
	calls      sliceBuf[callRec]
	returns    sliceBuf[retRec]
	funcs      sliceBuf[*luaast.FunctionExpr]
	funcParent sliceBuf[int32]
	stmts      sliceBuf[luaast.Stmt]
	stmtPos    sliceBuf[luaast.Pos]
	stmtPrev   sliceBuf[int32]
	funcStmts  sliceBuf[stmtRange]
	globalRefs sliceBuf[GlobalRef]
	defSlab    recordPool[def]
	// defGrow holds the def lists of the locals with more than one def
	// (a local assigned after its declaration).
	defGrow arena[def]
	// The registrations' records, their lists (Registrations and
	// callbackOf's) and callbackOf.
	regs       recordPool[Registration]
	regLists   arena[*Registration]
	callbackOf mapBuf[*luaast.FunctionExpr, []*Registration]
}

// release readies sc for the next file.
func (sc *scriptScratch) release() {
	sc.info, sc.ix = ScriptInfo{}, index{}
	sc.varID.release()
	sc.funcPos.release()
	sc.paths.release()
	sc.defVars.release()
	sc.defs.release()
	sc.calls.release()
	sc.returns.release()
	sc.funcs.release()
	sc.funcParent.release()
	sc.stmts.release()
	sc.stmtPos.release()
	sc.stmtPrev.release()
	sc.funcStmts.release()
	sc.globalRefs.release()
	sc.defSlab.release()
	sc.defGrow.release()
	sc.regs.release()
	sc.regLists.release()
	sc.callbackOf.release()
}

// Script returns the ScriptAnalysis result for the pass's file.
func Script(pass *Pass) *ScriptInfo {
	r, ok := pass.ResultOf(ScriptAnalysis).(*ScriptInfo)
	if !ok {
		// Only a broken Run function could cause this: a programming error.
		panic("analyzer: ScriptAnalysis did not return a *ScriptInfo")
	}
	return r
}

// ScriptKind says how Redis runs a file.
type ScriptKind int

// Kinds of scripts.
const (
	// EvalScript is a script run by EVAL/EVALSHA: no shebang, or
	// "#!lua flags=...".
	EvalScript ScriptKind = iota
	// Library is a Functions library loaded by FUNCTION LOAD: its shebang
	// names the library ("#!lua name=mylib").
	Library
)

// String returns "eval script" or "library".
func (k ScriptKind) String() string {
	if k == Library {
		return "library"
	}
	return "eval script"
}

// Registration is one redis.register_function / server.register_function
// call at the top level of a library.
type Registration struct {
	// Call is the register_function call.
	Call *luaast.CallExpr
	// Named is true for the table form register_function{...}.
	Named bool
	// NameExpr is the function name argument (nil when missing); Name is
	// its value when NameKnown (a string literal or a local bound once to
	// one), as written.
	NameExpr  luaast.Expr
	Name      string
	NameKnown bool
	// CallbackExpr is the callback argument (nil when missing). Callback is
	// the function it denotes when resolvable: a function literal, a local
	// function, or a local bound once to a function literal.
	CallbackExpr luaast.Expr
	Callback     *luaast.FunctionExpr
	// FlagsExpr is the flags={...} value of the table form (nil when
	// absent). Flags are its string elements, lower-cased (Redis matches
	// them case-insensitively); FlagsKnown is false when an element is not
	// a string literal or FlagsExpr is not a table constructor.
	FlagsExpr  luaast.Expr
	Flags      []string
	FlagsKnown bool
	// DescriptionExpr is the description= value of the table form, or nil.
	DescriptionExpr luaast.Expr
	// UnknownFields are table-form fields whose key is none of
	// function_name, callback, flags, description (or not a string).
	UnknownFields []*luaast.TableField
	// Keys and Args are the callback's first and second parameters
	// (whatever their names); nil when the callback is unresolved or has
	// fewer parameters.
	Keys *luaast.Variable
	Args *luaast.Variable
}

// HasFlag reports whether the registration lists flag (case-insensitive).
func (r *Registration) HasFlag(flag string) bool {
	for _, f := range r.Flags {
		if strings.EqualFold(f, flag) {
			return true
		}
	}
	return false
}

// ScriptInfo is the result of ScriptAnalysis.
type ScriptInfo struct {
	// Kind is EvalScript or Library.
	Kind ScriptKind
	// EvalFlags are the flags of an EVAL script's "#!lua flags=a,b" line,
	// as written (Redis compares them case-sensitively); repeated flags=
	// options accumulate. Nil without a shebang or for a library.
	EvalFlags []string
	// LibraryName is the name= option of a library's shebang.
	LibraryName string
	// Registrations are the library's register_function calls made at load
	// time (outside any function body), in source order.
	Registrations []*Registration
	// Fragment is true when the file is a piece of a script assembled at
	// build time rather than a whole script (see fragment.go): it names
	// other files with include directives, or it only declares local
	// helpers for the scripts that include it. Names it does not declare
	// come from the assembled script.
	Fragment bool
	// Includes are the targets of the file's include directives, as
	// written ("includes/removeJob" for `--- @include "includes/removeJob"`).
	Includes []string
	// UndeclaredKeys names how the script says itself that it touches keys
	// it is not passed in KEYS, or is "" when it does not: Dragonfly's
	// "--!df flags=allow-undeclared-keys" line, or the "no-cluster" flag
	// of its "#!lua" line (Redis refuses to run it in a cluster, where an
	// undeclared key would be on another node).
	UndeclaredKeys string

	idx        *index
	callbackOf map[*luaast.FunctionExpr][]*Registration

	// Computed on first use by ReadOnly for helper functions.
	roMemo   []int8
	callOfFn map[*luaast.Ident]*luaast.CallExpr
	funcVar  map[*luaast.FunctionExpr]*luaast.Variable
}

// IsLibrary reports whether the file is a Functions library.
func (s *ScriptInfo) IsLibrary() bool { return s.Kind == Library }

// HasEvalFlag reports whether an EVAL script's shebang lists flag (exact,
// case-sensitive, as Redis compares).
func (s *ScriptInfo) HasEvalFlag(flag string) bool {
	for _, f := range s.EvalFlags {
		if f == flag {
			return true
		}
	}
	return false
}

// Functions returns every function of the file in source order, the main
// chunk first. The slice is shared: do not modify it.
func (s *ScriptInfo) Functions() []*luaast.FunctionExpr { return s.idx.funcs }

// EnclosingFunc returns the innermost function whose body contains n: the
// main chunk for top-level code. A *luaast.FunctionExpr (or the statement
// declaring it) is enclosed by the function it is written in, not by
// itself.
func (s *ScriptInfo) EnclosingFunc(n luaast.Node) *luaast.FunctionExpr {
	return s.idx.funcs[s.idx.enclosing(n.Pos())]
}

// ParentFunc returns the function that fn is written in, or nil for the
// main chunk.
func (s *ScriptInfo) ParentFunc(fn *luaast.FunctionExpr) *luaast.FunctionExpr {
	i := s.idx.funcIndex(fn)
	if i <= 0 {
		return nil
	}
	return s.idx.funcs[s.idx.funcParent[i]]
}

// IsLoadTime reports whether n runs while a library loads: n is in a
// library, outside every function body.
func (s *ScriptInfo) IsLoadTime(n luaast.Node) bool {
	return s.Kind == Library && s.idx.enclosing(n.Pos()) == 0
}

// CallbackFor returns the registration whose callback is n (a
// *luaast.FunctionExpr) or contains n, nearest first; nil when n is not in a
// registered callback. When one function is registered several times, the
// first registration is returned (see RegistrationsOf).
func (s *ScriptInfo) CallbackFor(n luaast.Node) *Registration {
	if regs := s.RegistrationsOf(n); len(regs) > 0 {
		return regs[0]
	}
	return nil
}

// RegistrationsOf returns every registration of the innermost registered
// callback that is n or contains n.
func (s *ScriptInfo) RegistrationsOf(n luaast.Node) []*Registration {
	if len(s.callbackOf) == 0 {
		return nil
	}
	if fn, ok := n.(*luaast.FunctionExpr); ok {
		if regs := s.callbackOf[fn]; regs != nil {
			return regs
		}
	}
	for i := s.idx.enclosing(n.Pos()); i > 0; i = int(s.idx.funcParent[i]) {
		if regs := s.callbackOf[s.idx.funcs[i]]; regs != nil {
			return regs
		}
	}
	return nil
}

// ReadOnly reports whether n runs in a context where writes are refused:
// an EVAL script whose shebang has flags=no-writes; in a library, code in a
// callback every registration of which has the no-writes flag (including
// functions nested in it), or in a helper function defined at the top level
// that is only ever called directly (never passed around as a value), each
// call being itself in such a context. Load-time code is not read-only.
func (s *ScriptInfo) ReadOnly(n luaast.Node) bool {
	if s.Kind == EvalScript {
		return s.HasEvalFlag("no-writes")
	}
	if fn, ok := n.(*luaast.FunctionExpr); ok {
		if i := s.idx.funcIndex(fn); i > 0 {
			return s.readOnlyFunc(i)
		}
	}
	return s.readOnlyFunc(s.idx.enclosing(n.Pos()))
}

// readOnlyFunc is ReadOnly for the body of function i.
func (s *ScriptInfo) readOnlyFunc(i int) bool {
	for ; i > 0; i = int(s.idx.funcParent[i]) {
		fn := s.idx.funcs[i]
		if regs := s.callbackOf[fn]; regs != nil {
			for _, r := range regs {
				if !r.HasFlag("no-writes") {
					return false
				}
			}
			return true
		}
		if s.idx.funcParent[i] == 0 {
			return s.readOnlyHelper(i)
		}
	}
	return false
}

// Memo states of readOnlyHelper.
const (
	roUnknown int8 = iota
	roInProgress
	roYes
	roNo
)

// buildHelperIndex builds, once, what ReadOnly and FuncVar read about
// helper functions: the call of each callee identifier and the local each
// function literal is bound to.
func (s *ScriptInfo) buildHelperIndex() {
	if s.roMemo != nil {
		return
	}
	s.roMemo = make([]int8, len(s.idx.funcs))
	s.callOfFn = make(map[*luaast.Ident]*luaast.CallExpr)
	for j := range s.idx.calls {
		if c, ok := s.idx.calls[j].call.(*luaast.CallExpr); ok {
			if id, ok := c.Fn.(*luaast.Ident); ok && id.Var != nil {
				s.callOfFn[id] = c
			}
		}
	}
	s.funcVar = make(map[*luaast.FunctionExpr]*luaast.Variable)
	for _, v := range s.idx.defVars {
		fn, _ := s.idx.boundOnce(v).(*luaast.FunctionExpr)
		if fn == nil {
			fn = s.idx.forwardFunc(v)
		}
		if fn != nil {
			s.funcVar[fn] = v
		}
	}
}

// FuncVar returns the local a function literal is bound to (local function
// f, local f = function, or a local declared first and assigned the
// function once), or nil.
func (s *ScriptInfo) FuncVar(fn *luaast.FunctionExpr) *luaast.Variable {
	if fn == nil {
		return nil
	}
	s.buildHelperIndex()
	return s.funcVar[fn]
}

// readOnlyHelper reports whether top-level function i is a helper whose
// every use is a direct call made in a read-only context.
func (s *ScriptInfo) readOnlyHelper(i int) bool {
	s.buildHelperIndex()
	switch s.roMemo[i] {
	case roYes:
		return true
	case roNo, roInProgress:
		// A recursive helper: its own calls do not make it read-only.
		return false
	}
	s.roMemo[i] = roInProgress
	result := false
	if v := s.funcVar[s.idx.funcs[i]]; v != nil {
		result = true
		calls := 0
		for _, ref := range v.Refs {
			if ref == v.Decl || isWrite(v, ref) {
				continue
			}
			c := s.callOfFn[ref]
			if c == nil || !s.ReadOnly(c) {
				result = false
				break
			}
			calls++
		}
		result = result && calls > 0
	}
	if result {
		s.roMemo[i] = roYes
	} else {
		s.roMemo[i] = roNo
	}
	return result
}

func isWrite(v *luaast.Variable, id *luaast.Ident) bool {
	for _, w := range v.Writes {
		if w == id {
			return true
		}
	}
	return false
}

// IsCallbackParam reports whether v is the keys (first) or args (second)
// parameter of a registered callback, and which.
func (s *ScriptInfo) IsCallbackParam(v *luaast.Variable) (keys, args bool) {
	if v == nil || v.Kind != luaast.VarParam {
		return false, false
	}
	// Only the registrations of v's own function can name it: looking
	// them up keeps a query constant in a library of many registrations.
	for _, r := range s.callbackOf[v.Func] {
		if r.Keys == v {
			keys = true
		}
		if r.Args == v {
			args = true
		}
	}
	return keys, args
}

// BoundOnce returns the expression a local is bound to when it is declared
// with exactly one value and never assigned again (for a local function,
// its body); nil otherwise.
func (s *ScriptInfo) BoundOnce(v *luaast.Variable) luaast.Expr { return s.idx.boundOnce(v) }

// EachCall calls f for every call of the file (*luaast.CallExpr and
// *luaast.MethodCallExpr), in tree order (an outer call before the calls
// in its arguments), with the function the call is written in (what
// EnclosingFunc returns for it): the list the index already holds, where
// a walk of the file's inspector would visit most of the tree.
func (s *ScriptInfo) EachCall(f func(call luaast.Expr, fn *luaast.FunctionExpr)) {
	for i := range s.idx.calls {
		c := &s.idx.calls[i]
		f(c.call, s.idx.funcs[c.fn])
	}
}

// EachReturn calls f for every return statement of the file, in tree
// order, with the function it returns from (what EnclosingFunc returns for
// it): the list the index already holds, where a walk of the file's
// inspector for them would visit most of the tree.
func (s *ScriptInfo) EachReturn(f func(ret *luaast.ReturnStmt, fn *luaast.FunctionExpr)) {
	for i := range s.idx.returns {
		r := &s.idx.returns[i]
		f(r.stmt, s.idx.funcs[r.fn])
	}
}

// LocalDecl returns the *luaast.LocalStmt or *luaast.LocalFunctionStmt
// declaring the local v (nil for other variables, and for a local
// function statement without a body). It is what the inspector gives as
// the parent of v.Decl, found by v's index entry rather than by a search
// of the tree.
func (s *ScriptInfo) LocalDecl(v *luaast.Variable) luaast.Stmt {
	// A local's first def is its declaration: the walk records a local
	// statement's names after its values, which cannot see them, and a
	// local function before its body.
	ds := s.idx.defsOf(v)
	if len(ds) == 0 || !ds[0].decl {
		return nil
	}
	switch st := ds[0].stmt.(type) {
	case *luaast.LocalStmt:
		return st
	case *luaast.LocalFunctionStmt:
		return st
	}
	return nil
}

// GlobalRef is a reference to a global name, with the nodes around it.
type GlobalRef struct {
	// ID is the reference.
	ID *luaast.Ident
	// Parent is ID's parent node, as luaast.Inspector gives it: an
	// expression, a statement, a *luaast.IfClause (its condition), a
	// *luaast.TableField or a *luaast.FuncName (the root of a function
	// statement's name).
	Parent luaast.Node
	// Grand is Parent's parent when Parent is a *luaast.FieldExpr,
	// *luaast.IndexExpr or *luaast.FuncName; nil otherwise.
	Grand luaast.Node
}

// GlobalRefs returns every reference to a global in the file's tree, in
// tree order (which is source order), with its parent: what a rule
// classifying the uses of globals would otherwise ask the inspector for,
// one search of the tree per reference, recorded by the walk that builds
// the index. The slice is shared: do not modify it.
func (s *ScriptInfo) GlobalRefs() []GlobalRef { return s.idx.globalRefs }

// GlobalPath returns the dotted global name an expression denotes, following
// locals bound once ("local r = redis" then r.call → "redis.call";
// redis["call"] → "redis.call"), or "" when e is not such a name. A local
// that shadows a global (local redis = {...}) never resolves.
func (s *ScriptInfo) GlobalPath(e luaast.Expr) string { return s.idx.globalPath(e, 0) }

func newScriptInfo(f *luaast.File, includes []*regexp.Regexp, sc *scriptScratch) *ScriptInfo {
	s := &sc.info
	*s = ScriptInfo{idx: buildIndex(f, sc)}
	if sb := f.Shebang; sb != nil {
		var name string
		var hasName bool
		var flags []string
		for _, o := range sb.Options {
			switch {
			case strings.EqualFold(o.Key, "name") && o.HasValue:
				if !hasName {
					name, hasName = o.Value, true
				}
			case o.Key == "flags" && o.HasValue:
				for _, fl := range strings.Split(o.Value, ",") {
					if fl != "" {
						flags = append(flags, fl)
					}
				}
			}
		}
		if hasName && strings.EqualFold(sb.Engine, "lua") {
			s.Kind = Library
			s.LibraryName = name
		} else {
			s.EvalFlags = flags
		}
	}
	if s.Kind == Library {
		s.findRegistrations()
	}
	s.Includes = includeDirectives(f, includes)
	s.UndeclaredKeys = undeclaredKeysDeclaration(f, s)
	s.Fragment = len(s.Includes) > 0 || (s.Kind == EvalScript && onlyDeclaresLocals(f))
	return s
}

func (s *ScriptInfo) findRegistrations() {
	for i := range s.idx.calls {
		c := &s.idx.calls[i]
		if c.fn != 0 {
			continue
		}
		call, ok := c.call.(*luaast.CallExpr)
		if !ok {
			continue
		}
		switch s.idx.globalPath(call.Fn, 0) {
		case "redis.register_function", "server.register_function":
		default:
			continue
		}
		// (The records and lists in the worker's memory: a library file
		// has several, each of them fresh memory otherwise.)
		sc := s.idx.sc
		r := sc.regs.take()
		r.Call = call
		if len(call.Args) == 1 {
			if t, ok := s.idx.resolveTable(call.Args[0]); ok {
				r.Named = true
				s.readNamedArgs(r, t)
			}
		}
		if !r.Named {
			if len(call.Args) > 0 {
				r.NameExpr = call.Args[0]
			}
			if len(call.Args) > 1 {
				r.CallbackExpr = call.Args[1]
			}
		}
		if r.NameExpr != nil {
			r.Name, r.NameKnown = s.idx.constString(r.NameExpr)
		}
		if r.CallbackExpr != nil {
			r.Callback = s.idx.resolveFunc(r.CallbackExpr)
		}
		if fn := r.Callback; fn != nil {
			if len(fn.Params) > 0 {
				r.Keys = fn.Params[0].Var
			}
			if len(fn.Params) > 1 {
				r.Args = fn.Params[1].Var
			}
			if s.callbackOf == nil {
				s.callbackOf = sc.callbackOf.get(8)
			}
			s.callbackOf[fn] = append(sc.regLists.grow(s.callbackOf[fn]), r)
		}
		s.Registrations = append(sc.regLists.grow(s.Registrations), r)
	}
}

func (s *ScriptInfo) readNamedArgs(r *Registration, t *luaast.TableExpr) {
	for _, fld := range t.Fields {
		var key string
		switch fld.Kind {
		case luaast.FieldNamed:
			key = fld.Name.Name
		case luaast.FieldBracketed:
			k, ok := s.idx.constString(fld.Key)
			if !ok {
				r.UnknownFields = append(r.UnknownFields, fld)
				continue
			}
			key = k
		default:
			r.UnknownFields = append(r.UnknownFields, fld)
			continue
		}
		switch strings.ToLower(key) {
		case "function_name":
			r.NameExpr = fld.Value
		case "callback":
			r.CallbackExpr = fld.Value
		case "description":
			r.DescriptionExpr = fld.Value
		case "flags":
			r.FlagsExpr = fld.Value
			r.FlagsKnown = false
			r.Flags = nil
			if ft, ok := s.idx.resolveTable(fld.Value); ok {
				r.FlagsKnown = true
				for _, ff := range ft.Fields {
					v, ok := s.idx.constString(ff.Value)
					if ff.Kind != luaast.FieldPositional || !ok {
						r.FlagsKnown = false
						continue
					}
					r.Flags = append(r.Flags, strings.ToLower(v))
				}
			}
		default:
			r.UnknownFields = append(r.UnknownFields, fld)
		}
	}
}

// ---------------------------------------------------------------------------
// Structural index: one walk over the tree shared by every analysis.

// callRec is one call expression with where it is.
type callRec struct {
	call luaast.Expr // *CallExpr or *MethodCallExpr
	fn   int32       // index into index.funcs
	// si is stmt's index in index.stmts (-1 when stmt is nil): FlowInfo
	// finds the statement's node by it without a search.
	si   int32
	stmt luaast.Stmt // innermost statement of fn that evaluates the call
}

// retRec is one return statement with the function it returns from.
type retRec struct {
	stmt *luaast.ReturnStmt
	fn   int32 // index into index.funcs
}

// defKind says where a local's value comes from in a def.
type defKind uint8

const (
	defExprList defKind = iota // value i of exprs (local/assignment)
	defLocalFunc
	defForNum
	defForIn
)

// def is one place a local variable receives a value. It is kept small
// (a file has one per local, often more): what it gives is read from its
// statement (see exprs, fn, forIn).
type def struct {
	// stmt is the statement giving the value.
	stmt luaast.Stmt
	// i is the position of the value in the statement's expression list
	// (defExprList) or of the name in the loop's names (defForIn).
	i int32
	// inFn is the index of the function stmt is written in.
	inFn int32
	kind defKind
	decl bool // the declaring statement (not an assignment)
}

// exprs returns the expression list of a defExprList def's local or
// assignment statement.
func (d *def) exprs() []luaast.Expr {
	switch s := d.stmt.(type) {
	case *luaast.LocalStmt:
		return s.Exprs
	case *luaast.AssignStmt:
		return s.Exprs
	}
	return nil
}

// fn returns the function of a defLocalFunc def.
func (d *def) fn() *luaast.FunctionExpr {
	switch s := d.stmt.(type) {
	case *luaast.LocalFunctionStmt:
		return s.Func
	case *luaast.FunctionStmt:
		return s.Func
	}
	return nil
}

// forIn returns the loop of a defForIn def.
func (d *def) forIn() *luaast.GenericForStmt {
	s, _ := d.stmt.(*luaast.GenericForStmt)
	return s
}

type index struct {
	file       *luaast.File
	funcs      []*luaast.FunctionExpr // source order, Main first
	funcParent []int32                // index of the enclosing function; -1 for Main
	calls      []callRec              // every call, in source (pre-)order
	returns    []retRec               // every return statement, in tree order
	// The locals given a value somewhere are numbered densely, in the
	// order of their first def, so that per-local state is a slice
	// indexed by ID rather than a map keyed by pointer: varID maps a local
	// to its ID, defVars an ID to its local, defs an ID to its defs.
	varID   map[*luaast.Variable]int32
	defVars []*luaast.Variable
	defs    [][]def
	// globalFuncs maps a global name to the bodies of "function name()"
	// statements that define it.
	globalFuncs map[string][]*luaast.FunctionExpr
	funcPos     map[*luaast.FunctionExpr]int32
	paths       map[pathKey]string // interned dotted names
	nstmts      int                // number of statements, to size maps
	// stmts are the file's statements in tree (pre)order, which is source
	// order: a statement's index in it numbers it densely, so that
	// per-statement state (FlowInfo's nodes) is a slice rather than a map
	// keyed by an interface (hashing one costs several times what finding
	// the index costs). Who meets the statements in tree order takes each
	// index as the next one (see cfgBuilder.claim); others search stmtPos,
	// their start offsets (built on first use), by stmtIndex. stmtIdx
	// replaces the search when the offsets are out of order (a tree not
	// built by Parse; never seen).
	stmts   []luaast.Stmt
	stmtPos []luaast.Pos
	stmtIdx map[luaast.Stmt]int32
	// stmtPrev[i] is the index of the statement before stmts[i] in its
	// block, -1 for a block's first.
	stmtPrev []int32
	// funcStmts[i] is the range of stmts that function i's body spans:
	// its own statements and those of the functions nested in it.
	funcStmts []stmtRange
	// globalRefs are the references to globals, in tree order.
	globalRefs []GlobalRef
	sc         *scriptScratch // the memory of the index
}

func buildIndex(f *luaast.File, sc *scriptScratch) *index {
	// Sizing from the source length avoids most regrowing: a local and a
	// call per 40 bytes or so, a function per 300, are typical of scripts.
	n := len(f.Src)/40 + 8
	nf := len(f.Src)/300 + 4
	ix := &sc.ix
	*ix = index{file: f, sc: sc, varID: sc.varID.get(n),
		defVars: sc.defVars.get(n), defs: sc.defs.get(n),
		calls: sc.calls.get(n), returns: sc.returns.get(nf), funcs: sc.funcs.get(nf),
		funcParent: sc.funcParent.get(nf), stmts: sc.stmts.get(n), stmtPrev: sc.stmtPrev.get(n),
		funcStmts: sc.funcStmts.get(nf), globalRefs: sc.globalRefs.get(n)}
	defer func() {
		sc.defVars.keep(ix.defVars)
		sc.defs.keep(ix.defs)
		sc.calls.keep(ix.calls)
		sc.returns.keep(ix.returns)
		sc.funcs.keep(ix.funcs)
		sc.funcParent.keep(ix.funcParent)
		sc.stmts.keep(ix.stmts)
		sc.stmtPrev.keep(ix.stmtPrev)
		sc.funcStmts.keep(ix.funcStmts)
		sc.globalRefs.keep(ix.globalRefs)
	}()
	main := f.Main
	if main == nil {
		main = &luaast.FunctionExpr{Body: f.Block, Parent: nil}
		if main.Body == nil {
			main.Body = &luaast.Block{}
		}
	}
	ix.funcs = append(ix.funcs, main)
	ix.funcParent = append(ix.funcParent, -1)
	ix.funcStmts = append(ix.funcStmts, stmtRange{})
	if main.Body != nil {
		w := walker{ix: ix, fn: 0, si: -1}
		w.block(main.Body)
	}
	ix.funcStmts[0].end = int32(len(ix.stmts))
	return ix
}

// stmtRange is a range [first, end) of index.stmts.
type stmtRange struct{ first, end int32 }

// indexStmtPos fills stmtPos, or stmtIdx when the offsets are out of
// order.
func (ix *index) indexStmtPos() {
	pos := ix.sc.stmtPos.get(len(ix.stmts))
	for _, s := range ix.stmts {
		pos = append(pos, s.Pos())
	}
	ix.stmtPos = *ix.sc.stmtPos.keep(pos)
	for i := 1; i < len(pos); i++ {
		if pos[i] < pos[i-1] {
			ix.stmtIdx = make(map[luaast.Stmt]int32, len(ix.stmts))
			for j, s := range ix.stmts {
				ix.stmtIdx[s] = int32(j)
			}
			return
		}
	}
}

// stmtIndex returns the index of s in ix.stmts, or -1 when s is not a
// statement of the file. TestStmtIndexOracle checks it against a map.
func (ix *index) stmtIndex(s luaast.Stmt) int32 {
	if s == nil {
		return -1
	}
	if ix.stmtPos == nil && len(ix.stmts) > 0 {
		ix.indexStmtPos()
	}
	if ix.stmtIdx != nil {
		if i, ok := ix.stmtIdx[s]; ok {
			return i
		}
		return -1
	}
	p := s.Pos()
	pos := ix.stmtPos
	lo, hi := 0, len(pos)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if pos[m] < p {
			lo = m + 1
		} else {
			hi = m
		}
	}
	// Statements do not share offsets in a parsed tree, but a scan of the
	// equal ones costs nothing when they do not.
	for ; lo < len(pos) && pos[lo] == p; lo++ {
		if ix.stmts[lo] == s {
			return int32(lo)
		}
	}
	return -1
}

// stmtAtPos is stmtAt(ix.funcs[fi], pos) for fi = ix.enclosing(pos),
// with the statement's index in stmts (-1 when not known).
//
// Most reads are in a statement with no nested statement before them: the
// last statement of fi's range starting at or before pos contains pos,
// and no statement nested in it starts that early, so it is the innermost
// (fi being the innermost function holding pos, no nested function's
// statement holds pos). One search of the offsets finds it, index
// included, instead of a search per nesting level through the tree and
// another for the index. Otherwise (a read in an elseif condition or an
// until test, after a nested block) stmtAt walks the tree.
// TestStmtAtPosMatchesStmtAt checks it against stmtAt.
func (ix *index) stmtAtPos(fi int, pos luaast.Pos) (luaast.Stmt, int32) {
	if ix.stmtPos == nil && len(ix.stmts) > 0 {
		ix.indexStmtPos()
	}
	if ix.stmtIdx == nil && fi < len(ix.funcStmts) {
		r := ix.funcStmts[fi]
		offs := ix.stmtPos[r.first:r.end]
		lo, hi := 0, len(offs)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if offs[m] <= pos {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo > 0 {
			k := r.first + int32(lo-1)
			if s := ix.stmts[k]; pos < s.End() {
				return s, k
			}
		}
	}
	return stmtAt(ix.funcs[fi], pos), -1
}

// funcIndex returns fn's index in funcs, or -1.
func (ix *index) funcIndex(fn *luaast.FunctionExpr) int {
	if fn == ix.funcs[0] {
		return 0
	}
	if ix.funcPos == nil {
		ix.funcPos = ix.sc.funcPos.get(len(ix.funcs))
		for i, f := range ix.funcs {
			ix.funcPos[f] = int32(i)
		}
	}
	if i, ok := ix.funcPos[fn]; ok {
		return int(i)
	}
	return -1
}

// enclosing returns the index of the innermost function whose body contains
// pos (strictly after its "function" keyword).
func (ix *index) enclosing(pos luaast.Pos) int {
	// funcs[1:] are sorted by position and properly nested, so the last one
	// starting before pos contains it or has an ancestor that does.
	fs := ix.funcs[1:]
	i := sort.Search(len(fs), func(i int) bool { return fs[i].Function >= pos }) // first not before
	j := i                                                                       // index into funcs of candidate is i (fs[i-1] == funcs[i])
	for j > 0 {
		f := ix.funcs[j]
		if f.Function < pos && pos < f.End() {
			return j
		}
		j = int(ix.funcParent[j])
	}
	return 0
}

type walker struct {
	ix   *index
	fn   int32
	si   int32 // stmt's index in ix.stmts, -1 when stmt is nil
	stmt luaast.Stmt
}

func (w *walker) block(b *luaast.Block) {
	if b == nil {
		return
	}
	prev := int32(-1)
	for _, s := range b.Stmts {
		prev = w.statement(s, prev)
	}
}

// statement indexes s, whose previous statement in its block is prev
// (-1 for none), and returns its index.
func (w *walker) statement(s luaast.Stmt, prev int32) int32 {
	ix := w.ix
	ix.nstmts++
	si := int32(len(ix.stmts))
	ix.stmts = append(ix.stmts, s)
	ix.stmtPrev = append(ix.stmtPrev, prev)
	saved, savedSI := w.stmt, w.si
	w.stmt, w.si = s, si
	w.statementBody(s)
	w.stmt, w.si = saved, savedSI
	return si
}

func (w *walker) statementBody(s luaast.Stmt) {
	switch s := s.(type) {
	case *luaast.LocalStmt:
		w.exprs(s.Exprs, s)
		for i, id := range s.Names {
			if id.Var != nil {
				w.ix.addDef(id.Var, def{kind: defExprList, decl: true, i: int32(i), stmt: s, inFn: w.fn})
			}
		}
	case *luaast.AssignStmt:
		w.exprs(s.Targets, s)
		w.exprs(s.Exprs, s)
		for i, t := range s.Targets {
			if id, ok := t.(*luaast.Ident); ok && id.Var != nil {
				w.ix.addDef(id.Var, def{kind: defExprList, i: int32(i), stmt: s, inFn: w.fn})
			}
		}
	case *luaast.CallStmt:
		w.expr(s.Call, s)
	case *luaast.DoStmt:
		w.block(s.Body)
	case *luaast.WhileStmt:
		w.expr(s.Cond, s)
		w.block(s.Body)
	case *luaast.RepeatStmt:
		w.block(s.Body)
		w.expr(s.Cond, s)
	case *luaast.IfStmt:
		for _, c := range s.Clauses {
			w.expr(c.Cond, c)
			w.block(c.Body)
		}
		w.block(s.Else)
	case *luaast.NumericForStmt:
		w.expr(s.Start, s)
		w.expr(s.Limit, s)
		if s.Step != nil {
			w.expr(s.Step, s)
		}
		if s.Var != nil && s.Var.Var != nil {
			w.ix.addDef(s.Var.Var, def{kind: defForNum, decl: true, stmt: s, inFn: w.fn})
		}
		w.block(s.Body)
	case *luaast.GenericForStmt:
		w.exprs(s.Exprs, s)
		for i, id := range s.Names {
			if id.Var != nil {
				w.ix.addDef(id.Var, def{kind: defForIn, decl: true, i: int32(i), stmt: s, inFn: w.fn})
			}
		}
		w.block(s.Body)
	case *luaast.FunctionStmt:
		if n := s.Name; n != nil && n.Root != nil {
			if n.Root.Var == nil {
				w.ix.globalRefs = append(w.ix.globalRefs, GlobalRef{ID: n.Root, Parent: n, Grand: s})
			}
			if n.Root.Var == nil && len(n.Fields) == 0 && n.Method == nil && s.Func != nil {
				if w.ix.globalFuncs == nil {
					w.ix.globalFuncs = make(map[string][]*luaast.FunctionExpr)
				}
				w.ix.globalFuncs[n.Root.Name] = append(w.ix.globalFuncs[n.Root.Name], s.Func)
			}
			if n.Root.Var != nil && len(n.Fields) == 0 && n.Method == nil && s.Func != nil {
				// "function f() end" where f is a local: an assignment.
				w.ix.addDef(n.Root.Var, def{kind: defLocalFunc, stmt: s, inFn: w.fn})
			}
		}
		if s.Func != nil {
			w.expr(s.Func, s)
		}
	case *luaast.LocalFunctionStmt:
		if s.Name != nil && s.Name.Var != nil && s.Func != nil {
			w.ix.addDef(s.Name.Var, def{kind: defLocalFunc, decl: true, stmt: s, inFn: w.fn})
		}
		if s.Func != nil {
			w.expr(s.Func, s)
		}
	case *luaast.ReturnStmt:
		// Before the returns of function literals in its values: tree
		// order.
		w.ix.returns = append(w.ix.returns, retRec{stmt: s, fn: w.fn})
		w.exprs(s.Exprs, s)
	}
}

// exprs visits the expressions of list, children of parent.
func (w *walker) exprs(list []luaast.Expr, parent luaast.Node) {
	for _, e := range list {
		switch e.(type) {
		case *luaast.StringLit, *luaast.NumberLit:
			// Leaves with nothing to record, and frequent (a command
			// call's name and literal arguments): no call of expr.
			continue
		}
		w.expr(e, parent)
	}
}

// expr visits e, a child of parent (the node luaast.Inspector gives as
// its parent: parent is only used to record a global reference).
func (w *walker) expr(e luaast.Expr, parent luaast.Node) {
	switch e := e.(type) {
	case *luaast.Ident:
		if e.Var == nil {
			w.ix.globalRefs = append(w.ix.globalRefs, GlobalRef{ID: e, Parent: parent})
		}
	case *luaast.FieldExpr:
		w.member(e.X, e, parent)
	case *luaast.IndexExpr:
		w.member(e.X, e, parent)
		w.member(e.Key, e, parent)
	case *luaast.CallExpr:
		w.ix.calls = append(w.ix.calls, callRec{call: e, fn: w.fn, si: w.si, stmt: w.stmt})
		w.expr(e.Fn, e)
		w.exprs(e.Args, e)
	case *luaast.MethodCallExpr:
		w.ix.calls = append(w.ix.calls, callRec{call: e, fn: w.fn, si: w.si, stmt: w.stmt})
		w.expr(e.Recv, e)
		w.exprs(e.Args, e)
	case *luaast.FunctionExpr:
		ix := w.ix
		ix.funcs = append(ix.funcs, e)
		ix.funcParent = append(ix.funcParent, w.fn)
		first := int32(len(ix.stmts))
		ix.funcStmts = append(ix.funcStmts, stmtRange{first: first, end: first})
		saved, savedStmt, savedSI := w.fn, w.stmt, w.si
		w.fn = int32(len(ix.funcs) - 1)
		w.stmt, w.si = nil, -1
		w.block(e.Body)
		ix.funcStmts[w.fn].end = int32(len(ix.stmts))
		w.fn, w.stmt, w.si = saved, savedStmt, savedSI
	case *luaast.BinaryExpr:
		w.expr(e.X, e)
		w.expr(e.Y, e)
	case *luaast.UnaryExpr:
		w.expr(e.X, e)
	case *luaast.ParenExpr:
		w.expr(e.X, e)
	case *luaast.TableExpr:
		for _, f := range e.Fields {
			if f.Kind == luaast.FieldBracketed {
				w.expr(f.Key, f)
			}
			w.expr(f.Value, f)
		}
	}
}

// member visits x, a child of e (a FieldExpr or IndexExpr) whose parent
// is parent: a global reference x is recorded with both.
func (w *walker) member(x luaast.Expr, e, parent luaast.Node) {
	switch x := x.(type) {
	case *luaast.Ident:
		if x.Var == nil {
			w.ix.globalRefs = append(w.ix.globalRefs, GlobalRef{ID: x, Parent: e, Grand: parent})
		}
		return
	case *luaast.StringLit, *luaast.NumberLit:
		return // KEYS[1], t["name"]: nothing to record
	}
	w.expr(x, e)
}

// varIndex returns the ID of local v, ok = false when it has no def.
func (ix *index) varIndex(v *luaast.Variable) (int32, bool) {
	id, ok := ix.varID[v]
	return id, ok
}

// setVarIndex numbers v, which has no ID yet, id.
func (ix *index) setVarIndex(v *luaast.Variable, id int32) {
	ix.varID[v] = id
}

// addDef records a def of v. Most locals get one def: those share a slab.
func (ix *index) addDef(v *luaast.Variable, d def) {
	if id, ok := ix.varIndex(v); ok {
		// (Grown in the worker's arena: an append would allocate each
		// list of two or more defs on the heap.)
		ix.defs[id] = append(ix.sc.defGrow.grow(ix.defs[id]), d)
		return
	}
	one := ix.sc.defSlab.one()
	one[0] = d
	ix.setVarIndex(v, int32(len(ix.defVars)))
	ix.defVars = append(ix.defVars, v)
	ix.defs = append(ix.defs, one)
}

// defsOf returns the defs of v (nil when it is never given a value).
func (ix *index) defsOf(v *luaast.Variable) []def {
	if id, ok := ix.varIndex(v); ok {
		return ix.defs[id]
	}
	return nil
}

// maxResolveDepth bounds chains of locals bound to locals.
const maxResolveDepth = 16

// boundOnce returns the single value a local is ever given, or nil.
func (ix *index) boundOnce(v *luaast.Variable) luaast.Expr {
	if v == nil {
		return nil
	}
	ds := ix.defsOf(v)
	if len(ds) != 1 || !ds[0].decl {
		return nil
	}
	d := ds[0]
	switch d.kind {
	case defLocalFunc:
		return d.fn()
	case defExprList:
		exprs := d.exprs()
		if v.Kind != luaast.VarLocal || int(d.i) >= len(exprs) {
			return nil
		}
		// A call in the last position gives its first value here, which is
		// what the expression denotes.
		return exprs[d.i]
	}
	return nil
}

func (ix *index) globalPath(e luaast.Expr, depth int) string {
	if depth > maxResolveDepth {
		return ""
	}
	switch e := e.(type) {
	case *luaast.ParenExpr:
		return ix.globalPath(e.X, depth+1)
	case *luaast.Ident:
		if e.Var == nil {
			return e.Name
		}
		if init := ix.boundOnce(e.Var); init != nil {
			if _, isFn := init.(*luaast.FunctionExpr); !isFn {
				return ix.globalPath(init, depth+1)
			}
		}
	case *luaast.FieldExpr:
		if p := ix.globalPath(e.X, depth+1); p != "" {
			return ix.join(p, e.Name.Name)
		}
	case *luaast.IndexExpr:
		if k, ok := e.Key.(*luaast.StringLit); ok && isName(k.Value) {
			if p := ix.globalPath(e.X, depth+1); p != "" {
				return ix.join(p, k.Value)
			}
		}
	}
	return ""
}

type pathKey struct{ prefix, name string }

// join returns prefix + "." + name, interned: a file names the same few
// library functions over and over.
func (ix *index) join(prefix, name string) string {
	if p := libraryPath(prefix, name); p != "" {
		return p
	}
	k := pathKey{prefix, name}
	if p, ok := ix.paths[k]; ok {
		return p
	}
	p := prefix + "." + name
	if ix.paths == nil {
		ix.paths = ix.sc.paths.get(8)
	}
	ix.paths[k] = p
	return p
}

// libraryPaths are the members of the library tables of the Redis sandbox
// (redis.call, string.format...), by far the most common dotted paths,
// sorted.
var libraryPaths = [...]string{
	"bit.arshift", "bit.band", "bit.bnot", "bit.bor", "bit.bswap", "bit.bxor", "bit.lshift",
	"bit.rol", "bit.ror", "bit.rshift", "bit.tobit", "bit.tohex", "cjson.decode",
	"cjson.decode_array_with_array_mt", "cjson.decode_invalid_numbers",
	"cjson.decode_max_depth", "cjson.encode", "cjson.encode_invalid_numbers",
	"cjson.encode_keep_buffer", "cjson.encode_max_depth", "cjson.encode_number_precision",
	"cjson.encode_sparse_array", "cmsgpack.pack", "cmsgpack.unpack", "cmsgpack.unpack_limit",
	"cmsgpack.unpack_one", "math.abs", "math.acos", "math.asin", "math.atan", "math.atan2",
	"math.ceil", "math.cos", "math.cosh", "math.deg", "math.exp", "math.floor", "math.fmod",
	"math.frexp", "math.huge", "math.ldexp", "math.log", "math.log10", "math.max",
	"math.min", "math.mod", "math.modf", "math.pi", "math.pow", "math.rad", "math.random",
	"math.randomseed", "math.sin", "math.sinh", "math.sqrt", "math.tan", "math.tanh",
	"os.clock", "redis.LOG_DEBUG", "redis.LOG_NOTICE", "redis.LOG_VERBOSE",
	"redis.LOG_WARNING", "redis.REDIS_VERSION", "redis.REDIS_VERSION_NUM", "redis.REPL_ALL",
	"redis.REPL_AOF", "redis.REPL_NONE", "redis.REPL_REPLICA", "redis.REPL_SLAVE",
	"redis.acl_check_cmd", "redis.breakpoint", "redis.call", "redis.debug",
	"redis.error_reply", "redis.log", "redis.pcall", "redis.register_function",
	"redis.replicate_commands", "redis.set_repl", "redis.setresp", "redis.sha1hex",
	"redis.status_reply", "server.LOG_DEBUG", "server.LOG_NOTICE", "server.LOG_VERBOSE",
	"server.LOG_WARNING", "server.REDIS_VERSION", "server.REDIS_VERSION_NUM",
	"server.REPL_ALL", "server.REPL_AOF", "server.REPL_NONE", "server.REPL_REPLICA",
	"server.REPL_SLAVE", "server.acl_check_cmd", "server.breakpoint", "server.call",
	"server.debug", "server.error_reply", "server.log", "server.pcall",
	"server.register_function", "server.replicate_commands", "server.set_repl",
	"server.setresp", "server.sha1hex", "server.status_reply", "string.byte", "string.char",
	"string.dump", "string.find", "string.format", "string.gmatch", "string.gsub",
	"string.len", "string.lower", "string.match", "string.rep", "string.reverse",
	"string.sub", "string.upper", "struct.pack", "struct.size", "struct.unpack",
	"table.concat", "table.foreach", "table.foreachi", "table.getn", "table.insert",
	"table.maxn", "table.remove", "table.setn", "table.sort", "table.unpack",
}

// libraryGroups holds libraryPaths grouped by library (the text before
// the dot), the most called libraries first: libraryPath runs on nearly
// every call of a file (newCalls resolves each callee), and finding the
// group by its name, then the member by its length and text, costs a
// fraction of a binary search of the whole list with string comparisons.
// Built once from libraryPaths, read-only afterwards.
var libraryGroups = groupLibraryPaths()

// libraryGroup is the paths of one library.
type libraryGroup struct {
	prefix string
	paths  []string
}

func groupLibraryPaths() []libraryGroup {
	var groups []libraryGroup
	for _, p := range &libraryPaths {
		prefix, _, _ := strings.Cut(p, ".")
		if n := len(groups); n > 0 && groups[n-1].prefix == prefix {
			groups[n-1].paths = append(groups[n-1].paths, p)
			continue
		}
		groups = append(groups, libraryGroup{prefix: prefix, paths: []string{p}})
	}
	// The order only decides how soon a group is found.
	rank := func(prefix string) int {
		for i, p := range [...]string{"redis", "string", "table", "math", "cjson", "server"} {
			if p == prefix {
				return i
			}
		}
		return 6
	}
	sort.SliceStable(groups, func(i, j int) bool { return rank(groups[i].prefix) < rank(groups[j].prefix) })
	// Within a group too, the most called members come first (redis.call
	// was the 14th of its group in sorted order): a group's paths are
	// moved, in this order, to its front.
	common := [...]string{"call", "pcall", "error_reply", "status_reply", "log", "format", "sub",
		"insert", "concat", "len", "gsub", "find", "match", "lower", "upper", "rep", "byte", "char",
		"unpack", "remove", "sort", "getn", "floor", "max", "min", "abs", "ceil", "random", "encode", "decode"}
	memberRank := make(map[string]int, len(common))
	for i, m := range common {
		memberRank[m] = i
	}
	type ranked struct {
		rank int
		path string
	}
	for i := range groups {
		g := &groups[i]
		rs := make([]ranked, len(g.paths))
		for j, p := range g.paths {
			r, ok := memberRank[p[len(g.prefix)+1:]]
			if !ok {
				r = len(common)
			}
			rs[j] = ranked{r, p}
		}
		slices.SortStableFunc(rs, func(a, b ranked) int { return a.rank - b.rank })
		for j := range rs {
			g.paths[j] = rs[j].path
		}
	}
	return groups
}

// libraryPath returns prefix + "." + name, without allocating, when it is
// one of libraryPaths; "" otherwise. TestLibraryPathOracle checks it
// against a binary search of libraryPaths.
func libraryPath(prefix, name string) string {
	for i := range libraryGroups {
		g := &libraryGroups[i]
		if g.prefix != prefix {
			continue
		}
		n := len(prefix) + 1 + len(name)
		for _, p := range g.paths {
			if len(p) == n && p[len(prefix)+1:] == name {
				return p
			}
		}
		return ""
	}
	return ""
}

// isName reports whether s is a valid Lua name (so "a.b" stays unambiguous).
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if !isNameByte(c) || i == 0 && c >= '0' && c <= '9' {
			return false
		}
	}
	return true
}

// constString returns the value of a string literal, possibly through
// parentheses and locals bound once to one.
func (ix *index) constString(e luaast.Expr) (string, bool) {
	for range maxResolveDepth {
		switch x := e.(type) {
		case *luaast.StringLit:
			return x.Value, true
		case *luaast.ParenExpr:
			e = x.X
			continue
		case *luaast.Ident:
			if init := ix.boundOnce(x.Var); init != nil {
				e = init
				continue
			}
		}
		return "", false
	}
	return "", false
}

// resolveFunc returns the function literal e denotes: a literal, a local
// function, a local bound once to a literal (through parentheses and
// chains of such locals), or a global defined exactly once by a
// "function name()" statement.
func (ix *index) resolveFunc(e luaast.Expr) *luaast.FunctionExpr {
	for range maxResolveDepth {
		switch x := e.(type) {
		case *luaast.FunctionExpr:
			return x
		case *luaast.ParenExpr:
			e = x.X
			continue
		case *luaast.Ident:
			if x.Var == nil {
				if fs := ix.globalFuncs[x.Name]; len(fs) == 1 {
					return fs[0]
				}
				return nil
			}
			if init := ix.boundOnce(x.Var); init != nil {
				e = init
				continue
			}
			if fn := ix.forwardFunc(x.Var); fn != nil {
				return fn
			}
		}
		return nil
	}
	return nil
}

// forwardFunc returns the function of a forward-declared local
// ("local f" then "f = function() end" or "function f() end", the idiom
// for mutually recursive helpers): declared without a value and assigned a
// function literal exactly once.
func (ix *index) forwardFunc(v *luaast.Variable) *luaast.FunctionExpr {
	ds := ix.defsOf(v)
	if len(ds) != 2 || !ds[0].decl || ds[0].kind != defExprList || len(ds[0].exprs()) != 0 || ds[1].decl {
		return nil
	}
	switch d := ds[1]; d.kind {
	case defLocalFunc:
		return d.fn()
	case defExprList:
		if exprs := d.exprs(); int(d.i) < len(exprs) {
			fn, _ := luaast.Unparen(exprs[d.i]).(*luaast.FunctionExpr)
			return fn
		}
	}
	return nil
}

// resolveTable returns the table constructor e denotes (directly or via a
// local bound once to one).
func (ix *index) resolveTable(e luaast.Expr) (*luaast.TableExpr, bool) {
	for range maxResolveDepth {
		switch x := e.(type) {
		case *luaast.TableExpr:
			return x, true
		case *luaast.ParenExpr:
			e = x.X
			continue
		case *luaast.Ident:
			if init := ix.boundOnce(x.Var); init != nil {
				e = init
				continue
			}
		}
		return nil, false
	}
	return nil, false
}

// undeclaredKeysDeclaration returns how the script declares that it
// touches keys not passed in KEYS (see ScriptInfo.UndeclaredKeys).
// Dragonfly reads its "--!df flags=a,b" line among the script's leading
// comments; Redis reads no-cluster from the "#!lua" line.
func undeclaredKeysDeclaration(f *luaast.File, s *ScriptInfo) string {
	if s.Kind == EvalScript && s.HasEvalFlag("no-cluster") {
		return "its #!lua line sets no-cluster"
	}
	for _, c := range f.Comments {
		if c.Long {
			continue
		}
		// Only the comments before the first statement: the flags line
		// heads the script.
		if len(f.Block.Stmts) > 0 && c.Span.Start >= f.Block.Stmts[0].Pos() {
			break
		}
		rest, ok := strings.CutPrefix(c.Text, "!df")
		if !ok {
			continue
		}
		for _, opt := range strings.Fields(rest) {
			v, ok := strings.CutPrefix(opt, "flags=")
			if !ok {
				continue
			}
			for _, fl := range strings.Split(v, ",") {
				if fl == "allow-undeclared-keys" {
					return "its Dragonfly flags line (--!df) sets allow-undeclared-keys"
				}
			}
		}
	}
	return ""
}
