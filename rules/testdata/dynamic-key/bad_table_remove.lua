-- Arguments taken one by one with table.remove are ARGV elements: keys
-- built from them are computed in the script.
local prefix = table.remove(ARGV, 1)
redis.call('INCR', prefix .. 'counter') -- want: dynamic-key "key built from ARGV by concatenation"
for _, name in ipairs(ARGV) do
  redis.call('RPUSH', prefix .. 'list:' .. name, 1) -- want: dynamic-key "key built from ARGV"
end
local first = table.remove(KEYS, 1)
return redis.call('GET', first)
