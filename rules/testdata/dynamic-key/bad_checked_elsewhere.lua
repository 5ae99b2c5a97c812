-- The test must prove the key equal to a KEYS element where the command
-- runs: not in the other branch, not after the key changed, not through
-- `or` or `~=`, not by comparing with an ARGV value.
local queue = ARGV[1] .. ':q'
for _, declared in ipairs(KEYS) do
  if declared == queue then
    queue = queue .. ':retry'
    redis.call('RPUSH', queue, ARGV[3]) -- want: dynamic-key "built from ARGV"
  else
    redis.call('RPUSH', queue, ARGV[3]) -- want: dynamic-key "built from ARGV"
  end
  if declared == queue or ARGV[2] == 'force' then
    redis.call('DEL', queue) -- want: dynamic-key "built from ARGV"
  end
  if declared ~= queue then
    redis.call('DEL', queue) -- want: dynamic-key "built from ARGV"
  end
end
if ARGV[2] == queue then
  redis.call('DEL', queue) -- want: dynamic-key "built from ARGV"
end
return 0
