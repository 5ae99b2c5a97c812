#!lua name=ga_cb
-- redis: error "Attempt to modify a readonly table"
-- redis-fcall: ga_cb_f
redis.register_function('ga_cb_f', function(keys, args)
  hits = 1 -- want: global-assignment
  return hits
end)
