#!lua name=wbv
redis.register_function('f', function(keys, args)
  server.call('SET', keys[1], 'x')
  local ttl = tonumber(args[1])
  if ttl == nil then
    return server.error_reply('bad ttl') -- want: write-before-validation
  end
  return 1
end)
