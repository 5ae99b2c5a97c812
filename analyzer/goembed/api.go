package goembed

import (
	"go/types"
	"strings"
)

// Import paths of the client libraries whose calls carry Lua scripts.
const (
	GoRedisV9Path   = "github.com/redis/go-redis/v9"
	GoRedisV8Path   = "github.com/go-redis/redis/v8"
	RedigoPath      = "github.com/gomodule/redigo/redis"
	RueidisPath     = "github.com/redis/rueidis"
	RueidisCompPath = "github.com/redis/rueidis/rueidiscompat"
)

// callKind is what a recognised call does with a script.
type callKind int

const (
	notAScriptCall callKind = iota
	// newScript makes a script object from a source: go-redis and
	// rueidiscompat NewScript, rueidis NewLuaScript*, redigo NewScript.
	newScript
	// evalSource runs a source with keys: go-redis Eval, EvalRO.
	evalSource
	// loadSource sends a source without keys: go-redis ScriptLoad.
	loadSource
	// loadLibrary sends a Functions library: FunctionLoad,
	// FunctionLoadReplace.
	loadLibrary
	// evalKeysOnly runs something the call does not show with keys:
	// EvalSha, EvalShaRO, FCall, FCallRO (only the keys are checked).
	evalKeysOnly
	// runScript runs a script object with keys: (*Script).Run, RunRO,
	// Eval, EvalRO, EvalSha, EvalShaRO, rueidis (*Lua).Exec, redigo
	// (*Script).Do.
	runScript
)

// library is which client a call belongs to.
type library int

const (
	goRedis library = iota + 1 // go-redis v9/v8 and rueidiscompat
	redigo
	rueidis
)

// apiCall is a recognised call: what it does and where its arguments are.
type apiCall struct {
	kind callKind
	lib  library
	// name is the callee as users write it ("Eval", "NewScript").
	name string
	// src is the index of the source argument (newScript, evalSource,
	// loadSource, loadLibrary); -1 when none.
	src int
	// keys is the index of the keys slice (evalSource, evalKeysOnly,
	// runScript of go-redis and rueidis); -1 when none.
	keys int
	// keyCount is the index of redigo's keyCount argument; -1 when none.
	keyCount int
	// variadicKeys marks redigo's (*Script).Do, whose first keyCount
	// variadic arguments (from index keys) are the keys.
	variadicKeys bool
}

// classify recognises fn, by its package path and receiver type, never by
// its name alone.
func classify(fn *types.Func) (apiCall, bool) {
	if fn == nil || fn.Pkg() == nil {
		return apiCall{}, false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return apiCall{}, false
	}
	name := fn.Name()
	recv := receiverName(sig)
	params := sig.Params()
	isString := func(i int) bool { return i < params.Len() && isBasic(params.At(i).Type(), types.String) }
	// Every Eval-style function of the supported libraries takes the keys
	// as its third parameter, a []string (after the context and the script,
	// its SHA or the client).
	const keysParam = 2
	keysAreStrings := keysParam < params.Len() && isStringSlice(params.At(keysParam).Type())
	c := apiCall{name: name, src: -1, keys: -1, keyCount: -1}
	switch fn.Pkg().Path() {
	case GoRedisV9Path, GoRedisV8Path, RueidisCompPath:
		c.lib = goRedis
		switch {
		case recv == "" && name == "NewScript" && isString(0):
			c.kind, c.src = newScript, 0
		case recv == "Script":
			switch name {
			case "Run", "RunRO", "Eval", "EvalRO", "EvalSha", "EvalShaRO":
				if keysAreStrings {
					c.kind, c.keys = runScript, keysParam
				}
			}
		case recv != "":
			// Client, Pipeline, cmdable, the Scripter interface and so on:
			// every type of the package with these methods.
			switch name {
			case "Eval", "EvalRO":
				if isString(1) && keysAreStrings {
					c.kind, c.src, c.keys = evalSource, 1, keysParam
				}
			case "EvalSha", "EvalShaRO", "FCall", "FCallRO":
				if isString(1) && keysAreStrings {
					c.kind, c.keys = evalKeysOnly, keysParam
				}
			case "ScriptLoad":
				if isString(1) {
					c.kind, c.src = loadSource, 1
				}
			case "FunctionLoad", "FunctionLoadReplace":
				if isString(1) {
					c.kind, c.src = loadLibrary, 1
				}
			}
		}
	case RedigoPath:
		c.lib = redigo
		switch {
		case recv == "" && name == "NewScript" && params.Len() == 2 && isBasic(params.At(0).Type(), types.Int) && isString(1):
			c.kind, c.keyCount, c.src = newScript, 0, 1
		case recv == "Script" && (name == "Do" || name == "SendHash" || name == "Send") && sig.Variadic():
			c.kind, c.keys, c.variadicKeys = runScript, params.Len()-1, true
		}
	case RueidisPath:
		c.lib = rueidis
		switch {
		case recv == "" && strings.HasPrefix(name, "NewLuaScript") && isString(0):
			c.kind, c.src = newScript, 0
		case recv == "Lua" && (name == "Exec" || name == "ExecRO") && keysAreStrings:
			c.kind, c.keys = runScript, keysParam
		}
	}
	return c, c.kind != notAScriptCall
}

// receiverName returns the name of a method's receiver type (pointer or
// not, named or interface), or "" for a function.
func receiverName(sig *types.Signature) string {
	r := sig.Recv()
	if r == nil {
		return ""
	}
	t := r.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	// An interface method's receiver is the interface type itself.
	return "interface"
}

func isBasic(t types.Type, k types.BasicKind) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == k
}

func isStringSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && isBasic(s.Elem(), types.String)
}
