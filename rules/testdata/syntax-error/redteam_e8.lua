local x <const> = 5 -- want: syntax-error "Lua 5.2+"
return x
