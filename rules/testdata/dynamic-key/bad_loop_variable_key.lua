-- A loop variable or a parameter that is never assigned holds one key in
-- each round or call: its uses there are one finding.
for _, k in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', k) == 0 then -- want: dynamic-key "(2 uses)"
    redis.call('SREM', KEYS[1], k)
  else
    redis.call('EXPIRE', k, 60)
  end
end
local function touch(key)
  redis.call('SET', key, 1) -- want: dynamic-key "(2 uses)"
  redis.call('EXPIRE', key, 10)
end
touch(ARGV[1] .. ':t')
return 1
