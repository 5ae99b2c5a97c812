-- A helper file pasted into scripts by a build step: the including script
-- declares `local call = redis.call`, so call(...) below runs commands and
-- is checked like redis.call. The trace write uses a fixed key name.
--- @include "helpers/clock"

local function markSeen(itemKey, cmd)
  call("SET", "trace:last-seen", itemKey) -- want: hardcoded-key "'trace:last-seen'"
  call(cmd, itemKey)
  return call("HSET", itemKey, "seen", 1)
end
