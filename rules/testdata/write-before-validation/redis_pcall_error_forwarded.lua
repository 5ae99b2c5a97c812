-- redis: error "WRONGTYPE"
-- redis-keys: wbv:{p}:counter
-- redis-setup: SET wbv:{p}:counter plain
-- state-after: GET wbv:{p}:counter => bulk:"plain"
-- A redis.pcall write that failed changed nothing: forwarding its error
-- leaves the data as it was.
local bumped = redis.pcall('HINCRBY', KEYS[1], 'hits', 1)
if type(bumped) == 'table' and bumped.err then
  return {err = bumped.err}
end
return bumped
