local function check(v)
  if not v then
    error('missing value')
    return redis.error_reply('missing value') -- want: unreachable-code "'error(...)' above always raises"
  end
  return v
end

local fail = error
local function check2(v)
  if v == '' then
    fail('empty')
    v = 'x' -- want: unreachable-code "'error(...)' above always raises"
    v = 'y'
  end
  return v
end

local function early()
  do return 1 end
  redis.call('SET', KEYS[1], 'x') -- want: unreachable-code "'do return end' above always returns"
end

local function both(v)
  if v then
    return 1
  else
    error('no')
  end
  return 2 -- want: unreachable-code "every branch of the 'if' above"
end

local function forever()
  while true do
    redis.call('INCR', KEYS[1])
  end
  return 0 -- want: unreachable-code "the loop above never ends"
end

local function asserted()
  assert(false, 'not implemented')
  return 1 -- want: unreachable-code "'assert(...)' above always raises"
end

for i = 1, 3 do
  do break end
  redis.call('INCR', KEYS[1]) -- want: unreachable-code "'do break end'"
end

check(ARGV[1])
check2(ARGV[2])
early()
both(ARGV[3])
forever()
asserted()
