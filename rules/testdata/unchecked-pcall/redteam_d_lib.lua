#!lua name=pc
redis.register_function('f', function(keys, args)
  local p = redis.pcall
  p('SET', keys[1], args[1]) -- want: unchecked-pcall
  local ok, e = pcall(redis.call, 'GET', keys[1])
  if not ok then return {err = e} end
  return e
end)
