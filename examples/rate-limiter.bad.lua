-- Fixed-window rate limiter: allow ARGV[2] requests per user every ARGV[3] seconds.
-- Called as: EVAL <script> 0 <user-id> <limit> <window-seconds>
--
-- Problems:
--   * the key is built from ARGV: a cluster cannot route it and ACL key
--     patterns cannot see it (dynamic-key)
--   * `window` lacks `local`: Redis refuses to create the global and the
--     script fails on every call (global-assignment)
--   * `current > ARGV[2]` compares a number with a string and raises
--     "attempt to compare number with string" (argv-tonumber)
local key = 'rate:' .. ARGV[1]
window = ARGV[3]

local current = redis.call('INCR', key)
if current == 1 then
  redis.call('EXPIRE', key, window)
end
if current > ARGV[2] then
  return 0
end
return 1
