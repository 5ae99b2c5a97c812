// Package redis is a stub of github.com/go-redis/redis/v7 with the real
// signatures of the scripting API (no context argument), for tests
// without the network.
package redis

type Cmd struct{}

func (c *Cmd) Result() (interface{}, error) { return nil, nil }

type StringCmd struct{}

type scripter interface {
	Eval(script string, keys []string, args ...interface{}) *Cmd
	EvalSha(sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptLoad(script string) *StringCmd
}

type Client struct{}

func (c *Client) Eval(script string, keys []string, args ...interface{}) *Cmd  { return nil }
func (c *Client) EvalSha(sha1 string, keys []string, args ...interface{}) *Cmd { return nil }
func (c *Client) ScriptLoad(script string) *StringCmd                          { return nil }

type Script struct{ src string }

func NewScript(src string) *Script { return &Script{src: src} }

func (s *Script) Eval(c scripter, keys []string, args ...interface{}) *Cmd    { return nil }
func (s *Script) EvalSha(c scripter, keys []string, args ...interface{}) *Cmd { return nil }
func (s *Script) Run(c scripter, keys []string, args ...interface{}) *Cmd     { return nil }
