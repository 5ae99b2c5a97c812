-- A local helper's result is what its returns give.
local function keyFor(id)
  return 'user:' .. id
end
redis.call('GET', keyFor(ARGV[1]))

local function jobsKey()
  return KEYS[1] .. ':jobs'
end
redis.call('LLEN', jobsKey()) -- want: derived-key "cluster-safe only if KEYS[1] carries a {hash tag}"

local function fromReply()
  local id = redis.call('GET', KEYS[1])
  return string.format('item:%s', id)
end
redis.call('HGETALL', fromReply())

-- Several returns: any of them may be the key.
local function pick(flag)
  if flag then
    return KEYS[1]
  end
  return 'rate:' .. ARGV[2]
end
redis.call('INCR', pick(true))
redis.call('INCR', pick(false))
