package redisfacts

import (
	"slices"
	"sort"
)

// Context is where Lua code runs, which decides the globals it sees.
type Context int

// The contexts of Lua code in Redis.
const (
	// EvalScript is an EVAL / EVALSHA / SCRIPT LOAD script.
	EvalScript Context = iota
	// FunctionCall is the body of a function registered by a Functions
	// library, when FCALL runs it.
	FunctionCall
	// LibraryLoad is the top level of a Functions library while FUNCTION
	// LOAD runs it.
	LibraryLoad
)

// String returns the context's name.
func (c Context) String() string {
	switch c {
	case EvalScript:
		return "eval-script"
	case FunctionCall:
		return "function-call"
	case LibraryLoad:
		return "library-load"
	}
	return "unknown-context"
}

// GlobalSet is the set of globals the Lua sandbox has for one target
// version and context (redis-semantics.md §1.2–1.4, §2, §4.5). The zero
// value is the Redis 0.0 EVAL sandbox; build one with Globals.
type GlobalSet struct {
	v   Version
	ctx Context
}

// Globals returns the sandbox globals for v in ctx. setfenv, getfenv and
// newproxy are treated as absent: current patch releases of every target
// removed them (CVE-2025-46818).
func Globals(v Version, ctx Context) GlobalSet { return GlobalSet{v: v, ctx: ctx} }

// Version returns the target version of the set.
func (g GlobalSet) Version() Version { return g.v }

// Context returns the context of the set.
func (g GlobalSet) Context() Context { return g.ctx }

// baseFunctions are the Lua base-library globals the sandbox keeps
// (redis src/script_lua.c lua_builtins_allow_list minus the removed
// setfenv/getfenv, verified on 7.0.15). Sorted. Has answers through
// classifyGlobal's switch, generated from this table and the ones below.
var baseFunctions = nameSet{
	"_G", "_VERSION", "assert", "collectgarbage", "error", "gcinfo", "getmetatable", "ipairs",
	"load", "loadstring", "next", "pairs", "pcall", "rawequal", "rawget", "rawset", "select",
	"setmetatable", "tonumber", "tostring", "type", "unpack", "xpcall",
}

// libraryMembers are the members of the library tables, verified by
// iterating each table on 7.0.15 (redis-semantics.md §1.2).
var libraryMembers = table[[]string]{
	{"bit", []string{"arshift", "band", "bnot", "bor", "bswap", "bxor", "lshift", "rol", "ror", "rshift", "tobit", "tohex"}},
	{"cjson", []string{"_NAME", "_VERSION", "decode", "decode_invalid_numbers", "decode_max_depth", "encode", "encode_invalid_numbers", "encode_keep_buffer", "encode_max_depth", "encode_number_precision", "encode_sparse_array", "new", "null"}},
	{"cmsgpack", []string{"_COPYRIGHT", "_DESCRIPTION", "_NAME", "_VERSION", "pack", "unpack", "unpack_limit", "unpack_one"}},
	{"coroutine", []string{"create", "resume", "running", "status", "wrap", "yield"}},
	{"math", []string{"abs", "acos", "asin", "atan", "atan2", "ceil", "cos", "cosh", "deg", "exp", "floor", "fmod", "frexp", "huge", "ldexp", "log", "log10", "max", "min", "mod", "modf", "pi", "pow", "rad", "random", "randomseed", "sin", "sinh", "sqrt", "tan", "tanh"}},
	{"os", []string{"clock"}},
	{"string", []string{"byte", "char", "dump", "find", "format", "gfind", "gmatch", "gsub", "len", "lower", "match", "rep", "reverse", "sub", "upper"}},
	{"struct", []string{"pack", "size", "unpack"}},
	{"table", []string{"concat", "foreach", "foreachi", "getn", "insert", "maxn", "remove", "setn", "sort"}},
}

// redisMember is one field of the redis table with where it exists.
type redisMember struct {
	name     string
	since    uint16 // Redis version (packed); Valkey has everything up to 7.2
	valkey8  bool   // only on Valkey ≥ 8.0
	eval     bool
	function bool
	load     bool
}

