#!lua name=lib
redis.register_function('f', function(keys, args)
  print(args[1]) -- want: sandbox-violation
  return os.date() -- want: sandbox-violation
end)
