-- Forwarding the error of a failed redis.pcall write is fine for that
-- write, not for the writes before it.
redis.call('SET', KEYS[1], ARGV[1])
local added = redis.pcall('SADD', KEYS[2], ARGV[1])
if added.err then
  return {err = added.err} -- want: write-before-validation "the 'SET' on line 3 stays"
end
local wrapped_ok, failure = pcall(redis.call, 'INCR', KEYS[3])
if failure and failure.err then
  return redis.error_reply(failure.err) -- want: write-before-validation "the 'SET' on line 3 stays"
end
return 1
