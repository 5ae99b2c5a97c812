package rules

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var uncheckedPcallRule = &analyzer.Rule{
	ID:       "unchecked-pcall",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis, analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "the result of redis.pcall or pcall is never checked",
		Rationale: "redis.pcall returns a failed command's error as a table {err = '...'} instead of raising, and " +
			"Lua's pcall returns false and the message instead of propagating the error (verified on Redis " +
			"7.0.15: redis.pcall('INCR', k) on a non-integer value, its result dropped, lets the script return " +
			"normally). Dropping the result, or using the reply as data without looking at err first, makes the " +
			"failure silent: the script goes on as if the command had worked, and the caller gets a success. " +
			"Check it: if type(r) == 'table' and r.err then ... end, or local ok, err = pcall(...) if not ok then " +
			"... end; or use redis.call to let the error end the script. A result that is returned (the caller " +
			"gets the error reply), tested in a condition, compared with == or ~=, passed to a function or stored " +
			"elsewhere counts as checked; an order comparison (n > 0) does not, since it raises on the error " +
			"table (verified); for pcall, returning the value after a status that is never read does not " +
			"(the error message goes back as a normal reply). A result stored in a local that nothing reads is " +
			"reported here, as never checked, and not also by unused-variable.",
		Bad:       "redis.pcall('INCR', KEYS[1])\nreturn 1\n",
		Good:      "local r = redis.pcall('INCR', KEYS[1])\nif type(r) == 'table' and r.err then\n  return redis.error_reply('counter is not a number')\nend\nreturn r\n",
		Tags:      []string{"correctness", "errors"},
		Precision: "high",
	},
	Run: runUncheckedPcall,
}

func init() { register(uncheckedPcallRule) }

// protectedCall is a redis.pcall call (reply first) or a Lua pcall call
// (status first).
type protectedCall struct {
	call  *luaast.CallExpr
	reply bool   // redis.pcall: the first result is the reply
	api   string // "redis.pcall", "server.pcall" or "pcall"
	cmd   string // the command name when known, for messages
}

func runUncheckedPcall(pass *analyzer.Pass) {
	calls := analyzer.Calls(pass)
	pcalls := calls.Named("pcall")
	// The list is sized up front, and the map made only when both kinds of
	// protected call occur: this runs on every file.
	protected := 0
	for _, rc := range calls.List {
		if rc.Protected {
			protected++
		}
	}
	if protected+len(pcalls) == 0 {
		return
	}
	list := make([]protectedCall, 0, protected+len(pcalls))
	var seen map[*luaast.CallExpr]bool
	if protected > 0 && len(pcalls) > 0 {
		seen = make(map[*luaast.CallExpr]bool, protected)
	}
	for _, rc := range calls.List {
		if !rc.Protected {
			continue
		}
		if seen != nil {
			seen[rc.Call] = true
		}
		pc := protectedCall{call: rc.Call, reply: !rc.Wrapped, api: rc.API, cmd: rc.Name}
		if rc.Wrapped {
			pc.api = "pcall"
		}
		list = append(list, pc)
	}
	for _, s := range pcalls {
		if !seen[s.Call] {
			list = append(list, protectedCall{call: s.Call, api: "pcall"})
		}
	}
	if len(list) == 0 {
		return
	}
	parents := analyzer.Parents(pass)
	for _, pc := range list {
		// Skip parentheses to the call's context.
		at, parent := parents.OutsideParens(pc.call)
		switch p := parent.(type) {
		case *luaast.CallStmt:
			api, open, cmd, closing := pc.whatParts()
			if pc.reply {
				reportAt(pass, pc.call, concat("the reply of ", api, open, cmd, closing, " is discarded: a failure returns {err = ...} and is silently ignored; check it (if r.err then ...) or use redis.call to raise"))
			} else {
				reportAt(pass, pc.call, concat("the result of ", api, open, cmd, closing, " is discarded: an error inside is silently ignored; check it (local ok, err = pcall(...) if not ok then ... end) or call without pcall"))
			}
		case *luaast.LocalStmt:
			vars := luaast.BoundVars(p.Names, p.Exprs, at)
			reportIfUnchecked(pass, calls, parents, pc, vars)
		case *luaast.AssignStmt:
			var ids []*luaast.Ident
			for _, t := range p.Targets {
				id, _ := t.(*luaast.Ident)
				ids = append(ids, id)
			}
			vars := luaast.BoundVars(ids, p.Exprs, at)
			if len(vars) == 0 || vars[0] == nil && pc.reply {
				continue
			}
			reportIfUnchecked(pass, calls, parents, pc, vars)
		}
	}
}

// whatParts returns how messages name the call, api('CMD', ...) or api
// alone, in pieces that the message concatenates: one allocation per
// finding, and none for the calls that are checked.
func (pc protectedCall) whatParts() (api, open, cmd, closing string) {
	if pc.cmd == "" {
		return pc.api, "", "", ""
	}
	return pc.api, "('", pc.cmd, "', ...)"
}

