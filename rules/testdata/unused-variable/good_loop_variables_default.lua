-- Unused loop variables are not reported by default (report-loop-variables
-- turns them on): the key of a pairs/ipairs loop needs a name to reach the
-- value, and on real code these were never a bug.
local total = 0
for i, v in ipairs(ARGV) do
  total = total + #v
end
for k, v in pairs(redis.call('HGETALL', KEYS[1])) do
  total = total + 1
end
for n = 1, 3 do
  total = total * 2
end
return total
