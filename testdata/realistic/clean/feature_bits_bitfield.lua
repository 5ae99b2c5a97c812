-- Per-user feature counters packed in one string with BITFIELD: 8 unsigned
-- 8-bit counters that saturate at 255 instead of wrapping, plus a flags
-- byte maintained with the bit library.
--
-- KEYS[1]  packed counters
-- ARGV[1]  counter index, 0..7
-- ARGV[2]  increment
-- ARGV[3]  flag bit to set, 0..7
-- Returns {counter value, flags byte}.
--
-- realistic: keys=feat:{u:42} args=3,5,2
local rcall = redis.call
local key = KEYS[1]
local index = tonumber(ARGV[1])
local by = tonumber(ARGV[2])
local flag = tonumber(ARGV[3])
if not index or index < 0 or index > 7 or index % 1 ~= 0 then
  return redis.error_reply('ERR counter index must be an integer 0..7')
end
if not by or not flag or flag < 0 or flag > 7 then
  return redis.error_reply('ERR increment and flag must be numbers, flag 0..7')
end

local offset = '#' .. index
local counters = rcall('BITFIELD', key, 'OVERFLOW', 'SAT', 'INCRBY', 'u8', offset, by)
local flags = rcall('BITFIELD', key, 'GET', 'u8', '#8')[1]
flags = bit.bor(flags, bit.lshift(1, flag))
rcall('BITFIELD', key, 'SET', 'u8', '#8', flags)
return {counters[1], flags}
