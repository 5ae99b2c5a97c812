local members = redis.call('SMEMBERS', KEYS[1])
for i = 1, #members do
  redis.call('SREM', KEYS[1], members[i])
end
local n = tonumber(redis.call('GET', KEYS[2]))
local i = 0
while i < n do -- while with a counter: not in the contract, not reported
  i = i + 1
end
