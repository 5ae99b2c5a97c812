-- The ARGV prefix with an id made in the script on one path and the
-- caller's id on the other: one info finding, with the hash-tag advice.
local jobKey
if ARGV[2] == "" then
  jobKey = ARGV[1] .. redis.call('INCR', KEYS[1])
else
  jobKey = ARGV[1] .. ARGV[2]
end
redis.call('HSET', jobKey, 'state', 'wait') -- want: derived-key[info] "allow-prefix-from-argv"
