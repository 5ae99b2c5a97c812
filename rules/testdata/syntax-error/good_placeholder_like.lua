-- Text that looks like a placeholder inside strings and patterns is Lua.
local trimmed = string.gsub(ARGV[1], '^%s+', '')
local msg = string.format('%s:%d', KEYS[1], 5)
local tag = '{user}:' .. ARGV[2]
return {trimmed, msg, tag, 10 % 3}
