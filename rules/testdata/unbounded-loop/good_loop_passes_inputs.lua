-- A loop whose count comes from ARGV but that passes redis.call a KEYS or
-- ARGV element indexed by the loop variable on every round cannot run
-- past the last element: redis.call raises on the nil argument.
local pairs_count = tonumber(ARGV[1])
for i = 1, pairs_count do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', ARGV[1 + i])
end
local n = tonumber(ARGV[2])
for j = 1, n do
  local added = redis.call('SADD', KEYS[1], ARGV[2 * j + 1])
  if added == 0 then
    break
  end
end
return 1
