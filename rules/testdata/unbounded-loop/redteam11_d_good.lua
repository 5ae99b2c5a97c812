while true do
  local v = redis.call('LPOP', KEYS[1])
  if not v then
    return redis.error_reply('queue empty')
  end
  assert(v ~= 'poison', 'poison message')
end
