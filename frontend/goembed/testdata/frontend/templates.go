package templates

import (
	"fmt"

	"github.com/gomodule/redigo/redis"
)

// want-scripts: 5

// A package variable holding a script, run through code not recognised.
var release = `
if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return tonumbr(0)` // want: undefined-global

// A fmt.Sprintf template: each verb stands as a placeholder, %% as a
// percent sign.
var fetch = fmt.Sprintf(`
for i = 1, #KEYS, %d do
  redis.call("SET", KEYS[i], string.format("%%d", i))
end
return tonumbr(%[1]d)`, 2) // want: undefined-global

// A template passed to a client API through a variable: linted, and the
// keyCount is checked.
func run(n int) {
	src := fmt.Sprintf("-- %d\nreturn {KEYS[1], KEYS[2]}", n)
	_ = redis.NewScript(1, src) // want: numkeys-mismatch
}

// A wrapper client's calls: the argument whose text calls Redis.
func wrapped(c *Client) {
	c.Eval(`return tonumbr(redis.call("GET", KEYS[1]))`, []string{"k"}) // want: undefined-global
	c.ScriptLoadCtx(nil, "return redis.call('PING')")
}

// Not scripts: SQL through fmt.Sprintf, redis.call in prose, a variable
// set twice, a wrapper call whose text calls no Redis command.
var query = fmt.Sprintf("SELECT * FROM jobs WHERE id = %d", 1)

var help = "call redis.call('GET', key) to read a key"

var twice = "return redis.call('GET', KEYS[1]) .. tonumbr(1)"

func reset(c *Client) {
	twice = ""
	c.Eval("return tonumbr(1)", nil)
}
