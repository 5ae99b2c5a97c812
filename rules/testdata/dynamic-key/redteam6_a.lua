local a, b = unpack(ARGV)
redis.call('GET', a) -- want: dynamic-key
local k = ARGV[1] or KEYS[1]
redis.call('GET', k) -- want: dynamic-key
local x
if ARGV[2] == '1' then
  x = KEYS[1]
elseif ARGV[2] == '2' then
  x = KEYS[2]
else
  x = 'fallback:' .. ARGV[3]
end
redis.call('DEL', x) -- want: dynamic-key
local y
if ARGV[2] == '1' then y = KEYS[1] elseif ARGV[2] == '2' then y = KEYS[2] else y = KEYS[3] end
redis.call('DEL', y)
local t = {KEYS[1], KEYS[2]}
redis.call('DEL', t[1])
local z = (function() return 'q:' .. ARGV[1] end)()
redis.call('DEL', z)
return b
