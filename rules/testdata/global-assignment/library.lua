#!lua name=ga_lib
-- In a Functions library the globals are read-only at load time and in callbacks.
counter = 0 -- want: global-assignment
redis.register_function('ga_f', function(keys, args)
  hits = 1 -- want: global-assignment
  return hits
end)
