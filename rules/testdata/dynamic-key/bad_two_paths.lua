-- Without the option, a key built from the ARGV prefix on two paths is
-- reported as an ARGV build, with the option named.
local jobKey
if ARGV[2] == "" then
  jobKey = ARGV[1] .. redis.call('INCR', KEYS[1])
else
  jobKey = ARGV[1] .. ARGV[2]
end
redis.call('HSET', jobKey, 'state', 'wait') -- want: dynamic-key "allow-prefix-from-argv"
