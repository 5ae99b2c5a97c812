local x <close> = nil -- want: syntax-error "Lua 5.2+"
return x
