package rules

import (
	"fmt"
	"slices"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var errorTableRule = &analyzer.Rule{
	ID:       "error-table",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.InspectAnalysis, analyzer.DeclaredVariablesAnalysis},
	Doc: analyzer.Doc{
		Title: "error() raised with a table that has no string err field",
		Rationale: "When a script raises a table, Redis builds the error reply from the table's err field. " +
			"If the table has no err string (error({}), error({code = 1}), error({err = false}), a table " +
			"whose metatable has only __tostring), servers without the 2025 fix dereference a NULL message " +
			"and crash: each of these kills Redis 7.0.15 with signal 11 (verified), taking every client down " +
			"with it; the fix landed in Valkey " +
			"(PR #2229, reported on 8.1.2) and Redis (PR #14163) only in 2025. Raise a string " +
			"(error('bad input')), or a table with a string err field: error({err = 'ERR bad input'}) or " +
			"error(redis.error_reply('bad input')). A number err is accepted by Redis (it is a string to " +
			"lua_isstring). The rule stays silent when it cannot see the table: a parameter, a reply of " +
			"redis.pcall (it has err when it is an error), a table filled elsewhere.",
		Bad:       "if not tonumber(ARGV[1]) then\n  error({code = 'BADARG'})\nend\nreturn 1\n",
		Good:      "if not tonumber(ARGV[1]) then\n  error(redis.error_reply('BADARG amount must be a number'))\nend\nreturn 1\n",
		Tags:      []string{"correctness", "reliability"},
		Precision: "high",
	},
	Run: runErrorTable,
}

func init() { register(errorTableRule) }

// errField says what a table constructor's err field holds.
type errField int

const (
	errFieldString  errField = iota // a string or a number: Redis uses it
	errFieldMissing                 // no err field: crash
	errFieldBad                     // nil, boolean, table or function: crash
	errFieldUnknown                 // a value or key the rule cannot see
)

// tableErrField classifies t's err field; the last field with the key
// wins, as in Lua.
func tableErrField(t *luaast.TableExpr) (errField, luaast.Node) {
	state, at := errFieldMissing, luaast.Node(t)
	for _, f := range t.Fields {
		switch f.Kind {
		case luaast.FieldNamed:
			if f.Name.Name != "err" {
				continue
			}
		case luaast.FieldBracketed:
			k, ok := luaast.Unparen(f.Key).(*luaast.StringLit)
			if !ok {
				if _, num := luaast.Unparen(f.Key).(*luaast.NumberLit); num {
					continue
				}
				state = errFieldUnknown
				continue
			}
			if k.Value != "err" {
				continue
			}
		default:
			continue
		}
		at = f
		switch v := luaast.Unparen(f.Value).(type) {
		case *luaast.StringLit, *luaast.NumberLit:
			state = errFieldString
		case *luaast.BinaryExpr:
			if v.Op == luaast.OpConcat {
				state = errFieldString
			} else {
				state = errFieldUnknown
			}
		case *luaast.NilLit, *luaast.TrueLit, *luaast.FalseLit, *luaast.TableExpr, *luaast.FunctionExpr:
			state = errFieldBad
		default:
			state = errFieldUnknown
		}
	}
	return state, at
}

const errorTableAdvice = "servers without the 2025 fix crash on it (Redis 7.0.15 verified: signal 11); raise error({err = 'ERR ...'}), error(redis.error_reply('...')) or a string"

func runErrorTable(pass *analyzer.Pass) {
	f := pass.File
	if f == nil || f.Block == nil || !referencesError(f) {
		return
	}
	s := newErrorTableScan()
	in := analyzer.Inspector(pass)
	// First pass: every error(...) call, and the functions run under
	// pcall/xpcall.
	needFields := false
	in.Preorder(luaast.KindCallExpr, func(n luaast.Node) {
		if c, ok := n.(*luaast.CallExpr); ok && s.call(c) {
			needFields = true
		}
	})
	if len(s.calls) == 0 {
		return
	}
	// Second pass, only when a local is raised (see errorTableScan.call):
	// it visits every field access and fills maps, which most files do
	// not need. (An assignment comes before its targets in this order
	// too, as in one pass over all four kinds.)
	if needFields {
		s.fieldRead = map[*luaast.Ident]bool{}
		in.Preorder(luaast.KindAssignStmt|luaast.KindFieldExpr|luaast.KindIndexExpr, s.fieldUse)
	}
	s.report(pass, analyzer.Script(pass))
}

