-- A key used several times is one finding, at its first use: one key, one
-- change to make. The other uses are the finding's related locations.
local n = redis.call('INCR', 'stats:calls') -- want: hardcoded-key "key 'stats:calls' is hard-coded (4 uses)"
redis.call('EXPIRE', 'stats:calls', 60)
if n > 100 then
  redis.call('DEL', 'stats:calls')
end
redis.call('SET', 'stats:last', ARGV[1]) -- want: hardcoded-key "key 'stats:last'"
return redis.call('TTL', 'stats:calls')
