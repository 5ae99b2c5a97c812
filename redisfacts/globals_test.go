package redisfacts

import (
	"slices"
	"testing"
)

func TestGlobalsEvalScript(t *testing.T) {
	// The 35 names verified on 7.0.15 (redis-semantics.md §1.2).
	want := []string{"ARGV", "KEYS", "_G", "_VERSION", "__redis__err__handler",
		"assert", "bit", "cjson", "cmsgpack", "collectgarbage", "coroutine", "error", "gcinfo",
		"getmetatable", "ipairs", "load", "loadstring", "math", "next", "pairs", "pcall",
		"rawequal", "rawget", "rawset", "redis", "select", "setmetatable", "string", "struct",
		"table", "tonumber", "tostring", "type", "unpack", "xpcall"}
	g := Globals(mustVersion(t, "7.0"), EvalScript)
	if got := g.Names(); !slices.Equal(got, want) {
		t.Errorf("Names(7.0, eval) =\n%v\nwant\n%v", got, want)
	}
	for _, n := range want {
		if !g.Has(n) {
			t.Errorf("Has(%q) = false", n)
		}
	}
}

func TestGlobalsHas(t *testing.T) {
	tests := []struct {
		version string
		ctx     Context
		name    string
		want    bool
	}{
		{"7.2", EvalScript, "os", false},
		{"7.4", EvalScript, "os", true},
		{"valkey-7.2", EvalScript, "os", false},
		{"valkey-8.0", EvalScript, "os", true},
		{"7.4", LibraryLoad, "os", false},
		{"8.4", FunctionCall, "os", true},
		{"valkey-7.2", EvalScript, "server", false},
		{"valkey-8.0", EvalScript, "server", true},
		{"valkey-8.0", LibraryLoad, "server", true},
		{"8.4", EvalScript, "server", false},
		{"7.2", EvalScript, "KEYS", true},
		{"7.2", FunctionCall, "KEYS", false},
		{"7.2", FunctionCall, "ARGV", false},
		{"7.2", LibraryLoad, "KEYS", false},
		{"7.2", LibraryLoad, "redis", true},
		{"7.2", LibraryLoad, "string", false},
		{"7.2", LibraryLoad, "pairs", false},
		{"7.2", FunctionCall, "string", true},
		{"7.2", FunctionCall, "pairs", true},
		{"7.2", EvalScript, "setfenv", false},
		{"7.2", EvalScript, "getfenv", false},
		{"7.2", EvalScript, "newproxy", false},
		{"7.2", EvalScript, "print", false},
		{"7.2", EvalScript, "require", false},
		{"7.2", EvalScript, "io", false},
		{"7.2", EvalScript, "debug", false},
		{"7.2", EvalScript, "bit32", false},
		{"7.2", EvalScript, "tonumbr", false},
		{"6.2", EvalScript, "unpack", true},
		{"6.2", EvalScript, "bit", true},
	}
	for _, tt := range tests {
		g := Globals(mustVersion(t, tt.version), tt.ctx)
		if got := g.Has(tt.name); got != tt.want {
			t.Errorf("Globals(%s, %s).Has(%q) = %v, want %v", tt.version, tt.ctx, tt.name, got, tt.want)
		}
	}
}

