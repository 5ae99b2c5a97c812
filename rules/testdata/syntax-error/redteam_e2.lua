local x = 7 // 2 -- want: syntax-error "(Lua 5.3) is Lua 5.2+ syntax: Redis runs Lua 5.1"
return x
