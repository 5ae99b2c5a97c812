#!lua name=ug_lib
-- In a library, KEYS/ARGV (function-keys-argv) and call-time globals at load
-- time (load-time-call) belong to other rules; typos are still reported.
local fmt = string.format
local level = redis.LOG_WARNNG -- want: undefined-global "redis.LOG_WARNNG"
local v = tonumbr('1') -- want: undefined-global "did you mean 'tonumber'?"
redis.register_function('ug_f', function(keys, args)
  local x = KEYS[1]
  local y = redis.breakpoint() -- want: undefined-global "only in an EVAL script"
  local z = tonumbr(args[1]) -- want: undefined-global "did you mean 'tonumber'?"
  return math.floor(tonumber(args[1]) or 0)
end)
-- A global function's name is defined at load time, where 'M' is unknown too.
function M.helper() end -- want: undefined-global "undefined global 'M'"
