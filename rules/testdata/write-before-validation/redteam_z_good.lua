-- error before any write; writes only after; pcall error returned after read
local n = tonumber(ARGV[1])
assert(n, 'n must be a number')
local cur = redis.call('GET', KEYS[1])
if cur and tonumber(cur) > n then
  return redis.error_reply('too big')
end
redis.call('SET', KEYS[1], n)
return n
