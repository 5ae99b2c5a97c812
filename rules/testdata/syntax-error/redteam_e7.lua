local x = 1 << 2 -- want: syntax-error "Lua 5.2+"
return x
