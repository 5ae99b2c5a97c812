-- 'if t then' on an array reply is always true; when the body is safe on
-- an empty reply (it reads t only as #t, ipairs(t), or t[i] in a loop up
-- to #t) it is a dead test: info, not an error.
local items = redis.call('LRANGE', KEYS[1], 0, 9)
local n = 0
if items then -- want: nil-reply-check[info] "dead test"
  for i = 1, #items do n = n + #items[i] end
end
local members = redis.call('SMEMBERS', KEYS[2])
if members then -- want: nil-reply-check[info] "dead test"
  for _, m in ipairs(members) do n = n + #m end
end
-- The guard lets the empty case through to code that breaks: the error stays.
local top = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
if top then -- want: nil-reply-check[error] "test its length"
  redis.call('ZADD', KEYS[4], top[2], top[1])
end
return n
