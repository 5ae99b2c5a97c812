local offset = 0
while true do
  local page = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '+inf', 'LIMIT', offset, 100)
  if #page == 0 then break end
  offset = offset + 100
end
local i = 0
while true do
  i = i + 1
  if i > 10 then break end
end
repeat
  local v = redis.call('LPOP', KEYS[1])
until true
local done = false
while not done do
  done = redis.call('LLEN', KEYS[1]) == 0
end
while true do
  local item = redis.call('RPOP', KEYS[1])
  if not item then return 0 end
end