// redisMembers is the redis API table (redis-semantics.md §2: lua-api.md
// "Since version" / "Available in scripts/functions", src/eval.c,
// src/function_lua.c; run-time table inside a function verified by FCALL).
var redisMembers = []redisMember{
	{name: "call", since: 2<<8 | 6, eval: true, function: true},
	{name: "pcall", since: 2<<8 | 6, eval: true, function: true},
	{name: "error_reply", since: 2<<8 | 6, eval: true, function: true},
	{name: "status_reply", since: 2<<8 | 6, eval: true, function: true},
	{name: "sha1hex", since: 2<<8 | 6, eval: true, function: true},
	{name: "log", since: 2<<8 | 6, eval: true, function: true, load: true},
	{name: "LOG_DEBUG", since: 2<<8 | 6, eval: true, function: true, load: true},
	{name: "LOG_VERBOSE", since: 2<<8 | 6, eval: true, function: true, load: true},
	{name: "LOG_NOTICE", since: 2<<8 | 6, eval: true, function: true, load: true},
	{name: "LOG_WARNING", since: 2<<8 | 6, eval: true, function: true, load: true},
	{name: "setresp", since: 6 << 8, eval: true, function: true},
	{name: "set_repl", since: 3<<8 | 2, eval: true, function: true},
	{name: "REPL_NONE", since: 3<<8 | 2, eval: true, function: true},
	{name: "REPL_AOF", since: 3<<8 | 2, eval: true, function: true},
	{name: "REPL_SLAVE", since: 3<<8 | 2, eval: true, function: true},
	{name: "REPL_REPLICA", since: 5 << 8, eval: true, function: true},
	{name: "REPL_ALL", since: 3<<8 | 2, eval: true, function: true},
	{name: "replicate_commands", since: 3<<8 | 2, eval: true},
	{name: "breakpoint", since: 3<<8 | 2, eval: true},
	{name: "debug", since: 3<<8 | 2, eval: true},
	{name: "acl_check_cmd", since: 7 << 8, eval: true, function: true},
	{name: "register_function", since: 7 << 8, load: true},
	{name: "REDIS_VERSION", since: 7 << 8, eval: true, function: true, load: true},
	{name: "REDIS_VERSION_NUM", since: 7 << 8, eval: true, function: true, load: true},
	{name: "VALKEY_VERSION", valkey8: true, eval: true, function: true, load: true},
	{name: "VALKEY_VERSION_NUM", valkey8: true, eval: true, function: true, load: true},
	{name: "SERVER_NAME", valkey8: true, eval: true, function: true, load: true},
}

func (m *redisMember) in(v Version, ctx Context) bool {
	if m.valkey8 {
		if !v.Valkey || !v.AtLeast(8, 0) {
			return false
		}
	} else if !v.Valkey && packVersion(v) < m.since {
		return false
	}
	switch ctx {
	case EvalScript:
		return m.eval
	case FunctionCall:
		return m.function
	case LibraryLoad:
		return m.load
	}
	return false
}

// hasOS reports whether the os table (with only os.clock) exists: Redis
// ≥ 7.4 and Valkey ≥ 8.0, not while a library loads.
func (g GlobalSet) hasOS() bool {
	if g.ctx == LibraryLoad {
		return false
	}
	if g.v.Valkey {
		return g.v.AtLeast(8, 0)
	}
	return g.v.AtLeast(7, 4)
}

// hasServer reports whether Valkey's server alias of redis exists.
func (g GlobalSet) hasServer() bool { return g.v.Valkey && g.v.AtLeast(8, 0) }

// Has reports whether the sandbox has the global name.
func (g GlobalSet) Has(name string) bool {
	k, _ := classifyGlobal(name)
	return g.hasKind(k)
}

// hasKind is Has for a name of kind k (see classifyGlobal).
func (g GlobalSet) hasKind(k globalKind) bool {
	switch k {
	case gkRedis:
		return true
	case gkServer:
		return g.hasServer()
	}
	if g.ctx == LibraryLoad {
		return false
	}
	switch k {
	case gkEvalOnly:
		return g.ctx == EvalScript
	case gkServerHandler:
		return g.ctx == EvalScript && g.hasServer()
	case gkOS:
		return g.hasOS()
	case gkLibrary, gkBase:
		return true
	}
	return false
}

// Names returns every global name of the set, sorted.
func (g GlobalSet) Names() []string {
	var out []string
	if g.ctx != LibraryLoad {
		out = append(out, baseFunctions...)
		for _, lib := range libraryMembers.names() {
			if lib != "os" || g.hasOS() {
				out = append(out, lib)
			}
		}
		if g.ctx == EvalScript {
			out = append(out, "KEYS", "ARGV", "__redis__err__handler")
			if g.hasServer() {
				out = append(out, "__server__err__handler")
			}
		}
	}
	out = append(out, "redis")
	if g.hasServer() {
		out = append(out, "server")
	}
	sort.Strings(out)
	return out
}

// Members returns the fields of the global table name, sorted, and ok =
// true when name is a table whose fields are fixed (the libraries, redis,
// server, os, _G). KEYS and ARGV hold call data, so they report ok = false,
// as do functions and absent names.
func (g GlobalSet) Members(name string) (members []string, ok bool) {
	return g.AppendMembers(nil, name)
}

