-- Remove members of a tag set whose item key no longer exists. The loop
-- variable is also called `key`, hiding the set's key: SREM then removes
-- the member from a set named after the member itself, and the tag set is
-- never pruned. The members are item keys read from Redis, undeclared.
--
-- KEYS[1]  tag set (members are item keys)
-- ARGV[1]  SSCAN cursor
-- realistic: keys=tag:{t}:red args=0
local rcall = redis.call
local key = KEYS[1]
local cursor = ARGV[1]

local page = rcall('SSCAN', key, cursor, 'COUNT', 100)
local removed = 0
for _, key in ipairs(page[2]) do -- want: shadowed-variable
  if rcall('EXISTS', key) == 0 then -- want: dynamic-key
    removed = removed + rcall('SREM', key, key) -- the same key as line 16: one finding there
  end
end
return {page[1], removed}
