for i = 1, 3 do
  if i == 2 then goto continue end -- want: syntax-error "goto"
  redis.call("GET", KEYS[1])
  ::continue::
end
return 1
