-- Keys with a non-literal part are not hard-coded (dynamic-key's business).
redis.call('SET', string.format('%s', KEYS[1]), 1)
redis.call('SET', 'user:' .. ARGV[1], 1)
redis.call('SET', table.concat({'a', ARGV[1]}, ':'), 1)
for i = 1, 3 do
  redis.call('DEL', 'slot:' .. i)
end
local function keyFor(id)
  return 'user:' .. id
end
redis.call('GET', keyFor(ARGV[2]))
redis.call('GET', KEYS[1])
