#!lua name=tn2
local function f(keys, args)
  local a = args
  if a[1] > 0 then return 1 end -- want: argv-tonumber
  local x = args[2]
  for i = 1, x do end -- want: argv-tonumber
  return math.abs(args[3]) -- want: argv-tonumber
end
redis.register_function{function_name = 'f', callback = f}
-- fixture: option report-coercion=true
