-- The spelling suggestions name locals visible at the use, not the one
-- the statement is declaring nor those of other blocks.
local counter = tonumber(ARGV[1])
local next_id = countr + 1 -- want: undefined-global "did you mean 'counter'?"
local retries = retres -- want: undefined-global "declare it with 'local'"
local function helper(x)
  return hlper(x) -- want: undefined-global "did you mean 'helper'?"
end
return {next_id, retries, helper(1), GET(KEYS[1])} -- want: undefined-global "redis.call('GET', ...)"
