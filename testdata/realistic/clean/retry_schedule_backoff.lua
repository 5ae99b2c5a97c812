-- Schedule the next attempt of a webhook delivery with exponential
-- backoff and full jitter drawn by the client. A small `fail` helper
-- raises a structured error from anywhere before the first write, so the
-- checks read top to bottom.
--
-- KEYS[1]  delivery hash {attempts, url}
-- KEYS[2]  schedule sorted set (delivery id -> run at, ms)
-- ARGV[1]  delivery id
-- ARGV[2]  now, in milliseconds
-- ARGV[3]  base delay in milliseconds
-- ARGV[4]  jitter factor in [0, 1) from the client
-- ARGV[5]  maximum attempts
-- Returns the delay in milliseconds before the next attempt.
--
-- realistic: keys=wh:{d:31},wh:{sched} args=d:31,1700000000000,500,0.5,8
-- realistic: setup=HSET wh:{d:31} attempts 3 url https://example.com/hook
local rcall = redis.call
local delivery_key, schedule_key = KEYS[1], KEYS[2]

local function fail(message)
  error({err = 'ERR ' .. message})
end

local function number(i, what)
  local n = tonumber(ARGV[i])
  if not n then
    fail(what .. ' must be a number')
  end
  return n
end

local id = ARGV[1]
if not id then
  fail('delivery id required')
end
local now = number(2, 'now')
local base = number(3, 'base delay')
local jitter = number(4, 'jitter')
local max_attempts = number(5, 'maximum attempts')
if jitter < 0 or jitter >= 1 then
  fail('jitter must be in [0, 1)')
end
local attempts = tonumber(rcall('HGET', delivery_key, 'attempts')) or 0
if attempts >= max_attempts then
  fail('delivery ' .. id .. ' has no attempts left')
end

-- 2^attempts grows fast: cap at one hour before applying the jitter.
local ceiling = math.min(base * 2 ^ attempts, 3600000)
local delay = math.floor(ceiling * jitter)
rcall('HINCRBY', delivery_key, 'attempts', 1)
rcall('ZADD', schedule_key, now + delay, id)
return delay
