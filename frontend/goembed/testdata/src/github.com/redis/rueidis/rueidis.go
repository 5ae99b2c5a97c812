// Package rueidis is a stub of github.com/redis/rueidis with the real
// signatures of the scripting API, for tests without the network.
package rueidis

import "context"

type Client interface{ Close() }

type RedisResult struct{}

type LuaOption func(*Lua)

type Lua struct {
	script   string
	readonly bool
}

func NewLuaScript(script string, opts ...LuaOption) *Lua { return &Lua{script: script} }
func NewLuaScriptReadOnly(script string, opts ...LuaOption) *Lua {
	return &Lua{script: script, readonly: true}
}
func NewLuaScriptNoSha(script string, opts ...LuaOption) *Lua { return &Lua{script: script} }
func NewLuaScriptReadOnlyNoSha(script string, opts ...LuaOption) *Lua {
	return &Lua{script: script, readonly: true}
}

func (s *Lua) Exec(ctx context.Context, c Client, keys, args []string) RedisResult {
	return RedisResult{}
}
