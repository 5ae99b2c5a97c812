-- Tests that protect the returned value on every path to the return.
local first = tonumber(ARGV[1])
if first == nil then
  return redis.error_reply('ERR first is not a number')
end
local second = tonumber(ARGV[2])
if not second then
  second = 0
end
local third = tonumber(ARGV[3])
assert(third, 'third is not a number')
local fourth = tonumber(ARGV[4])
local doubled = fourth * 2
local label = string.match(ARGV[5], '^%a+$')
if label then
  return {first, second, third, fourth, doubled, label}
end
local name
repeat
  name = redis.call('RPOP', KEYS[1])
until name ~= nil
return {first, second, third, fourth, doubled, name}
