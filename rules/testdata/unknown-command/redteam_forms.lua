redis.call('GTE', KEYS[1]) -- want: unknown-command "GET"
redis.call('get', KEYS[1])
redis.call('Get', KEYS[1])
redis.pcall('HSETT', KEYS[1], 'a', 'b') -- want: unknown-command "HSET"
local rcall = redis.call
rcall('SETT', KEYS[1], 'v') -- want: unknown-command
redis["call"]('INCRR', KEYS[1]) -- want: unknown-command
redis.call('JSON.SET', KEYS[1], '$', '{}') -- a module command: not in the table, not reported
redis.call('CLIENT', 'KILL', 'ID', '1')
redis.call('OBJECT', 'ENCODING', KEYS[1])
redis.call('XINFO', 'STREAM', KEYS[1])
redis.call('OBJECT', 'ENCODNG', KEYS[1]) -- want: unknown-command
redis.call(ARGV[1], KEYS[1])
local cmd = 'ZADDD'
redis.call(cmd, KEYS[1], 1, 'a') -- want: unknown-command
local function f(c) return redis.call(c, KEYS[1]) end
f('NOPE')
local function g()
  return rcall('DELL', KEYS[1]) -- want: unknown-command
end
pcall(redis.call, 'SETEXX', KEYS[1], 1, 'v') -- want: unknown-command
redis.call('config', 'get', 'x')
return g()
