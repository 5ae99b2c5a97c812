-- A small Bloom filter on a plain bitmap: the client computes the k bit
-- positions of an item (double hashing) and passes them; the script
-- reports whether the item was possibly present and adds it.
--
-- KEYS[1]  filter bitmap
-- ARGV[1..k]  bit positions (k <= 16, each < filter size)
-- Returns 1 when every bit was already set (possibly seen), 0 when the
-- item is new.
--
-- realistic: keys=bloom:{signup-emails} args=1031,77120,5522,903114,41
-- realistic: setup=SETBIT bloom:{signup-emails} 1031 1
local rcall = redis.call
local key = KEYS[1]
local k = #ARGV
if k == 0 or k > 16 then
  return redis.error_reply('ERR pass between 1 and 16 bit positions')
end
local positions = {}
for i = 1, k do
  local p = tonumber(ARGV[i])
  if not p or p < 0 or p % 1 ~= 0 then
    return redis.error_reply('ERR bit position ' .. i .. ' must be a non-negative integer')
  end
  positions[i] = p
end

local seen = 1
for _, p in ipairs(positions) do
  if rcall('SETBIT', key, p, 1) == 0 then
    seen = 0
  end
end
return seen