func TestGlobalsMembers(t *testing.T) {
	tests := []struct {
		version        string
		ctx            Context
		global, member string
		want           bool
	}{
		{"7.0", EvalScript, "redis", "call", true},
		{"7.0", EvalScript, "redis", "breakpoint", true},
		{"7.0", EvalScript, "redis", "debug", true},
		{"7.0", EvalScript, "redis", "replicate_commands", true},
		{"7.0", FunctionCall, "redis", "breakpoint", false},
		{"7.0", FunctionCall, "redis", "debug", false},
		{"7.0", FunctionCall, "redis", "replicate_commands", false},
		{"7.0", FunctionCall, "redis", "set_repl", true},
		{"7.0", FunctionCall, "redis", "register_function", false},
		{"7.0", EvalScript, "redis", "register_function", false},
		{"7.0", LibraryLoad, "redis", "register_function", true},
		{"7.0", LibraryLoad, "redis", "log", true},
		{"7.0", LibraryLoad, "redis", "LOG_WARNING", true},
		{"7.0", LibraryLoad, "redis", "REDIS_VERSION", true},
		{"7.0", LibraryLoad, "redis", "call", false},
		{"7.0", LibraryLoad, "redis", "setresp", false},
		{"6.2", EvalScript, "redis", "acl_check_cmd", false},
		{"7.0", EvalScript, "redis", "acl_check_cmd", true},
		{"6.2", EvalScript, "redis", "REDIS_VERSION", false},
		{"6.2", EvalScript, "redis", "setresp", true},
		{"6.2", EvalScript, "redis", "REPL_REPLICA", true},
		{"valkey-7.2", EvalScript, "redis", "acl_check_cmd", true},
		{"valkey-8.0", EvalScript, "redis", "VALKEY_VERSION", true},
		{"valkey-8.0", LibraryLoad, "server", "SERVER_NAME", true},
		{"valkey-8.0", LibraryLoad, "server", "register_function", true},
		{"valkey-8.0", EvalScript, "server", "call", true},
		{"valkey-7.2", EvalScript, "redis", "VALKEY_VERSION", false},
		{"8.4", EvalScript, "redis", "VALKEY_VERSION", false},
		{"7.4", EvalScript, "os", "clock", true},
		{"7.4", EvalScript, "os", "time", false},
		{"7.2", EvalScript, "os", "clock", false},
		{"7.2", EvalScript, "string", "format", true},
		{"7.2", EvalScript, "string", "gfind", true},
		{"7.2", EvalScript, "string", "pack", false},
		{"7.2", EvalScript, "table", "getn", true},
		{"7.2", EvalScript, "table", "unpack", false},
		{"7.2", EvalScript, "math", "mod", true},
		{"7.2", EvalScript, "math", "type", false},
		{"7.2", EvalScript, "bit", "tohex", true},
		{"7.2", EvalScript, "cjson", "null", true},
		{"7.2", EvalScript, "cmsgpack", "unpack_one", true},
		{"7.2", EvalScript, "struct", "size", true},
		{"7.2", EvalScript, "coroutine", "wrap", true},
		{"7.2", EvalScript, "_G", "pairs", true},
		{"7.2", EvalScript, "_G", "print", false},
		{"7.2", EvalScript, "KEYS", "1", false},
		{"7.2", EvalScript, "nosuch", "x", false},
	}
	for _, tt := range tests {
		g := Globals(mustVersion(t, tt.version), tt.ctx)
		if got := g.HasMember(tt.global, tt.member); got != tt.want {
			t.Errorf("Globals(%s, %s).HasMember(%q, %q) = %v, want %v", tt.version, tt.ctx, tt.global, tt.member, got, tt.want)
		}
	}
}

