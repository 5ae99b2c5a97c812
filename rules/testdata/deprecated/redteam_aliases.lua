local r = redis
r.call('GTE', KEYS[1])
local call = redis["call"]
call('SET', KEYS[1])
local api = {call = redis.call}
api.call('NOPE', KEYS[1])
local s = server
local M = {}
function M.run()
  return redis.call('MULTI')
end
local function outer()
  local rc = redis.call
  local function inner()
    return rc('subscribe', 'x')
  end
  return inner()
end
local name = 'GETSET'
redis.call(name, KEYS[1], 'v') -- want: deprecated
local name2 = 'GET'
name2 = 'SETT'
redis.call(name2, KEYS[1])
local n3 = ARGV[1] and 'GTE' or 'GET'
redis.call(n3, KEYS[1])
redis.call(('gte'), KEYS[1])
redis.call("G" .. "TE", KEYS[1])
redis.call([[GTE]], KEYS[1])
return M.run() or outer()