// reportIfUnchecked reports pc when none of the variables receiving its
// results is ever checked.
func reportIfUnchecked(pass *analyzer.Pass, calls *analyzer.CallInfo, parents analyzer.ParentMap, pc protectedCall, vars []*luaast.Variable) {
	api, open, cmd, closing := pc.whatParts()
	if len(vars) == 0 {
		return
	}
	if !pc.reply {
		// pcall: any use of the status or of what follows it counts as
		// handling; a target that is not a local escapes the analysis.
		// The values after the status are the results or the error
		// message: returning them with the status unread passes the
		// message on as a successful reply, so only a test of them counts.
		for i, v := range vars {
			if v == nil || varChecked(calls, parents, v, i > 0) {
				return
			}
		}
		first := vars[0]
		if first.Name != "_" && luaast.NeverRead(first) {
			reportAt(pass, pc.call, concat("the status of ", api, open, cmd, closing, " stored in '", first.Name, "' is never read, so an error inside is never checked: test it (if not ", first.Name, " then ... end)"))
			return
		}
		if first.Name == "_" {
			reportAt(pass, pc.call, concat("the status of ", api, open, cmd, closing, " is discarded into '_' and nothing checks the error: test it (local ok, err = pcall(...) if not ok then ... end)"))
			return
		}
		reportAt(pass, pc.call, concat("the status of ", api, open, cmd, closing, " stored in '", first.Name, "' is never checked: an error inside is silently ignored; test it (if not ", first.Name, " then ... end)"))
		return
	}
	v := vars[0]
	if v == nil || varChecked(calls, parents, v, false) {
		return
	}
	if luaast.NeverRead(v) {
		reportAt(pass, pc.call, concat("the reply of ", api, open, cmd, closing, " stored in '", v.Name, "' is never read, so a failure ({err = ...}) is never checked: test ", v.Name, ".err, or use redis.call to raise"))
		return
	}
	reportAt(pass, pc.call, concat("the reply of ", api, open, cmd, closing, " stored in '", v.Name, "' is used without checking for an error: a failure returns {err = ...}; test ", v.Name, ".err first, or use redis.call to raise"))
}

// varChecked reports whether some read of v inspects the value as a
// possible error (tests it, compares it, reads err or ok, passes it to a
// function, returns it) or lets it escape (copies, table fields); reads
// that only use it as data (indexing, arithmetic, concatenation, #,
// iteration, redis.call arguments) do not count, nor, with returnIsData,
// returning it as is.
func varChecked(calls *analyzer.CallInfo, parents analyzer.ParentMap, v *luaast.Variable, returnIsData bool) bool {
	writes := luaast.NewWriteSet(v)
	for _, ref := range v.Refs {
		if ref == v.Decl || writes.Has(ref) {
			continue
		}
		if returnIsData {
			if _, ok := parents.Of(ref).(*luaast.ReturnStmt); ok {
				continue
			}
		}
		if !dataUse(calls, parents, ref) {
			return true
		}
	}
	return false
}

// dataUse reports whether the read id uses the value as data only.
func dataUse(calls *analyzer.CallInfo, parents analyzer.ParentMap, id luaast.Expr) bool {
	at, parent := parents.OutsideParens(id)
	switch p := parent.(type) {
	case *luaast.FieldExpr:
		return p.Name.Name != "err" && p.Name.Name != "ok"
	case *luaast.IndexExpr:
		if luaast.Node(p.X) != at {
			return false // used as a key: escapes
		}
		if k, ok := luaast.Unparen(p.Key).(*luaast.StringLit); ok && (k.Value == "err" || k.Value == "ok") {
			return false
		}
		return true
	case *luaast.BinaryExpr:
		switch p.Op {
		case luaast.OpAdd, luaast.OpSub, luaast.OpMul, luaast.OpDiv, luaast.OpMod, luaast.OpPow, luaast.OpConcat:
			return true
		case luaast.OpLt, luaast.OpLe, luaast.OpGt, luaast.OpGe:
			// An order comparison is no check: with the error table
			// it raises "attempt to compare number with table".
			return true
		}
		return false
	case *luaast.UnaryExpr:
		return p.Op != luaast.OpNot
	case *luaast.MethodCallExpr:
		return luaast.Node(p.Recv) == at
	case *luaast.CallExpr:
		if luaast.Node(p.Fn) == at {
			return true
		}
		if rc := calls.Of(p); rc != nil && !rc.Protected {
			return true // a table argument makes redis.call raise, not a check
		}
		callee := calls.Callee(p)
		if callee == "tonumber" {
			// tonumber(r) is nil for an error table: a test of that nil
			// checks r, arithmetic on it only uses r as data.
			return dataUse(calls, parents, p)
		}
		switch callee {
		case "ipairs", "pairs", "unpack", "tostring", "table.concat", "table.getn", "table.insert", "table.sort":
			return true
		}
		// string.* and math.* raise on an error table ("bad argument"):
		// a use as data, not a test.
		return strings.HasPrefix(callee, "string.") || strings.HasPrefix(callee, "math.")
	}
	return false
}
