#!lua name=sv_lib
-- Same sandbox in libraries, at load time and in callbacks.
local f = io.open('x') -- want: sandbox-violation
redis.register_function('sv_f', function(keys, args)
  print(args[1]) -- want: sandbox-violation
  return os.time() -- want: sandbox-violation
end)
