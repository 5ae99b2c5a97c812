#!lua name=counters_bad
-- A counters library that aliases redis.call and cjson at the top level,
-- as EVAL scripts do. In a library the top level runs at FUNCTION LOAD
-- with only redis.register_function/log available: loading fails with
-- "Script attempted to access nonexistent global variable 'call'".
--
-- cnt_incr(keys={counter}, args={by}) -> new value
-- realistic: fcall=cnt_incr keys=c:{x} args=1
local rcall = redis.call -- want: load-time-call
local encode = cjson.encode -- want: load-time-call

local function incr(keys, args)
  local by = tonumber(args[1]) or 1
  local value = rcall('INCRBY', keys[1], by)
  return encode({value = value})
end

redis.register_function('cnt_incr', incr)
