-- Defensive chains: a clause that can never be true sits beside one that
-- handles the empty reply. The condition does what it means, so the chain
-- gets one info finding (at its first redundant clause), not an error per
-- clause.
local top = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if top == nil or top == false or top[2] == nil then -- want: nil-reply-check[info] "redundant test of 'top' (reply of 'ZRANGE'): an array reply is never nil nor false, and 'top[2] == nil' in the same condition already handles the empty reply"
  return 0
end
local ids = redis.call('LRANGE', KEYS[2], 0, 9)
if ids ~= nil and #ids > 0 then -- want: nil-reply-check[info] "'#ids > 0' in the same condition"
  redis.call('DEL', KEYS[3])
end
local members = redis.call('SMEMBERS', KEYS[4])
if not members or not members[1] then -- want: nil-reply-check[info] "'not members[1]'"
  return -1
end
local fields = redis.call('HGETALL', KEYS[5])
if fields == nil or next(fields) == nil then -- want: nil-reply-check[info] "'next(fields) == nil'"
  return -2
end
if ids and ids[1] then -- want: nil-reply-check[info] "redundant test of 'ids' (reply of 'LRANGE')"
  redis.call('SET', KEYS[6], ids[1])
end
local n = redis.call('INCR', KEYS[7])
if n == nil or n == 0 then -- want: nil-reply-check[info] "an integer reply is never nil nor false, and 'n == 0' in the same condition already handles the zero reply"
  return -3
end
local ttl = redis.call('PTTL', KEYS[10])
if ttl ~= nil and tonumber(ttl) > 0 then -- want: nil-reply-check[info] "'tonumber(ttl) > 0' in the same condition already handles the zero reply"
  redis.call('SET', KEYS[11], 'x', 'PX', ttl)
end
-- The comparison is the only guard: the empty reply passes it and the
-- ZADD below sends nil, which raises. This stays an error, one for the
-- chain (its first clause): the second clause is the same problem.
if top ~= false and top ~= nil then -- want: nil-reply-check[error] "comparing it with false is always true"
  redis.call('ZADD', KEYS[8], top[2], 'm')
end
-- A nullable reply (GET) is false when missing: '#v > 0' beside 'v ~= nil'
-- raises on it, so that chain is not defensive.
local v = redis.call('GET', KEYS[9])
if v ~= nil and #v > 0 then -- want: nil-reply-check[error] "a missing value arrives as false"
  return v
end
return 1