// referencesError reports whether f refers to the global error: without
// an error(...) call there is nothing to report.
func referencesError(f *luaast.File) bool {
	return slices.ContainsFunc(f.Globals, func(id *luaast.Ident) bool { return id.Var == nil && id.Name == "error" })
}

// errorTableScan is what error-table gathers in a file before it reports:
// the error(...) calls, the functions run under pcall/xpcall and the
// identifiers passed to them, the identifiers raised by error(), and the
// identifiers of locals read through a field that is not assigned.
type errorTableScan struct {
	calls    []*luaast.CallExpr
	errorArg map[*luaast.Ident]bool
	// caught holds the functions only ever run under pcall/xpcall: the
	// table they raise is caught as a value and never reaches the
	// server's error handler.
	caught   map[*luaast.FunctionExpr]bool
	pcallArg map[*luaast.Ident]bool
	// fieldRead is filled by fieldUse (nil: read as empty), with
	// assignedField, the field expressions assigned to.
	fieldRead     map[*luaast.Ident]bool
	assignedField map[luaast.Expr]bool
}

func newErrorTableScan() *errorTableScan {
	return &errorTableScan{
		errorArg:      map[*luaast.Ident]bool{},
		caught:        map[*luaast.FunctionExpr]bool{},
		pcallArg:      map[*luaast.Ident]bool{},
		assignedField: map[luaast.Expr]bool{},
	}
}

// call records c if it is a pcall/xpcall or an error(...) call, and
// reports whether it raises a local that may be bound to a table (whose
// field uses then matter: see fieldUse).
func (s *errorTableScan) call(c *luaast.CallExpr) (raisesLocal bool) {
	// analyzer.GlobalName(c.Fn) is pcall or xpcall, without building
	// the dotted names of other callees.
	if fn, ok := luaast.Unparen(c.Fn).(*luaast.Ident); ok && fn.Var == nil && (fn.Name == "pcall" || fn.Name == "xpcall") && len(c.Args) > 0 {
		switch a := luaast.Unparen(c.Args[0]).(type) {
		case *luaast.FunctionExpr:
			s.caught[a] = true
		case *luaast.Ident:
			s.pcallArg[a] = true
		}
	}
	if id, ok := c.Fn.(*luaast.Ident); ok && id.Var == nil && id.Name == "error" && len(c.Args) > 0 {
		s.calls = append(s.calls, c)
		if a, ok := luaast.Unparen(c.Args[0]).(*luaast.Ident); ok {
			s.errorArg[a] = true
			v := a.Var
			return v != nil && v.Kind == luaast.VarLocal && !v.Captured
		}
	}
	return false
}

// fieldUse records which identifier uses are harmless for a table bound
// to a local: read through a field that is not assigned. n is an
// AssignStmt (visited before its targets), a FieldExpr or an IndexExpr;
// s.fieldRead must be non-nil.
func (s *errorTableScan) fieldUse(n luaast.Node) {
	switch n := n.(type) {
	case *luaast.AssignStmt:
		// Only field targets are looked up, and only locals' reads
		// (onlyHarmlessRefs): the maps skip the rest, such as the global
		// in every redis.call.
		for _, t := range n.Targets {
			switch t.(type) {
			case *luaast.FieldExpr, *luaast.IndexExpr:
				s.assignedField[t] = true
			}
		}
	case *luaast.FieldExpr:
		if id, ok := n.X.(*luaast.Ident); ok && id.Var != nil && (!s.assignedField[n] || n.Name.Name != "err") {
			// A read, or a write of another field (t.code = 1): the
			// table still has no err field.
			s.fieldRead[id] = true
		}
	case *luaast.IndexExpr:
		if id, ok := n.X.(*luaast.Ident); !ok || id.Var == nil {
			break
		} else if !s.assignedField[n] {
			s.fieldRead[id] = true
		} else if k, isStr := luaast.Unparen(n.Key).(*luaast.StringLit); isStr && k.Value != "err" {
			s.fieldRead[id] = true
		}
	}
}

