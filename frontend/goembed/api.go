package goembed

import (
	"go/types"
	"strings"
)

// Import paths of the client libraries whose calls carry Lua scripts.
const (
	GoRedisV9Path = "github.com/redis/go-redis/v9"
	GoRedisV8Path = "github.com/go-redis/redis/v8"
	// GoRedisV7Path and GoRedisV6Path are the go-redis versions before
	// contexts: the same scripting API with every argument one place
	// earlier.
	GoRedisV7Path = "github.com/go-redis/redis/v7"
	GoRedisV6Path = "github.com/go-redis/redis"
	RedigoPath    = "github.com/gomodule/redigo/redis"
	// RedigoOldPath is redigo's import path before it moved to gomodule;
	// the API is the same and old modules still import it.
	RedigoOldPath   = "github.com/garyburd/redigo/redis"
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
	// command marks a generic command call (see commandCall): keyCount
	// is the index of EVAL's numkeys, the keys follow it.
	command bool
	// builder marks rueidis's command builder (see builderCall): the
	// numkeys and keys are later calls of the chain.
	builder bool
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
	path := fn.Pkg().Path()
	if !isGoRedisPath(path) && recv != "" && types.IsInterface(sig.Recv().Type()) {
		// A method of an interface the user declares to narrow the client
		// (type Client interface { ScriptLoad(ctx, string) *redis.StringCmd })
		// is the go-redis method its result type comes from.
		path = goRedisResultPath(sig)
	}
	switch path {
	case GoRedisV9Path, GoRedisV8Path, RueidisCompPath, GoRedisV7Path, GoRedisV6Path:
		c.lib = goRedis
		// v7 and v6 take no context: every argument is one place earlier.
		shift := 0
		if path == GoRedisV7Path || path == GoRedisV6Path {
			shift = 1
		}
		keys, src := keysParam-shift, 1-shift
		keysOK := keys < params.Len() && isStringSlice(params.At(keys).Type())
		switch {
		case recv == "" && name == "NewScript" && isString(0):
			c.kind, c.src = newScript, 0
		case recv == "Script":
			switch name {
			case "Run", "RunRO", "Eval", "EvalRO", "EvalSha", "EvalShaRO":
				if keysOK {
					c.kind, c.keys = runScript, keys
				}
			}
		case recv != "":
			// Client, Pipeline, cmdable, the Scripter interface and so on:
			// every type of the package with these methods.
			switch name {
			case "Eval", "EvalRO":
				if isString(src) && keysOK {
					c.kind, c.src, c.keys = evalSource, src, keys
				}
			case "EvalSha", "EvalShaRO", "FCall", "FCallRO":
				if isString(src) && keysOK {
					c.kind, c.keys = evalKeysOnly, keys
				}
			case "ScriptLoad":
				if isString(src) {
					c.kind, c.src = loadSource, src
				}
			case "FunctionLoad", "FunctionLoadReplace":
				if isString(src) {
					c.kind, c.src = loadLibrary, src
				}
			}
		}
	case RedigoPath, RedigoOldPath:
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

// isGoRedisPath reports whether path is one of the go-redis packages.
func isGoRedisPath(path string) bool {
	switch path {
	case GoRedisV9Path, GoRedisV8Path, RueidisCompPath, GoRedisV7Path, GoRedisV6Path:
		return true
	}
	return false
}

// goRedisResultPath returns the go-redis package of the single result of
// sig (*redis.Cmd, *redis.StringCmd...), or "" when it is not one.
func goRedisResultPath(sig *types.Signature) string {
	if sig.Results().Len() != 1 {
		return ""
	}
	t := sig.Results().At(0).Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !isGoRedisPath(n.Obj().Pkg().Path()) {
		return ""
	}
	return n.Obj().Pkg().Path()
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
