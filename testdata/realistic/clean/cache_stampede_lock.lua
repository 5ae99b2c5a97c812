-- Cache-aside read with stampede protection: on a miss only one caller
-- gets the right to recompute (a short lock); the others are told to wait
-- and retry. A hit close to expiry also elects one refresher early, so
-- the hot key rarely expires under load (probabilistic early refresh,
-- with the randomness drawn by the client).
--
-- KEYS[1]  cached value
-- KEYS[2]  recompute lock
-- ARGV[1]  caller id
-- ARGV[2]  lock lease in milliseconds
-- ARGV[3]  early-refresh window in milliseconds
-- ARGV[4]  random draw in [0, 1) from the client
-- Returns {"hit", value}, {"hit-refresh", value}, {"miss-compute"} or
-- {"miss-wait"}.
--
-- realistic: keys=cache:{product:9}:v3,cache:{product:9}:v3:lock args=web-4,5000,10000,0.25
-- realistic: setup=SET cache:{product:9}:v3 {"name":"lamp"} PX 60000
local rcall = redis.call
local value_key, lock_key = KEYS[1], KEYS[2]
local caller = ARGV[1]
local lease = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local draw = tonumber(ARGV[4])
if not lease or not window or not draw then
  return redis.error_reply('ERR lease, window and draw must be numbers')
end

local value = rcall('GET', value_key)
if value then
  local ttl = rcall('PTTL', value_key)
  -- The closer to expiry, the likelier a refresh.
  if ttl > 0 and ttl < window and draw > ttl / window
      and rcall('SET', lock_key, caller, 'NX', 'PX', lease) then
    return {'hit-refresh', value}
  end
  return {'hit', value}
end

if rcall('SET', lock_key, caller, 'NX', 'PX', lease) then
  return {'miss-compute'}
end
return {'miss-wait'}
