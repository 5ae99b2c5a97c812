-- redis: error "counter is not a number"
-- redis-setup: SET pc:k notanumber
-- redis-keys: pc:k
local r = redis.pcall('INCR', KEYS[1])
if type(r) == 'table' and r.err then
  return redis.error_reply('counter is not a number')
end
return r
