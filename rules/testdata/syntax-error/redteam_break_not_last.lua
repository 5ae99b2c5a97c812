for i = 1, 2 do
  break
  redis.call("GET", KEYS[i]) -- want: syntax-error "do break end"
end
return 1
