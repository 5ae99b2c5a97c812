-- A local helper's result is what its returns give.
local function keyFor(id)
  return 'user:' .. id
end
redis.call('GET', keyFor(ARGV[1])) -- want: dynamic-key "key built from ARGV[1] by concatenation (in 'keyFor')"

local function jobsKey()
  return KEYS[1] .. ':jobs'
end
redis.call('LLEN', jobsKey())  -- derived-key (info): see testdata/derived-key/bad_helper_return.lua

local function fromReply()
  local id = redis.call('GET', KEYS[1])
  return string.format('item:%s', id)
end
redis.call('HGETALL', fromReply()) -- want: dynamic-key "reply of 'GET'"

-- Several returns: any of them may be the key.
local function pick(flag)
  if flag then
    return KEYS[1]
  end
  return 'rate:' .. ARGV[2]
end
redis.call('INCR', pick(true)) -- want: dynamic-key "ARGV[2]"
redis.call('INCR', pick(false)) -- want: dynamic-key "ARGV[2]"
