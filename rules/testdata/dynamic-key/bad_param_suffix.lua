-- A parameter after the leftmost part does not decide the slot: the
-- leftmost part does, and here it is a reply or ARGV.
local function move(prefix)
  local next = redis.call('LPOP', KEYS[1])
  redis.call('SADD', next .. prefix, 1) -- want: dynamic-key "reply of 'LPOP'"
  redis.call('SADD', ARGV[1] .. prefix, 1) -- want: dynamic-key "ARGV[1]"
end

move(KEYS[2])
