-- This file should be prepended to other Lua scripts before they are loaded:
-- it is the prelude itself, so its own undefined names are reported.
local function publish(k, v)
  return redis.call('LPUSH', k, encode(v)) -- want: undefined-global
end
return publish
