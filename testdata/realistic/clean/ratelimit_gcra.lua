-- Generic cell rate algorithm (GCRA): one key holds the theoretical arrival
-- time (TAT) in microseconds. The server clock is used so that every app
-- server agrees on "now" (effects replication makes TIME safe since 5.0).
--
-- KEYS[1]  TAT key
-- ARGV[1]  burst (requests that may arrive at once)
-- ARGV[2]  rate: requests per period
-- ARGV[3]  period in seconds
-- Returns {limited (0/1), remaining, retry_after_ms, reset_after_ms}.
--
-- realistic: keys=gcra:{login:alice} args=5,10,60
local rcall = redis.call
local key = KEYS[1]
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local period = tonumber(ARGV[3])
if not burst or not rate or not period or rate <= 0 or burst < 1 then
  return redis.error_reply('ERR burst, rate and period must be positive numbers')
end

local t = rcall('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = math.floor(period * 1000000 / rate)
local tolerance = interval * burst

local tat = tonumber(rcall('GET', key)) or now
tat = math.max(tat, now)
local new_tat = tat + interval
local allow_at = new_tat - tolerance

if now < allow_at then
  local retry_after = allow_at - now
  return {1, 0, math.ceil(retry_after / 1000), math.ceil((tat - now) / 1000)}
end

local ttl = new_tat - now
rcall('SET', key, string.format('%d', new_tat), 'PX', math.ceil(ttl / 1000))
local remaining = math.floor((now - (new_tat - tolerance)) / interval)
return {0, remaining, 0, math.ceil(ttl / 1000)}
