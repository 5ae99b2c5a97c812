#!lua name=lib
local function f(keys, args)
  local x = tonumbr(args[1]) -- want: undefined-global "tonumber"
  local y = string.format("%d", 1)
  return cjsn.encode({}) -- want: undefined-global "cjson"
end
redis.register_function('f', f)
