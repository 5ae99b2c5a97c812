local function f()
  return 1
  redis.call("GET", KEYS[1]) -- want: syntax-error "'return' must be the last statement"
end
return f()