func TestGlobalsMembersLists(t *testing.T) {
	g := Globals(mustVersion(t, "7.0"), EvalScript)
	// redis (EVAL) on 7.0.15, verified (redis-semantics.md §1.2).
	want := []string{"LOG_DEBUG", "LOG_NOTICE", "LOG_VERBOSE", "LOG_WARNING", "REDIS_VERSION",
		"REDIS_VERSION_NUM", "REPL_ALL", "REPL_AOF", "REPL_NONE", "REPL_REPLICA", "REPL_SLAVE",
		"acl_check_cmd", "breakpoint", "call", "debug", "error_reply", "log", "pcall",
		"replicate_commands", "set_repl", "setresp", "sha1hex", "status_reply"}
	if got, ok := g.Members("redis"); !ok || !slices.Equal(got, want) {
		t.Errorf("Members(redis) = %v, %v", got, ok)
	}
	// The run-time table inside a function, verified by FCALL (§2).
	fn := Globals(mustVersion(t, "7.0"), FunctionCall)
	wantFn := []string{"LOG_DEBUG", "LOG_NOTICE", "LOG_VERBOSE", "LOG_WARNING", "REDIS_VERSION",
		"REDIS_VERSION_NUM", "REPL_ALL", "REPL_AOF", "REPL_NONE", "REPL_REPLICA", "REPL_SLAVE",
		"acl_check_cmd", "call", "error_reply", "log", "pcall", "set_repl", "setresp", "sha1hex",
		"status_reply"}
	if got, ok := fn.Members("redis"); !ok || !slices.Equal(got, wantFn) {
		t.Errorf("function Members(redis) = %v, %v", got, ok)
	}
	load := Globals(mustVersion(t, "valkey-8.0"), LibraryLoad)
	wantLoad := []string{"LOG_DEBUG", "LOG_NOTICE", "LOG_VERBOSE", "LOG_WARNING", "REDIS_VERSION",
		"REDIS_VERSION_NUM", "SERVER_NAME", "VALKEY_VERSION", "VALKEY_VERSION_NUM", "log", "register_function"}
	if got, ok := load.Members("server"); !ok || !slices.Equal(got, wantLoad) {
		t.Errorf("valkey load Members(server) = %v, %v", got, ok)
	}
	if got := load.Names(); !slices.Equal(got, []string{"redis", "server"}) {
		t.Errorf("valkey load Names = %v", got)
	}
	if got, ok := g.Members("string"); !ok || len(got) != 15 {
		t.Errorf("Members(string) = %v, %v", got, ok)
	}
	if _, ok := g.Members("KEYS"); ok {
		t.Error("Members(KEYS) should not be ok")
	}
	if _, ok := g.Members("pairs"); ok {
		t.Error("Members(pairs) should not be ok")
	}
	if _, ok := g.Members("os"); ok {
		t.Error("Members(os) on 7.0 should not be ok")
	}
	if got, ok := Globals(mustVersion(t, "7.4"), EvalScript).Members("os"); !ok || !slices.Equal(got, []string{"clock"}) {
		t.Errorf("Members(os) on 7.4 = %v, %v", got, ok)
	}
	// The returned slices are copies.
	got, _ := g.Members("string")
	got[0] = "mutated"
	if again, _ := g.Members("string"); again[0] != "byte" {
		t.Error("Members returned shared storage")
	}
}

func TestSandboxForbidden(t *testing.T) {
	for _, name := range []string{"os", "os.execute", "os.time", "io", "require", "loadfile", "dofile",
		"print", "debug", "package", "module", "setfenv", "getfenv", "newproxy", "utf8", "bit32", "_ENV"} {
		if reason, ok := SandboxForbidden(name); !ok || reason == "" {
			t.Errorf("SandboxForbidden(%q) = %q, %v", name, reason, ok)
		}
	}
	for _, name := range []string{"os.clock", "pairs", "string", "redis", "tonumbr", "os."} {
		if _, ok := SandboxForbidden(name); ok {
			t.Errorf("SandboxForbidden(%q) = true", name)
		}
	}
}

func TestLua52Member(t *testing.T) {
	for _, m := range [][2]string{{"table", "unpack"}, {"table", "pack"}, {"table", "move"},
		{"math", "tointeger"}, {"math", "type"}, {"string", "pack"}, {"string", "unpack"}} {
		if !Lua52Member(m[0], m[1]) {
			t.Errorf("Lua52Member(%s, %s) = false", m[0], m[1])
		}
	}
	for _, m := range [][2]string{{"table", "insert"}, {"math", "floor"}, {"string", "format"}, {"redis", "call"}} {
		if Lua52Member(m[0], m[1]) {
			t.Errorf("Lua52Member(%s, %s) = true", m[0], m[1])
		}
	}
}

func TestRedisMemberSince(t *testing.T) {
	for member, want := range map[string]string{"acl_check_cmd": "7.0", "register_function": "7.0",
		"setresp": "6.0", "set_repl": "3.2", "call": "2.6", "REPL_REPLICA": "5.0",
		"VALKEY_VERSION": "", "nosuch": ""} {
		if got := RedisMemberSince(member); got != want {
			t.Errorf("RedisMemberSince(%s) = %q, want %q", member, got, want)
		}
	}
}
