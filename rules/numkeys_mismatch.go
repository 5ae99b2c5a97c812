package rules

import "github.com/redis-lua-lint/redis-lua-lint/analyzer"

// numkeysMismatchRule is checked at call sites by the host-language front
// ends (frontend.Check, frontend/goembed): a Lua file alone does not show how many keys its callers pass, so Run
// does nothing on Lua files.
var numkeysMismatchRule = &analyzer.Rule{
	ID:       "numkeys-mismatch",
	Severity: analyzer.SeverityError,
	Doc: analyzer.Doc{
		Title: "a call passes fewer keys than the script reads",
		Rationale: "EVAL's numkeys decides which arguments land in KEYS and which in ARGV. When a call passes fewer " +
			"keys than the highest KEYS[n] the script reads, KEYS[n] is nil in the script: the command it feeds fails " +
			"with a Lua error, or worse, a key silently shifts into ARGV and a value is used as a key. Checked where " +
			"the script is embedded in host code whose call shows the count: a literal numkeys (redis-py, Jedis, Predis, " +
			"ioredis eval, numberOfKeys, NUMBER_OF_KEYS), the length of a literal keys list (go-redis, Spring, Lettuce, " +
			"StackExchange.Redis, redis-rb keys:) or redigo's keyCount. Scripts that read optional keys on purpose are not checked: they look at #KEYS, or test whether a KEYS element is there (if KEYS[3] then, or local k = KEYS[3] then if k then, k ~= nil, k and ...).",
		Bad:       "var incr = redis.NewScript(`return redis.call('INCRBY', KEYS[1], KEYS[2])`)\nincr.Run(ctx, rdb, []string{\"counter\"}, 1)\n",
		Good:      "var incr = redis.NewScript(`return redis.call('INCRBY', KEYS[1], ARGV[1])`)\nincr.Run(ctx, rdb, []string{\"counter\"}, 1)\n",
		Tags:      []string{"correctness", "keys", "go"},
		Precision: "very-high",
	},
	Run: func(*analyzer.Pass) {},
}

func init() { register(numkeysMismatchRule) }
