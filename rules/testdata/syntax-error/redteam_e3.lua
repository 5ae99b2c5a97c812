local x = 5 & 3 -- want: syntax-error "Lua 5.2+"
return x
