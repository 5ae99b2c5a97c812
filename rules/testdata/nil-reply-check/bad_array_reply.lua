-- Array replies are tables: the advice is to test their length, since
-- 'not x' and 'x == false' are always false as well.
local ids = redis.call('LRANGE', KEYS[1], 0, 9)
if ids ~= nil then -- want: nil-reply-check "test its length (#ids > 0)"
  redis.call('DEL', KEYS[2])
end
if redis.call('HGETALL', KEYS[3]) == nil then -- want: nil-reply-check "an array reply is a table"
  return 0
end
local v = redis.call('GET', KEYS[4])
if v == nil then -- want: nil-reply-check "use 'not v' or 'v == false'"
  return 1
end
local conf = redis.call('HGETALL', KEYS[5])
if conf == false or conf == nil then -- want: nil-reply-check[error] "comparing it with false is always false"
  return -1
end
if redis.call('SMEMBERS', KEYS[6]) then -- want: nil-reply-check "test its length: #redis.call(...) > 0"
  return -2
end
if #conf == 0 then
  return -3
end
return 2
