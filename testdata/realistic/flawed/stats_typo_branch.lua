-- Page-view counter with an optional "weight" argument. The weight branch
-- calls tonumbr (a typo): the script works in every test that omits the
-- weight and fails in production with "Script attempted to access
-- nonexistent global variable 'tonumbr'".
--
-- KEYS[1]  counter
-- ARGV[1]  weight (optional)
-- realistic: keys=pv:{home}
local rcall = redis.call
local key = KEYS[1]

local weight = 1
if ARGV[1] then
  weight = tonumbr(ARGV[1]) or 1 -- want: undefined-global "tonumber"
end
return rcall('INCRBY', key, weight)
