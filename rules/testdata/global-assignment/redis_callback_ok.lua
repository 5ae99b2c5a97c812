#!lua name=ga_cb_ok
-- redis: reply int:1
-- redis-fcall: ga_cb_ok_f
local hits = 0
redis.register_function('ga_cb_ok_f', function(keys, args)
  local t = {}
  t.x = 1
  return t.x
end)
