-- redis: error "WRONGTYPE"
-- redis-keys: wbv:{q}:counter wbv:{q}:log
-- redis-setup: SET wbv:{q}:counter plain
-- state-after: GET wbv:{q}:log => bulk:"seen"
-- Forwarding a failed redis.pcall's error table is an error reply: the
-- write before it stays.
redis.call('SET', KEYS[2], 'seen')
local bumped = redis.pcall('HINCRBY', KEYS[1], 'hits', 1)
if type(bumped) == 'table' and bumped.err then
  return bumped -- want: write-before-validation "the 'SET' on line 7 stays"
end
return bumped
