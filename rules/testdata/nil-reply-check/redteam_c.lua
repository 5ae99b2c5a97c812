#!lua name=nr
-- fixture: redis-version=valkey-8.0
redis.register_function('f', function(keys, args)
  local st = server.call('SET', keys[1], args[1])
  if st == 'OK' then return 1 end -- want: nil-reply-check
  local v = server.call('GET', keys[1])
  if v == nil then return 2 end -- want: nil-reply-check
  return 0
end)
