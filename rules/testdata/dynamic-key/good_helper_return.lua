-- Helpers whose result is a KEYS element, or whose origin stays unknown.
local function same(k)
  return k
end
redis.call('GET', same(KEYS[1]))

local function first()
  return KEYS[1]
end
redis.call('GET', first())

-- Recursion: the result is unknown.
local function deep(n)
  if n > 0 then
    return deep(n - 1)
  end
  return 'k:' .. ARGV[1]
end
redis.call('GET', deep(3))

-- An escaping helper (stored in a table): callers elsewhere are unseen.
local function build(id)
  return 'user:' .. id
end
local api = { build = build }
redis.call('GET', build(ARGV[1]))

-- Built from literals only: hardcoded-key, not dynamic-key.
local function fixed()
  return string.format('%s:%s', 'cfg', 'main')
end
redis.call('GET', fixed())
redis.call('SET', string.format('%s', 'x'), 1)
redis.call('SET', table.concat({'a', 'b'}, ':'), 1)
return api
