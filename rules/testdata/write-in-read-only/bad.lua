#!lua flags=no-writes
local v = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[2], v)                 -- want: write-in-read-only "'SET' is a write command and the script is read-only"
redis.call('PUBLISH', 'ch', v)                -- want: write-in-read-only "'PUBLISH' counts as a write command"
redis.call('PFCOUNT', KEYS[3])                -- want: write-in-read-only
local function helper(k)
  return redis.call('DEL', k)                 -- want: write-in-read-only
end
return helper(KEYS[1])
