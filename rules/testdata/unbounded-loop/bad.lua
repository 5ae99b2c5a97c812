-- Loops whose number of rounds nothing bounds.

-- Endless loops: no reachable break, return or error (each in its own
-- function: the code after an endless loop is unreachable).
local function spin(key)
  while true do -- want: unbounded-loop "loop never ends: 'while true do'"
    redis.call('INCR', key)
  end
end

local function fill(key)
  repeat -- want: unbounded-loop "'repeat ... until false'"
    redis.call('LPUSH', key, 'x')
  until false
end

local function nested()
  while 1 do -- want: unbounded-loop "never ends"
    local function inner()
      return 1 -- a return in a nested function does not leave the loop
    end
    inner()
  end
end

local function breaksInner()
  while true do -- want: unbounded-loop "never ends"
    for i = 1, 3 do
      break -- leaves the for loop only
    end
  end
end

-- Numeric for bounded by ARGV.
for i = 1, tonumber(ARGV[1]) do -- want: unbounded-loop "comes from ARGV"
  redis.call('LPUSH', KEYS[1], i)
end

for i = 1, ARGV[2] do -- want: unbounded-loop "comes from ARGV"
  redis.call('RPUSH', KEYS[1], i)
end

local count = tonumber(ARGV[3]) or 10
for i = 1, count do -- want: unbounded-loop "loop bound 'count' comes from ARGV"
  redis.call('RPUSH', KEYS[1], i)
end

-- Counting down from ARGV.
for i = tonumber(ARGV[4]), 1, -1 do -- want: unbounded-loop "ARGV"
  redis.call('RPUSH', KEYS[1], i)
end

-- A sign check is not an upper bound.
local n = tonumber(ARGV[5])
if not n or n < 1 then
  return redis.error_reply('bad count')
end
for i = 1, n do -- want: unbounded-loop "ARGV"
  redis.call('RPUSH', KEYS[1], i)
end

-- Bounded by a reply.
local len = redis.call('LLEN', KEYS[1])
for i = 1, len do -- want: unbounded-loop "the 'LLEN' reply"
  redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
end

for i = 1, tonumber(redis.call('GET', KEYS[3])) do -- want: unbounded-loop "the 'GET' reply"
  redis.call('INCR', KEYS[4])
end


-- A math.min whose arguments all grow is no clamp.
for i = 1, math.min(tonumber(ARGV[6]), redis.call('LLEN', KEYS[1])) do -- want: unbounded-loop
  redis.call('LPOP', KEYS[1])
end

-- Cursor loops until the cursor is "0".
local cursor = '0'
repeat -- want: unbounded-loop "loop runs 'SSCAN' until the cursor is \"0\""
  local r = redis.call('SSCAN', KEYS[6], cursor, 'COUNT', 100)
  cursor = r[1]
  for _, m in ipairs(r[2]) do
    redis.call('SREM', KEYS[6], m)
  end
until cursor == '0'

local c = '0'
while true do -- want: unbounded-loop "the whole keyspace"
  local r = redis.call('SCAN', c, 'MATCH', 'tmp:*')
  c = r[1]
  if c == '0' then
    break
  end
end

local hc = redis.call('HSCAN', KEYS[7], 0)
while hc[1] ~= '0' do -- want: unbounded-loop "'HSCAN'"
  hc = redis.call('HSCAN', KEYS[7], hc[1])
end

-- An error exit is a failure, not a bound: still a cursor loop.
local zc = '0'
repeat -- want: unbounded-loop "'ZSCAN'"
  local r = redis.pcall('ZSCAN', KEYS[8], zc)
  if r.err then
    error(r.err)
  end
  zc = r[1]
until zc == '0'
