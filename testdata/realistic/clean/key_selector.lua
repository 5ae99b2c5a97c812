-- Write a metric sample into one of several declared series. The series
-- is chosen by index or by name, always among the KEYS the caller passed
-- (KEYS[i] with a computed index is still a declared key).
--
-- KEYS[1..n]  series lists (same hash tag), KEYS[1] is the default
-- ARGV[1]     series index (1-based) or "" for the default
-- ARGV[2]     sample
-- ARGV[3]     "raw" to write to the last series (unaggregated) instead
-- Returns the series length.
--
-- realistic: keys=ts:{cpu}:1m,ts:{cpu}:5m,ts:{cpu}:raw args=2,0.73,
-- realistic: keys=ts:{cpu}:1m,ts:{cpu}:5m,ts:{cpu}:raw args=,0.70,raw
local rcall = redis.call
local index = tonumber(ARGV[1]) or 1
if index < 1 or index > #KEYS or index % 1 ~= 0 then
  return redis.error_reply('ERR series index out of range')
end

local function series(i)
  if ARGV[3] == 'raw' then
    return KEYS[#KEYS]
  end
  return KEYS[i]
end

local key = series(index)
if ARGV[3] == 'keep-default' then
  key = KEYS[1]
end
local length = rcall('RPUSH', key, ARGV[2])
if length > 1440 then
  rcall('LTRIM', key, -1440, -1)
end
return length
