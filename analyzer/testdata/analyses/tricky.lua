-- Aliases, shadowing and control flow the analyses must get right.
local r = redis
local call = r.call
local cmd = 'set'
local function save(k, v)
  call(cmd, k, v)
end

local function check(v)
  if not tonumber(v) then
    error({err = 'ERR not a number'})
  end
  return tonumber(v)
end

save(KEYS[1], ARGV[1])
local amount = check(ARGV[2])
local total = 0
for i, k in ipairs(KEYS) do
  total = total + redis.call('INCRBY', k, amount)
end
local dest = KEYS[1] .. ':sum'
redis.call('SET', dest, total)
redis.call(ARGV[3], KEYS[2])
local ok, res = pcall(redis.call, 'GET', 'config:' .. ARGV[4])
while true do
  local v = redis.call('RPOP', KEYS[3])
  if not v then
    break
  end
end
repeat
  redis.call('PING')
until false
return total
