// Package csharp is the front end of C# files: it finds the Lua scripts
// their string literals hold ("...", verbatim @"...", interpolated $"...",
// raw """...""", `+` chains, constants of the file, string.Format) and
// the calls that run them (StackExchange.Redis, FreeRedis, CSRedisCore,
// ServiceStack.Redis),
// with the host range of every byte of each script.
// docs/languages/csharp.md lists what it reads.
package csharp

import (
	"bytes"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"
)

// FrontEnd reads C# files.
type FrontEnd struct{}

// New returns the front end of C# files (.cs).
func New() *FrontEnd { return &FrontEnd{} }

// Language implements frontend.Frontend.
func (*FrontEnd) Language() string { return "csharp" }

// Extensions implements frontend.Frontend.
func (*FrontEnd) Extensions() []string { return []string{".cs"} }

// hints are byte strings one of which any file holding a script holds.
var hints = [][]byte{[]byte("redis."), []byte("server.call"), []byte("server.pcall"), []byte("Eval"), []byte("ScriptLoad"), []byte("LuaScript"), []byte("ExecLua"), []byte("ExecCachedLua"), []byte("Script("),
	[]byte("EVAL"), []byte("eval"), []byte("SCRIPT"), []byte("script\""), []byte("FUNCTION"), []byte("function\"")}

// MayHold implements frontend.Frontend.
func (*FrontEnd) MayHold(src []byte) bool {
	for _, h := range hints {
		if bytes.Contains(src, h) {
			return true
		}
	}
	return false
}

// Find implements frontend.Frontend.
func (*FrontEnd) Find(path string, src []byte) (*frontend.Found, error) {
	cfg := &clike.Config{ArrowBindings: true, Primary: primary, Postfix: postfix, APIs: apis}
	p := clike.NewParser(src, lex(src), cfg)
	return clike.Contract(p), nil
}
