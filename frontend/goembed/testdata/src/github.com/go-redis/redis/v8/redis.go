// Package redis is a stub of github.com/go-redis/redis/v8 with the real
// signatures of the scripting API, for tests without the network.
package redis

import "context"

type Cmder interface{ Name() string }

type Cmd struct{}

func (c *Cmd) Result() (interface{}, error) { return nil, nil }

type StringCmd struct{}

type BoolSliceCmd struct{}

type Options struct{ Addr string }

// Scripter is what (*Script).Run needs.
type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

type cmdable func(ctx context.Context, cmd Cmder) error

func (c cmdable) Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd { return nil }
func (c cmdable) ScriptLoad(ctx context.Context, script string) *StringCmd         { return nil }
func (c cmdable) FunctionLoad(ctx context.Context, code string) *StringCmd         { return nil }
func (c cmdable) FunctionLoadReplace(ctx context.Context, code string) *StringCmd  { return nil }
func (c cmdable) FCall(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (c cmdable) FCallRO(ctx context.Context, function string, keys []string, args ...interface{}) *Cmd {
	return nil
}

type Client struct{ cmdable }

func NewClient(opt *Options) *Client { return &Client{} }

type Script struct{ src, hash string }

func NewScript(src string) *Script { return &Script{src: src} }

func (s *Script) Hash() string                                    { return s.hash }
func (s *Script) Load(ctx context.Context, c Scripter) *StringCmd { return nil }
func (s *Script) Eval(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (s *Script) EvalRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (s *Script) EvalSha(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (s *Script) EvalShaRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (s *Script) Run(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}
func (s *Script) RunRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}
