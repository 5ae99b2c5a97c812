// Package goredisv7 runs scripts through go-redis v7, whose calls take no
// context: the keys are the second argument of Run and Eval.
package goredisv7

import "github.com/go-redis/redis/v7"

var moveAll = redis.NewScript(`
local items = redis.call("ZRANGE", KEYS[1], 0, 99)
for _, item in ipairs(items) do
	redis.call("LPUSH", KEYS[2], item)
end
return #items`)

func run(c *redis.Client) {
	moveAll.Run(c, []string{"{q}:retry", "{q}:pending"})
	moveAll.Run(c, []string{"{q}:retry"}) // want `the script reads KEYS\[2\] but this call passes 1 key.*\[numkeys-mismatch\]`
	c.Eval("return redis.call('GET', KEYS[1])", []string{"a"})
	c.Eval("return redis.call('MGET', KEYS[1], KEYS[2])", []string{"a", "b"}) // want `keys "a" \(slot \d+\) and "b"`
	c.ScriptLoad("return getn(KEYS)")                                         // want `\[undefined-global\]`
}