// report reports the error(...) calls of s that raise a table without a
// string err field.
func (s *errorTableScan) report(pass *analyzer.Pass, info *analyzer.ScriptInfo) {
	f := pass.File
	caught := s.caught
	for _, v := range analyzer.DeclaredVariables(pass) {
		fn, ok := luaast.Unparen(info.BoundOnce(v)).(*luaast.FunctionExpr)
		if !ok || len(v.Refs) == 0 {
			continue
		}
		all := true
		for _, r := range v.Refs {
			if r != v.Decl && !s.pcallArg[r] {
				all = false
				break
			}
		}
		caught[fn] = caught[fn] || all
	}
	for _, call := range s.calls {
		if caught[info.EnclosingFunc(call)] {
			continue // pcall(function() error({code = 1}) end): a structured error caught as a value
		}
		switch a := luaast.Unparen(call.Args[0]).(type) {
		case *luaast.TableExpr:
			switch state, at := tableErrField(a); state {
			case errFieldMissing:
				pass.Reportf(a, "error() with a table that has no 'err' field: %s", errorTableAdvice)
			case errFieldBad:
				pass.Reportf(at, "the 'err' field of this error table is not a string: %s", errorTableAdvice)
			}
		case *luaast.CallExpr:
			// error(setmetatable({...}, mt)): Redis reads err through
			// metamethods, so only an mt without __index keeps the crash.
			if analyzer.GlobalName(a.Fn) != "setmetatable" || len(a.Args) != 2 {
				continue
			}
			t, ok1 := luaast.Unparen(a.Args[0]).(*luaast.TableExpr)
			mt, ok2 := luaast.Unparen(a.Args[1]).(*luaast.TableExpr)
			if !ok1 || !ok2 || mayHaveIndex(mt) {
				continue
			}
			if state, _ := tableErrField(t); state == errFieldMissing || state == errFieldBad {
				pass.Reportf(t, "error() with a table that has no 'err' field (its metatable has no __index to supply one): %s", errorTableAdvice)
			}
		case *luaast.Ident:
			v := a.Var
			if v == nil || v.Kind != luaast.VarLocal || v.Captured {
				continue
			}
			t, ok := luaast.Unparen(info.BoundOnce(v)).(*luaast.TableExpr)
			if !ok || !onlyHarmlessRefs(v, s.errorArg, s.fieldRead) {
				continue
			}
			state, _ := tableErrField(t)
			if state != errFieldMissing && state != errFieldBad {
				continue
			}
			line := f.Position(t.Pos()).Line
			pass.Report(analyzer.Diagnostic{
				Span:    luaast.SpanOf(a),
				Message: fmt.Sprintf("error(%s) raises the table built at line %d, which has no string 'err' field: %s", v.Name, line, errorTableAdvice),
				Related: []analyzer.Related{{Span: luaast.SpanOf(t), Message: "the table raised"}},
			})
		}
	}
}

// mayHaveIndex reports whether a metatable constructor may set __index.
func mayHaveIndex(mt *luaast.TableExpr) bool {
	for _, f := range mt.Fields {
		switch f.Kind {
		case luaast.FieldNamed:
			if f.Name.Name == "__index" {
				return true
			}
		case luaast.FieldBracketed:
			k, ok := luaast.Unparen(f.Key).(*luaast.StringLit)
			if !ok || k.Value == "__index" {
				return true
			}
		}
	}
	return false
}

// onlyHarmlessRefs reports whether every use of v is an error() argument
// or a field read: nothing can have added an err field to its table.
func onlyHarmlessRefs(v *luaast.Variable, errorArg, fieldRead map[*luaast.Ident]bool) bool {
	for _, r := range v.Refs {
		if r == v.Decl {
			continue
		}
		if !errorArg[r] && !fieldRead[r] {
			return false
		}
	}
	return true
}
