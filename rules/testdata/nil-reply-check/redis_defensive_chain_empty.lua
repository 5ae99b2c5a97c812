-- redis: reply bulk:"empty"
-- redis-keys: missing-zset
-- An empty ZRANGE reply is an empty table: 'top == nil or top == false'
-- never holds, but 'top[2] == nil' does, so the chain takes the branch.
local top = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if top == nil or top == false or top[2] == nil then -- want: nil-reply-check[info] "redundant test"
  return 'empty'
end
return top[2]
