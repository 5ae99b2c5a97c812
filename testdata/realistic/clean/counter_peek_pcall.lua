-- Peek at a counter without creating it, and try a conditional bump that
-- may legitimately fail: the pcall result is returned as is, so an error
-- (wrong type, overflow) reaches the client as an error reply.
--
-- KEYS[1]  counter
-- ARGV[1]  increment, or "" to only peek
-- Returns the counter value (0 when missing) or the increment's reply.
--
-- realistic: keys=cnt:{x} args=
-- realistic: keys=cnt:{x} args=5
-- realistic: setup=SET cnt:{x} 7
local key = KEYS[1]
if ARGV[1] == nil or ARGV[1] == '' then
  return tonumber(redis.call('GET', key)) or 0
end
return redis.pcall('INCRBY', key, ARGV[1])
