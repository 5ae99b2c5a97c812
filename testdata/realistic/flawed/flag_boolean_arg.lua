-- Toggle a feature flag. The flag value is computed as a Lua boolean and
-- passed straight to HSET: Redis refuses it with "Lua redis lib command
-- arguments must be strings or integers".
--
-- KEYS[1]  flag hash
-- ARGV[1]  "on" or "off"
-- realistic: keys=ff:{x} args=on
local rcall = redis.call
local key = KEYS[1]
if ARGV[1] ~= 'on' and ARGV[1] ~= 'off' then
  return redis.error_reply('ERR pass on or off')
end

local enabled = ARGV[1] == 'on'
rcall('HSET', key, 'enabled', enabled) -- want: invalid-argument
return 1
