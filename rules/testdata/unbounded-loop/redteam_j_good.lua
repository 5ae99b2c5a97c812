while true do
  local v = redis.call('LPOP', KEYS[1])
  if v == false then error('empty') end
end
