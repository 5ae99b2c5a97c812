-- Dynamic names, module commands, aliases and subcommands that exist.
local rcall = redis.call
rcall('GET', KEYS[1])
redis.call(ARGV[4], KEYS[1])
redis.call(string.upper(ARGV[1]), KEYS[1])
redis.call('JSON.GET', KEYS[1], '$')
redis.call('FT.SEARCH', 'idx', '*')
redis.call('get', KEYS[1])
redis.call('CLIENT', 'SETNAME', 'x')
redis.call('OBJECT', 'ENCODING', KEYS[1])
redis.call('OBJECT', ARGV[1], KEYS[1])
redis.call('SET', KEYS[1], 'IFEQ')
redis.call('SET', 'IFEQ', ARGV[1])
redis.call('SET', KEYS[1], ARGV[1], 'EX', 10, 'NX')
redis.call('DELEX', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'IFEQ', ARGV[2])
local name = ARGV[1] == 'a' and 'GET' or 'GTE'
redis.call(name, KEYS[1])
