-- Loops with an exit or a bound: nothing to report.

-- Paging with LIMIT until done.
local offset = 0
while true do
  local page = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', offset, 100)
  if #page == 0 then
    break
  end
  redis.call('ZREM', KEYS[1], unpack(page))
  offset = offset + 100
end

-- Exits by return or error (in functions: the code after them is
-- unreachable).
local function drain(key)
  while true do
    local v = redis.call('LPOP', key)
    if not v then
      return 0
    end
  end
end

local function waitGone(key)
  repeat
    if redis.call('EXISTS', key) == 0 then
      error('gone')
    end
  until false
end

-- assert raises when the value is missing.
local function consume(key)
  while true do
    local job = redis.call('RPOP', key)
    assert(job, 'queue empty')
  end
end

-- A function defined here that raises.
local function fail(msg)
  error(msg)
end
local function take(key)
  while true do
    local x = redis.call('LPOP', key)
    if not x then
      fail('empty')
    end
  end
end

-- A generator: the coroutine yields.
local gen = coroutine.wrap(function()
  local k = 0
  while true do
    k = k + 1
    coroutine.yield(k)
  end
end)
gen()

-- Non-literal conditions.
local i = 0
while i < 10 do
  i = i + 1
end
repeat
  i = i - 1
until i == 0

-- Constant ranges.
for j = 1, 100 do
  redis.call('RPUSH', KEYS[5], j)
end
for j = 10, 1, -1 do
  redis.call('RPUSH', KEYS[5], j)
end

-- Loops over KEYS and ARGV: their size is the caller's.
for k = 1, #KEYS do
  redis.call('DEL', KEYS[k])
end
for k = 2, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[k - 1], ARGV[k])
end
for _, key in ipairs(KEYS) do
  redis.call('DEL', key)
end

-- A table the script built.
local list = {}
for k = 1, 3 do
  list[#list + 1] = k
end
for k = 1, #list do
  redis.call('RPUSH', KEYS[5], list[k])
end

-- A loop over a reply does work in proportion to the read (unbounded-read
-- reports whole-collection reads).
local members = redis.call('SMEMBERS', KEYS[8])
for k = 1, #members do
  redis.call('SREM', KEYS[8], members[k])
end

-- A bounded read: its size is the range's.
local head = redis.call('LRANGE', KEYS[6], 0, 99)
for k = 1, #head do
  redis.call('SADD', KEYS[7], head[k])
end

-- Clamped with math.min.
local n = math.min(tonumber(ARGV[1]) or 0, 1000)
for k = 1, n do
  redis.call('RPUSH', KEYS[5], k)
end
for k = 1, math.min(redis.call('LLEN', KEYS[6]), 100) do
  redis.call('RPOP', KEYS[6])
end
local m = tonumber(ARGV[2])
m = math.min(m, 500)
for k = 1, m do
  redis.call('RPUSH', KEYS[5], k)
end

-- Clamped by an earlier check.
local count = tonumber(ARGV[3])
if not count or count > 1000 then
  return redis.error_reply('count must be at most 1000')
end
for k = 1, count do
  redis.call('RPUSH', KEYS[5], k)
end
local size = redis.call('LLEN', KEYS[6])
if size > 100 then
  size = 100
end
for k = 1, size do
  redis.call('RPOP', KEYS[6])
end

-- A break on the loop variable.
for k = 1, tonumber(ARGV[4]) do
  if k > 50 then
    break
  end
  redis.call('RPUSH', KEYS[5], k)
end

-- A window from an offset: offset + 9 is ten rounds whatever the offset.
local from = tonumber(ARGV[5])
for k = from, from + 9 do
  redis.call('RPUSH', KEYS[5], k)
end

-- A modulo bounds the value.
for k = 1, tonumber(ARGV[6]) % 100 do
  redis.call('RPUSH', KEYS[5], k)
end

-- Unknown direction: silent.
for k = 1, 10, tonumber(ARGV[7]) do
  redis.call('RPUSH', KEYS[5], k)
end

-- A parameter of unknown origin.
local function fill(key, times)
  for k = 1, times do
    redis.call('RPUSH', key, k)
  end
end
fill(KEYS[5], 3)

-- Cursor loops with another exit (a budget).
local cursor, rounds = '0', 0
repeat
  local r = redis.call('SSCAN', KEYS[8], cursor, 'COUNT', 100)
  cursor = r[1]
  rounds = rounds + 1
until cursor == '0' or rounds >= 10

local c = '0'
local seen = 0
while true do
  local r = redis.call('HSCAN', KEYS[9], c)
  c = r[1]
  seen = seen + #r[2]
  if seen >= 1000 then
    break
  end
  if c == '0' then
    break
  end
end

-- One SSCAN step: the caller keeps the cursor.
return redis.call('SSCAN', KEYS[8], ARGV[8], 'COUNT', 100)