// AppendMembers is Members appending the fields to dst (returned
// extended, or as is with ok = false): a caller that needs the list only
// for a moment (to suggest a name) can pass a stack buffer rather than
// allocate a list per query.
func (g GlobalSet) AppendMembers(dst []string, name string) (members []string, ok bool) {
	if !g.Has(name) {
		return dst, false
	}
	switch name {
	case "redis", "server":
		members = dst
		for i := range redisMembers {
			if redisMembers[i].in(g.v, g.ctx) {
				members = append(members, redisMembers[i].name)
			}
		}
		sort.Strings(members[len(dst):])
		return members, true
	case "_G":
		if dst == nil {
			return g.Names(), true
		}
		return append(dst, g.Names()...), true
	}
	if m, ok := library(name); ok {
		return append(dst, m...), true
	}
	return dst, false
}

// HasMember reports whether the global table global has the field member
// (redis.call, string.format, os.clock ...).
func (g GlobalSet) HasMember(global, member string) bool {
	k, lib := classifyGlobal(global)
	if !g.hasKind(k) {
		return false
	}
	switch k {
	case gkRedis, gkServer:
		for i := range redisMembers {
			if redisMembers[i].name == member {
				return redisMembers[i].in(g.v, g.ctx)
			}
		}
		return false
	case gkBase:
		if global == "_G" {
			return g.Has(member)
		}
	case gkLibrary:
		return slices.Contains(libraryMembers[lib].val, member)
	case gkOS:
		return slices.Contains(libraryMembers[osLibrary].val, member)
	}
	return false
}

// RedisMemberSince returns the first Redis version with redis.<member> in
// some context ("7.0" for acl_check_cmd), or "" if the member is unknown
// or exists only on Valkey.
func RedisMemberSince(member string) string {
	for i := range redisMembers {
		m := &redisMembers[i]
		if m.name == member && !m.valkey8 {
			return Version{Major: int(m.since >> 8), Minor: int(m.since & 0xFF)}.String()
		}
	}
	return ""
}

// forbidden are names that the sandbox leaves out on purpose, with why.
var forbidden = table[string]{
	{"_ENV", "_ENV is Lua 5.2+; Redis runs Lua 5.1"},
	{"bit32", "bit32 is a Lua 5.2 library; Redis runs Lua 5.1 (use bit)"},
	{"debug", "the debug library is removed after initialization"},
	{"dofile", "no file access in the sandbox"},
	{"getfenv", "removed by current patch releases (CVE-2025-46818); only lua-enable-deprecated-api brings it back"},
	{"io", "no file or terminal access in the sandbox"},
	{"loadfile", "no file access in the sandbox"},
	{"module", "modules cannot be loaded in the sandbox"},
	{"newproxy", "removed by current patch releases (CVE-2025-46818); only lua-enable-deprecated-api brings it back"},
	{"os", "no operating-system access in the sandbox (only os.clock, on Redis ≥ 7.4 / Valkey ≥ 8.0)"},
	{"package", "modules cannot be loaded in the sandbox"},
	{"print", "print is removed: scripts have no output stream"},
	{"require", "modules cannot be loaded in the sandbox"},
	{"setfenv", "removed by current patch releases (CVE-2025-46818); only lua-enable-deprecated-api brings it back"},
	{"utf8", "utf8 is a Lua 5.3 library; Redis runs Lua 5.1"},
}

// SandboxForbidden reports whether name is deliberately absent from the
// sandbox, with a short reason. name is a global ("io", "print") or a
// dotted member of os ("os.execute"); "os.clock" is not forbidden.
func SandboxForbidden(name string) (reason string, ok bool) {
	if len(name) > 3 && name[:3] == "os." {
		if name == "os.clock" {
			return "", false
		}
		reason, _ := forbidden.get("os")
		return reason, true
	}
	switch k, i := classifyGlobal(name); k {
	case gkForbidden, gkOS:
		return forbidden[i].val, true
	}
	return "", false
}

// lua52Members are library functions of Lua 5.2+ that Lua 5.1 lacks, so
// calling them fails with "attempt to call field ... (a nil value)".
var lua52Members = table[[]string]{
	{"coroutine", []string{"close", "isyieldable"}},
	{"math", []string{"maxinteger", "mininteger", "tointeger", "type", "ult"}},
	{"string", []string{"pack", "packsize", "unpack"}},
	{"table", []string{"move", "pack", "unpack"}},
}

// Lua52Member reports whether global.member is a Lua 5.2+ library function
// missing from Lua 5.1 (table.unpack, math.type, string.pack ...).
func Lua52Member(global, member string) bool {
	m, _ := lua52Members.get(global)
	return slices.Contains(m, member)
}
