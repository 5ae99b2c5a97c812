-- A key built from the ARGV prefix with an id made in the script on one
-- path (INCR) and the caller's id on the other cannot be declared in KEYS
-- by the caller: derived-key reports it (info), not this rule. The ARGV
-- build alone stays here, with the option named.
local jobKey
if ARGV[2] == "" then
  jobKey = ARGV[1] .. redis.call('INCR', KEYS[1])
else
  jobKey = ARGV[1] .. ARGV[2]
end
redis.call('HSET', jobKey, 'state', 'wait')
redis.call('HSET', ARGV[1] .. ARGV[2], 'state', 'wait') -- want: dynamic-key "allow-prefix-from-argv"
