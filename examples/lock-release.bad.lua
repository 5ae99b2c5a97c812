-- Release the orders lock, but only if the caller still owns it.
-- Called as: EVAL <script> 0 <owner-token>
--
-- Problems:
--   * the lock key is a literal: invisible to cluster routing and to ACL
--     key patterns (hardcoded-key)
--   * a missing key arrives in Lua as false, never nil, so `owner == nil`
--     is always false and the "already released" branch never runs
--     (nil-reply-check)
local owner = redis.call('GET', 'lock:orders')
if owner == nil then
  return 0
end
if owner == ARGV[1] then
  return redis.call('DEL', 'lock:orders')
end
return 0
